import { describe, expect, it } from "vitest";
import { CERTAINTY, type CertaintyInput, estimateRange } from "../../src/analysis/index.ts";
import { quotePriceRange } from "../../src/shared/quote.ts";

/** A 40 × 30 × 20 mm part of 20 g, 90 minutes, watertight, one body: what the corpus is made of. */
const usual: CertaintyInput = {
  watertight: true,
  boundaryEdges: 0,
  shells: 1,
  volumeMm3: 16_000,
  surfaceAreaMm2: 5_200,
  size: { x: 40, y: 30, z: 20 },
  overhangProjectedMm2: 0,
  estimate: { grams: 20, minutes: 90, supports: false },
};

describe("how sure an estimate is (estimateRange)", () => {
  it.each<[string, Partial<CertaintyInput>, "typical" | "less-certain", string[]]>([
    ["a usual part", {}, "typical", []],
    [
      "with supports: wider, yet as sure as supports usually are",
      { estimate: { grams: 20, minutes: 90, supports: true } },
      "typical",
      ["supports"],
    ],
    ["an open mesh", { watertight: false, boundaryEdges: 40 }, "less-certain", ["open_mesh"]],
    [
      "a tiny part (1 g, 8 mm)",
      { size: { x: 8, y: 8, z: 5 }, volumeMm3: 250, surfaceAreaMm2: 260, estimate: { grams: 1, minutes: 12, supports: false } },
      "less-certain",
      ["tiny"],
    ],
    [
      "a small part with supports",
      { size: { x: 12, y: 10, z: 14 }, volumeMm3: 900, surfaceAreaMm2: 700, estimate: { grams: 2.5, minutes: 25, supports: true } },
      "less-certain",
      ["tiny", "supports"],
    ],
    ["a part of 40 bodies (the corpus has at most 6)", { shells: 40 }, "less-certain", ["unusual_shape"]],
  ])("%s", (_what, over, level, reasons) => {
    const r = estimateRange({ ...usual, ...over });
    expect(r.level).toBe(level);
    expect(r.reasons).toEqual(reasons);
    const e = { ...usual, ...over }.estimate;
    expect(r.grams.low).toBeLessThan(e.grams);
    expect(r.grams.high).toBeGreaterThan(e.grams);
    expect(r.minutes.low).toBeLessThanOrEqual(e.minutes);
    expect(r.minutes.high).toBeGreaterThan(e.minutes);
    expect(r.grams.high - r.grams.low).toBeGreaterThanOrEqual(2 * CERTAINTY.minGrams - 0.011);
  });

  it("is as wide as the calibration's 90th percentile for a usual part, wider for each reason", () => {
    const r = estimateRange(usual);
    expect(r.spread.grams).toBeCloseTo(CERTAINTY.grams, 3);
    expect(r.grams).toEqual({ low: 20 - 20 * CERTAINTY.grams, high: 20 + 20 * CERTAINTY.grams });
    const open = estimateRange({ ...usual, watertight: false, boundaryEdges: 40 });
    expect(open.spread.grams).toBeCloseTo(Math.hypot(CERTAINTY.grams, CERTAINTY.openMesh), 3);
  });

  it("the price at both ends of the range, on the same printer and choices", () => {
    const range = estimateRange({ ...usual, watertight: false, boundaryEdges: 40 });
    const design = { estimatedWeight: 20, printTimeMinutes: 90, numberOfColors: 1, range };
    const p = quotePriceRange(design, { material: "PLA", deliveryMethod: "pickup" })!;
    // 20 g of PLA at $20/kg: base $0.80 + 15 % + $2.00 = $2.92; the ends move with the grams only
    expect(p.lowCents).toBeLessThan(292);
    expect(p.highCents).toBeGreaterThan(292);
    expect(quotePriceRange({ ...design, range: null }, { material: "PLA", deliveryMethod: "pickup" })).toBeNull();
  });
});
