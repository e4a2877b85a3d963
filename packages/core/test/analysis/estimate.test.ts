import { describe, expect, it } from "vitest";
import {
  analyzeDesign,
  describeEstimate,
  estimatePrint,
  MATERIALS,
  measureDesign,
  normaliseMaterial,
  qualityFor,
} from "../../src/analysis/index.ts";
import { analysisSchema, geometrySchema } from "../../src/analysis/schema.ts";
import { priceJob } from "../../src/shared/pricing.ts";
import { binaryStl, box, cube, cube3mf } from "./fixtures.ts";

const tShape = () => binaryStl([...box(15, 0, 0, 10, 10, 20), ...box(0, 0, 20, 40, 10, 5)]);

describe("units", () => {
  it("flags a tiny STL with the likely unit and the size it would have", () => {
    const a = analyzeDesign(binaryStl(cube(2)), "tiny.stl");
    expect(a.units).toMatchObject({ detected: "cm", suggestedScale: 10, needsConfirmation: true });
    expect(a.units.sizeIfRescaled).toEqual({ x: 20, y: 20, z: 20 });
    expect(a.units.alternatives.map((c) => c.unit)).toContain("in");
    expect(a.warnings[0]).toContain("centimetres");
    const full = analyzeDesign(binaryStl(cube(20)), "cube.stl");
    expect(a.units.estimateIfRescaled?.estimatedWeight).toBeCloseTo(full.estimatedWeight, 0);
  });
  it("reads a model in metres as metres", () => {
    const a = analyzeDesign(binaryStl(box(0, 0, 0, 0.15, 0.1, 0.12)), "m.stl");
    expect(a.units).toMatchObject({ detected: "m", suggestedScale: 1000, needsConfirmation: true });
  });
  it("a model in metres rescaled by the customer measures what it measures read as metres (stored figures keep their digits)", () => {
    const bytes = binaryStl(box(0, 0, 0, 0.02, 0.03, 0.04)); // 20 × 30 × 40 mm drawn in metres
    const stored = JSON.parse(JSON.stringify(geometrySchema.parse(measureDesign(bytes, "m.stl")))) as ReturnType<typeof measureDesign>;
    const rescaled = describeEstimate(stored, { scale: 1000 });
    const asMetres = analyzeDesign(bytes, "m.stl", { unitOverride: "m" });
    expect(asMetres.volume).toBeCloseTo(24, 6);
    // three decimals of a "millimetre" stored 0.000024 mm³ as 0: the rescaled part had no volume
    expect(rescaled.volume).toBeCloseTo(24, 3);
    expect(rescaled.surfaceArea).toBeCloseTo(asMetres.surfaceArea, 3);
    expect(rescaled.boundingBox).toEqual(asMetres.boundingBox);
  });
  it("flags a model over a metre", () => {
    const a = analyzeDesign(binaryStl(box(0, 0, 0, 2000, 100, 100)), "big.stl");
    expect(a.units.needsConfirmation).toBe(true);
    expect(a.units.suggestedScale).toBe(0.1);
  });
  it("a plausible size or the customer's scale needs no confirmation", () => {
    expect(analyzeDesign(binaryStl(cube(20)), "c.stl").units.needsConfirmation).toBe(false);
    const scaled = analyzeDesign(binaryStl(cube(2)), "tiny.stl", { scale: 10 });
    expect(scaled.units.needsConfirmation).toBe(false);
    expect(scaled.boundingBox).toEqual({ x: 20, y: 20, z: 20 });
    expect(analyzeDesign(binaryStl(cube(2)), "tiny.stl", { unitOverride: "cm" }).units.needsConfirmation).toBe(false);
  });
  it("a 3MF's declared unit is trusted", () => {
    const a = analyzeDesign(cube3mf("centimeter", 2), "c.3mf");
    expect(a.units).toMatchObject({ source: "3mf", needsConfirmation: false });
    expect(a.volume).toBe(8);
  });
});

