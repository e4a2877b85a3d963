import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { binaryStl } from "../../calibration/builders.ts";
import { CORPUS, FAMILIES } from "../../calibration/corpus.ts";
import { readTable } from "../../calibration/table.ts";
import { estimatePrint, measureDesign } from "../../src/analysis/index.ts";

/**
 * The committed corpus table (PrusaSlicer 2.5.0's figures for the designs calibration/corpus.ts
 * makes) against the shipped model, on a sample of rows: no slicer needed. `npm run calibrate`
 * gives the full picture (every row, leave-one-family-out, the held-out real files).
 */
const table = readTable(readFileSync(join(__dirname, "../../calibration/reference.tsv"), "utf8"));
const quant = (xs: number[], q: number) => {
  const s = xs.map(Math.abs).sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) * q)]!;
};

describe("calibration corpus", () => {
  it("is at least 300 designs in many shape families, each sliced by PrusaSlicer", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(300);
    expect(FAMILIES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(CORPUS.map((d) => d.id)).size).toBe(CORPUS.length);
    expect(new Set(table.map((r) => r.id)).size).toBeGreaterThanOrEqual(300);
  });

  it("generates the same meshes the table was sliced from (deterministic)", () => {
    // a design made twice is the same mesh (no random draw inside make(): one there made 56 designs
    // slice at other sizes than calibrate measured)
    // (every 8th design, leaving out the families meshed from distance fields: seconds each to make)
    const slow = new Set(["scan", "strut", "figurine", "blob", "bowl", "groove", "lattice", "roundbox"]);
    for (const d of CORPUS.filter((x, i) => i % 8 === 0 && !slow.has(x.family)))
      expect(binaryStl(d.make()), d.id).toEqual(binaryStl(d.make()));
    for (const r of table.filter((_, i) => i % 40 === 0)) {
      const d = CORPUS.find((x) => x.id === r.id);
      expect(d, r.id).toBeDefined();
      expect(binaryStl(d!.make()).length, r.id).toBe(84 + 50 * r.triangles);
    }
  }, 240_000);

  it("the shipped model tracks the slicer on a sample of the corpus (grams with a 2 g floor, minutes)", () => {
    // every 15th design of the corpus, at every setting the table has for it: the sample stays the
    // same designs as passes are added to the table
    const picked = new Set(CORPUS.filter((_, i) => i % 15 === 0).map((d) => d.id));
    const sample = table.filter((r) => picked.has(r.id) && Number.isFinite(r.grams));
    const geoms = new Map<string, ReturnType<typeof measureDesign>>();
    const g: number[] = [],
      t: number[] = [];
    for (const r of sample) {
      if (!geoms.has(r.id)) geoms.set(r.id, measureDesign(binaryStl(CORPUS.find((x) => x.id === r.id)!.make()), `${r.id}.stl`));
      const e = estimatePrint(geoms.get(r.id)!, {
        infill: r.infill,
        supports: r.supports ? "yes" : "no",
        layerHeight: 0.2,
        material: "PLA",
      });
      if (!r.supports) g.push((e.grams - r.grams) / Math.max(r.grams, 2));
      t.push((e.seconds - r.seconds) / r.seconds);
    }
    expect(g.length).toBeGreaterThan(12);
    expect(quant(g, 0.5)).toBeLessThan(0.03);
    expect(quant(g, 0.9)).toBeLessThan(0.1);
    expect(quant(t, 0.5)).toBeLessThan(0.1);
  });
});
