import { describe, expect, it } from "vitest";
import { judgeDimension, judgeMeasurements, TEST_DIMENSIONS, TEST_PIECE_STEPS, toleranceMm } from "../../src/shared/quality-test.ts";

describe("the quality test's tolerance: ±0.5 mm or 1% of the nominal size, the larger", () => {
  it.each([
    [5, 0.5],
    [20, 0.5],
    [50, 0.5],
    [50.01, 0.5],
    [60, 0.6],
    [100, 1],
    [123.4, 1.23],
    [250, 2.5],
  ])("a %s mm dimension is held to ±%s mm", (nominal, tolerance) => {
    expect(toleranceMm(nominal)).toBe(tolerance);
  });

  it.each([
    // nominal, measured, deviation, within
    [50, 50, 0, true],
    [50, 50.5, 0.5, true],
    [50, 49.5, -0.5, true],
    [50, 50.51, 0.51, false],
    [50, 49.49, -0.51, false],
    [10, 10.3, 0.3, true],
    [10, 9.4, -0.6, false],
    [4, 4.5, 0.5, true],
    [4, 3.49, -0.51, false],
    [120, 121.2, 1.2, true],
    [120, 121.21, 1.21, false],
    [120, 118.8, -1.2, true],
    // A caliper reads hundredths: floating point never decides the edge (0.1 + 0.2 style sums).
    [20.1, 20.6, 0.5, true],
    [35, 35.499999, 0.5, true],
  ])("nominal %s mm, measured %s mm: off by %s mm, within = %s", (nominal, measured, deviation, within) => {
    const judged = judgeDimension("A", nominal, measured);
    expect(judged.deviationMm).toBe(deviation);
    expect(judged.withinTolerance).toBe(within);
  });

  it("judges every dimension of the test piece in its order, and says whether all are within", () => {
    const exact = Object.fromEntries(TEST_DIMENSIONS.map((d) => [d.key, d.nominalMm])) as Parameters<typeof judgeMeasurements>[0];
    const perfect = judgeMeasurements(exact);
    expect(perfect.results.map((r) => r.key)).toEqual(["A", "B", "C", "D", "E", "F", "G", "H"]);
    expect(perfect.allWithinTolerance).toBe(true);
    const squished = judgeMeasurements({ ...exact, G: 3.3 });
    expect(squished.allWithinTolerance).toBe(false);
    expect(squished.results.find((r) => r.key === "G")).toMatchObject({
      nominalMm: 4,
      measuredMm: 3.3,
      deviationMm: -0.7,
      withinTolerance: false,
    });
  });

  it("asks for distinct sizes on X and Y at each step, and two heights, from the piece's own steps", () => {
    for (const step of TEST_PIECE_STEPS) expect(step.x).not.toBe(step.y);
    const byAxis = (axis: string) => TEST_DIMENSIONS.filter((d) => d.axis === axis).map((d) => d.nominalMm);
    expect(byAxis("X")).toEqual(TEST_PIECE_STEPS.map((s) => s.x));
    expect(byAxis("Y")).toEqual(TEST_PIECE_STEPS.map((s) => s.y));
    expect(byAxis("Z")).toEqual([TEST_PIECE_STEPS[0]!.z1, TEST_PIECE_STEPS.at(-1)!.z1]);
  });
});
