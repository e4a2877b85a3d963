import { describe, expect, it } from "vitest";
import {
  centsToDecimal,
  fallbackWeightGrams,
  filamentPricePerKgCents,
  priceJob,
  WEIGHT_TIERS,
  weightTier,
} from "../../src/shared/pricing.ts";

describe("priceJob (docs/architecture.md Pricing)", () => {
  // grams, material, pricePerGram, colours, minutes, delivery → material, base, multicolour, time, subtotal, fee, customerPays, total
  it.each([
    // 100 g PLA: material 2.00, base 4.00, fee 15% of 4.00 + 2.00 = 2.60, pays 6.60
    [100, "PLA", null, 1, 60, "pickup", 200, 400, 0, 0, 400, 260, 660, 660],
    // PETG 28/kg: 50 g → 1.40, base 2.80, fee 0.42 + 2 = 2.42
    [50, "PETG", null, 1, 90, "pickup", 140, 280, 0, 0, 280, 242, 522, 522],
    // ABS 25/kg, local delivery +5.00
    [200, "ABS", null, 1, 120, "delivery", 500, 1000, 0, 0, 1000, 350, 1350, 1850],
    // TPU 35/kg: 10 g → 0.35, base 0.70, fee 0.105→0.11 + 2 = 2.11
    [10, "TPU", null, 1, 30, "pickup", 35, 70, 0, 0, 70, 211, 281, 281],
    // unknown material: default 20/kg
    [100, "Nylon", null, 1, 60, "pickup", 200, 400, 0, 0, 400, 260, 660, 660],
    // 3 colours, 90 min: +4.00 colours, 6 blocks × 0.50 = 3.00; subtotal 9.00, fee 1.35 + 2 = 3.35
    [50, "PLA", null, 3, 90, "pickup", 100, 200, 400, 300, 900, 335, 1235, 1235],
    // started 15-minute blocks: 61 min = 5 blocks
    [50, "PLA", null, 2, 61, "pickup", 100, 200, 200, 250, 650, 298, 948, 948],
    // one colour: no time premium however long
    [50, "PLA", null, 1, 600, "pickup", 100, 200, 0, 0, 200, 230, 430, 430],
    // chosen printer's price per gram replaces the material price: 0.08 $/g = 80 $/kg
    [100, "PLA", 0.08, 1, 60, "pickup", 800, 1600, 0, 0, 1600, 440, 2040, 2040],
    // 0.065 $/g (Harmony Road) 37.5 g → 2.4375 → 2.44
    [37.5, "PLA", 0.065, 1, 60, "shipping", 244, 488, 0, 0, 488, 273, 761, 1281], // shipping from the rate table: 1 lb to the nearest zone, USPS Ground Advantage 5.20
    // zero grams: only the fixed fee
    [0, "PLA", null, 1, 60, "pickup", 0, 0, 0, 0, 0, 200, 200, 200],
  ] as const)(
    "%s g %s (printer %s $/g), %s colours, %s min, %s",
    (grams, material, pricePerGram, colors, minutes, delivery, mat, base, multi, time, sub, fee, pays, total) => {
      const p = priceJob({ grams, material, pricePerGram, numberOfColors: colors, printTimeMinutes: minutes, deliveryMethod: delivery });
      expect([
        p.materialCostCents,
        p.basePrintCostCents,
        p.multicolorPremiumCents,
        p.timePremiumCents,
        p.subtotalCents,
        p.platformFeeCents,
        p.customerPaysCents,
        p.totalCents,
      ]).toEqual([mat, base, multi, time, sub, fee, pays, total]);
      expect(p.printerProfitCents).toBe(p.subtotalCents);
      expect(p.customerPaysCents).toBe(p.subtotalCents + p.platformFeeCents);
    },
  );

  it("defaults to one colour and 60 minutes", () => {
    const p = priceJob({ grams: 100, numberOfColors: 2 });
    expect(p.timePremiumCents).toBe(4 * 50);
    expect(priceJob({ grams: 100 }).multicolorPremiumCents).toBe(0);
  });

  it("never returns fractions of a cent", () => {
    for (let g = 0; g < 500; g += 0.7) {
      const p = priceJob({ grams: g, pricePerGram: 0.0713, numberOfColors: 2, printTimeMinutes: g });
      for (const v of [p.materialCostCents, p.platformFeeCents, p.totalCents]) expect(Number.isInteger(v)).toBe(true);
    }
  });
});

describe("filament price per kg", () => {
  it.each([
    ["PLA", undefined, 2000],
    ["PETG", undefined, 2800],
    ["ABS", undefined, 2500],
    ["TPU", undefined, 3500],
    ["TPU (Flexible)", undefined, 3500],
    ["pla", undefined, 2000],
    ["Resin", undefined, 2000],
    [undefined, undefined, 2000],
    ["PETG", 0.12, 12000],
    ["PETG", 0, 2800],
  ] as const)("%s with printer price %s → %s¢", (material, ppg, cents) => {
    expect(filamentPricePerKgCents(material, ppg)).toBe(cents);
  });
});

describe("weightTier (spec 1 §9)", () => {
  it.each([
    [0, "0-25g", 49, 49],
    [25, "0-25g", 49, 49],
    [25.4, "0-25g", 49, 49],
    [25.5, "26-50g", 79, 79],
    [26, "26-50g", 79, 79],
    [50, "26-50g", 79, 79],
    [51, "51-100g", 99, 99],
    [100, "51-100g", 99, 99],
    [101, "101-150g", 129, 119],
    [150, "101-150g", 129, 119],
    [151, "151-200g", 159, 139],
    [201, "201-250g", 199, 149],
    [250, "201-250g", 199, 149],
    [251, "251-500g", 399, 299],
    [500, "251-500g", 399, 299],
    [501, "501-750g", 499, 349],
    [751, "751-1000g", 599, 399],
    [1000, "751-1000g", 599, 399],
    [5000, "751-1000g", 599, 399],
  ] as const)("%s g is %s", (g, label, printer, platform) => {
    const t = weightTier(g);
    expect([t.label, t.printerFeeCents, t.platformFeeCents]).toEqual([label, printer, platform]);
  });

  it("tiers are contiguous whole-gram ranges", () => {
    WEIGHT_TIERS.forEach((t, i) => {
      if (i > 0) expect(t.min).toBe(WEIGHT_TIERS[i - 1]!.max + 1);
    });
  });
});

describe("money and fallback", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [1234, "12.34"],
    [100000, "1000.00"],
    [-250, "-2.50"],
  ])("%s¢ is %s", (c, s) => expect(centsToDecimal(c)).toBe(s));

  it.each([
    [1_048_576, "stl", 209.7],
    [1_048_576, "3mf", 131.1],
    [1_048_576, "obj", 349.5],
    [100, "stl", 1],
  ] as const)("size-based estimate of %s bytes %s is %s g", (bytes, format, grams) => {
    expect(fallbackWeightGrams(bytes, format)).toBe(grams);
  });
});