describe("estimate", () => {
  it("re-prices stored geometry without re-parsing, identically", () => {
    const g = measureDesign(tShape(), "t.stl");
    const stored = JSON.parse(JSON.stringify(geometrySchema.parse(g))) as typeof g;
    expect(estimatePrint(stored, { infill: 30 })).toEqual(estimatePrint(g, { infill: 30 }));
    expect(describeEstimate(stored, { material: "ABS" })).toEqual(analyzeDesign(tShape(), "t.stl", { material: "ABS" }));
    expect(() => analysisSchema.parse(describeEstimate(stored))).not.toThrow();
  });
  it("responds to settings the way a slicer does", () => {
    const g = measureDesign(binaryStl(cube(30)), "c.stl");
    const e = (s: Parameters<typeof estimatePrint>[1]) => estimatePrint(g, s);
    expect(e({ infill: 20 }).grams).toBeGreaterThan(e({ infill: 15 }).grams);
    expect(e({ infill: 100 }).grams).toBeLessThanOrEqual(27 * MATERIALS.PLA.density * 1.15);
    expect(e({ layerHeight: 0.1 }).seconds).toBeGreaterThan(e({ layerHeight: 0.3 }).seconds * 1.5);
    const pla = e({ material: "PLA" }).grams,
      petg = e({ material: "PETG" }).grams;
    expect(petg / pla).toBeCloseTo(MATERIALS.PETG.density / MATERIALS.PLA.density, 2);
    const twice = e({ scale: 2 }).grams;
    expect(twice).toBeGreaterThan(pla * 3.5);
    expect(twice).toBeLessThan(pla * 8);
    // 30 mm cube, 15 %: about 8–10 g in PrusaSlicer
    expect(pla).toBeGreaterThan(7);
    expect(pla).toBeLessThan(11);
  });
  it("adds supports under overhangs only when asked or needed", () => {
    const g = measureDesign(tShape(), "t.stl");
    expect(g.supportsNeeded).toBe(true);
    const no = estimatePrint(g, { supports: "no" }),
      auto = estimatePrint(g, { supports: "auto" }),
      yes = estimatePrint(g, { supports: "yes" });
    expect(no.supports).toBe(false);
    expect(auto.supports).toBe(true);
    expect(yes.grams).toBeGreaterThan(no.grams);
    expect(yes.gramsBreakdown.supports).toBeGreaterThan(0);
    const cubeG = measureDesign(binaryStl(cube()), "c.stl");
    expect(estimatePrint(cubeG, { supports: "auto" }).supports).toBe(false);
  });
  it("stays bounded for absurd sizes", () => {
    const g = measureDesign(binaryStl(box(0, 0, 0, 1, 1, 3e7)), "needle.stl");
    const t0 = performance.now();
    const e = estimatePrint(g, { layerHeight: 0.05 });
    expect(performance.now() - t0).toBeLessThan(500);
    expect(Number.isFinite(e.grams) && Number.isFinite(e.seconds)).toBe(true);
  });
});

describe("materials", () => {
  it("densities and quality here; the material cost in integer cents at pricing's filament price", () => {
    const g = measureDesign(binaryStl(cube(20)), "c.stl");
    for (const [material, perKgCents] of [
      ["PLA", 2000],
      ["PETG", 2800],
      ["ABS", 2500],
      ["TPU", 3500],
      ["nylon", 2000],
    ] as const) {
      const a = describeEstimate(g, { material });
      expect(Number.isInteger(a.materialCostCents)).toBe(true);
      expect(a.materialCostCents).toBe(Math.round((a.estimatedWeight * perKgCents) / 1000));
      expect(a.materialCostCents).toBe(priceJob({ grams: a.estimatedWeight, material }).materialCostCents);
    }
    expect(normaliseMaterial("TPU (Flexible)")).toBe("TPU");
    expect(normaliseMaterial("wood")).toBe("WOOD");
    expect([qualityFor(0.15), qualityFor(0.2), qualityFor(0.25), qualityFor(0.12), qualityFor(0.3)]).toEqual([0.1, 0.2, 0.3, 0.1, 0.3]);
  });
});
