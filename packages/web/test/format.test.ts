import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents, formatCount, formatGrams } from "../src/lib/format";

// The hand-written number formats (src/lib/format.ts) write what Intl.NumberFormat("en-US") writes.
const intl = {
  grams: new Intl.NumberFormat("en-US", { maximumFractionDigits: 1, useGrouping: false }),
  count: new Intl.NumberFormat("en-US"),
  money: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }),
};
// Weights, counts and amounts as the screens show them: two decimals at most, as the API sends them.
const values = fc.oneof(
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 100),
  fc.integer({ min: 0, max: 1_000_000_000 }),
  fc.double({ min: 0, max: 1e7, noNaN: true }),
);

describe("number formats", () => {
  it("write what Intl.NumberFormat en-US writes", () => {
    fc.assert(
      fc.property(values, (v) => {
        expect(formatGrams(v)).toBe(`${intl.grams.format(v)}g`);
        expect(formatCount(v)).toBe(intl.count.format(v));
      }),
      { numRuns: 2000 },
    );
  });

  it("write money in cents as Intl.NumberFormat en-US writes dollars", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(formatCents(cents)).toBe(intl.money.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it("on the usual cases", () => {
    expect(formatGrams(12.34)).toBe("12.3g");
    expect(formatGrams(25)).toBe("25g");
    expect(formatGrams(1234.56)).toBe("1234.6g");
    expect(formatCount(12345)).toBe("12,345");
    expect(formatCents(101250)).toBe("$1,012.50");
    expect(formatCents(-300)).toBe("-$3.00");
  });
});
