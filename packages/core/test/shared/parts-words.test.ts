import { describe, expect, it } from "vitest";
import {
  copiesInWords,
  isProjectOf,
  partCountsOf,
  projectFileName,
  QUANTITY_WORDS,
  quantityProblem,
  SCALE_WORDS,
  scalePercentProblem,
} from "../../src/shared/parts.ts";

describe("a project's words and bounds (issue 22)", () => {
  it.each([
    [["bracket.stl"], "bracket.stl"],
    [["bracket.stl", "lid.stl", "pin.stl"], "bracket.stl + 2 more"],
    [[], "design"],
  ])("names %j as %s", (names, expected) => expect(projectFileName(names)).toBe(expected));

  it.each([
    [[{ quantity: 1 }], "1 copy of 1 part"],
    [[{ quantity: 3 }, { quantity: 1 }, { quantity: 12 }], "16 copies of 3 parts"],
  ])("counts %j as %s", (parts, expected) => expect(copiesInWords(parts)).toBe(expected));

  // A list's copy of an order carries the counts, not every part (orders/list-item.ts): the same words.
  it.each([
    [{ partCount: 1, copyCount: 1 }, "1 copy of 1 part", false],
    [{ partCount: 1, copyCount: 5 }, "5 copies of 1 part", true],
    [{ partCount: 20, copyCount: 47 }, "47 copies of 20 parts", true],
  ])("counts %j as %s (a project: %s)", (counts, words, project) => {
    expect(copiesInWords(counts)).toBe(words);
    expect(isProjectOf(counts)).toBe(project);
  });

  it("counts parts and copies as a list gives them", () =>
    expect(partCountsOf([{ quantity: 3 }, { quantity: 1 }, { quantity: 12 }])).toEqual({ partCount: 3, copyCount: 16 }));

  it.each([
    [1, null],
    [1000, null],
    [0, QUANTITY_WORDS],
    [1001, QUANTITY_WORDS],
    [2.5, QUANTITY_WORDS],
    [Number.NaN, QUANTITY_WORDS],
  ])("quantity %s: %s", (q, expected) => expect(quantityProblem(q)).toBe(expected));

  it.each([
    [100, null],
    [0.1, null],
    [100_000, null],
    [25.4, null],
    [0.05, SCALE_WORDS],
    [100_001, SCALE_WORDS],
    [Number.NaN, SCALE_WORDS],
    [Number.POSITIVE_INFINITY, SCALE_WORDS],
  ])("scale %s%%: %s", (percent, expected) => expect(scalePercentProblem(percent)).toBe(expected));

  it("says the bounds in words", () => {
    expect(QUANTITY_WORDS).toBe("Quantity must be a whole number from 1 to 1,000.");
    expect(SCALE_WORDS).toBe("Scale must be a percent from 0.1 to 100,000.");
  });
});
