import { describe, expect, it } from "vitest";
import { sameMaterial } from "../../src/shared/compatibility.ts";
import { ORDER_MATERIAL_VALUES, ORDER_MATERIALS, PRINTER_MATERIALS } from "../../src/shared/materials.ts";
import { FILAMENT_PRICE_PER_KG_CENTS, filamentPricePerKgCents } from "../../src/shared/pricing.ts";
import { listInWords, thousands } from "../../src/shared/words.ts";

describe("the materials' one list", () => {
  it("names each material once, the order materials first", () => {
    for (const [i, m] of PRINTER_MATERIALS.entries()) {
      expect(
        PRINTER_MATERIALS.findIndex((n) => sameMaterial(n, m)),
        m,
      ).toBe(i);
    }
    expect(PRINTER_MATERIALS.slice(0, ORDER_MATERIAL_VALUES.length)).toEqual(ORDER_MATERIAL_VALUES);
  });

  it("prices every order material, and only those, from its own entry", () => {
    expect(FILAMENT_PRICE_PER_KG_CENTS).toEqual({ PLA: 2000, PETG: 2800, ABS: 2500, TPU: 3500 });
    for (const m of ORDER_MATERIALS) expect(filamentPricePerKgCents(m.label)).toBe(m.pricePerKgCents);
  });
});

describe("listInWords", () => {
  it.each([
    [[], "or", ""],
    [["PLA"], "or", "PLA"],
    [["STL", "OBJ"], "and", "STL and OBJ"],
    [["PLA", "PETG", "ABS", "TPU"], "or", "PLA, PETG, ABS or TPU"],
  ] as const)("%j %s → %s", (names, conjunction, text) => {
    expect(listInWords(names, conjunction)).toBe(text);
  });
});

describe("thousands", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [5000, "5,000"],
    [52428800, "52,428,800"],
  ])("%d → %s", (n, text) => {
    expect(thousands(n)).toBe(text);
  });
});
