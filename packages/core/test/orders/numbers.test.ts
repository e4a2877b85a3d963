import { describe, expect, it } from "vitest";
import { formatOrderNumber, parseOrderNumber, parsePrinterNumber } from "../../src/refs/numbers.ts";

describe("order and printer numbers (issue 14)", () => {
  it.each([
    ["PH-10423", 10423],
    ["ph-10423", 10423],
    ["PH10423", 10423],
    ["#10423", 10423],
    [" 10423 ", 10423],
    ["PH-", null],
    ["PH-10423x", null],
    ["3f0c9a52-1111-4111-8111-111111111111", null],
    ["", null],
  ])("order reference %j → %j", (ref, n) => expect(parseOrderNumber(ref)).toBe(n));

  it.each([
    ["#12", 12],
    ["12", 12],
    [12, 12],
    [0, null],
    [1.5, null],
    ["P-12", null],
  ] as const)("printer reference %j → %j", (ref, n) => expect(parsePrinterNumber(ref)).toBe(n));

  it("formats as PH-number", () => {
    expect(formatOrderNumber(10001)).toBe("PH-10001");
    expect(formatOrderNumber(undefined)).toBeNull();
  });
});
