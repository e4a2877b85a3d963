import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCompatible, printerProblem } from "../../src/shared/compatibility.ts";
import { fitsBuildVolume } from "../../src/shared/fit.ts";
import { priceJob } from "../../src/shared/pricing.ts";
import { measureAtSettings, quoteDesign } from "../../src/shared/quote.ts";

const mm = fc.integer({ min: 1, max: 400 });

describe("one build-volume rule", () => {
  it("the finder's compatibility and submit-order's check agree on every size (the part may be turned)", () => {
    fc.assert(
      fc.property(mm, mm, mm, mm, mm, mm, (x, y, z, bx, by, bz) => {
        const p = {
          name: "P",
          isAvailable: true,
          verified: true,
          buildVolumeX: bx,
          buildVolumeY: by,
          buildVolumeZ: bz,
          materials: ["PLA"],
        };
        const finder = isCompatible(p, { minX: x, minY: y, minZ: z });
        const submit = printerProblem(p, { material: "PLA", filamentColor: "Black", boundingBox: { x, y, z } });
        expect(finder).toBe(fitsBuildVolume({ x, y, z }, p));
        expect(submit?.code === "too_big_for_printer").toBe(!finder);
      }),
    );
  });

  it("names the printer and both sizes when a design does not fit", () => {
    const p = {
      name: "Mini",
      isAvailable: true,
      verified: true,
      buildVolumeX: 100,
      buildVolumeY: 100,
      buildVolumeZ: 100,
      materials: ["PLA"],
    };
    const e = printerProblem(p, { material: "PLA", filamentColor: "Black", boundingBox: { x: 120.04, y: 50, z: 10 } });
    expect(e?.status).toBe(409);
    expect(e?.message).toBe(
      "Your design (120 × 50 × 10 mm) does not fit Mini's build volume of 100 × 100 × 100 mm. Please choose a larger printer or scale the design down.",
    );
  });
});

describe("a printer that has not passed the quality test", () => {
  it.each([
    [{}, "printer_not_verified"],
    [{ verification: "awaiting_review" as const }, "printer_not_verified"],
    [{ verification: "verified" as const }, null],
    [{ verified: true }, null],
    [{ suspendedAt: "2026-01-01T00:00:00Z" }, "printer_suspended"],
  ])("%o: submit-order says %s before anything about the design", (flags, code) => {
    const p = { name: "New", isAvailable: false, buildVolumeX: 1, buildVolumeY: 1, buildVolumeZ: 1, materials: ["PLA"], ...flags };
    const e = printerProblem(p, { material: "PLA", filamentColor: "Black", boundingBox: { x: 5, y: 5, z: 5 } });
    expect(e?.code === "printer_offline" ? null : (e?.code ?? null)).toBe(code);
  });

  it("is named in the 409's sentence", () => {
    const e = printerProblem(
      { name: "Garage Prusa", isAvailable: true, buildVolumeX: 200, buildVolumeY: 200, buildVolumeZ: 200, materials: ["PLA"] },
      { material: "PLA", filamentColor: "Black" },
    );
    expect(e?.status).toBe(409);
    expect(e?.message).toBe("Garage Prusa has not passed the quality test yet, so it cannot take orders. Please choose another printer.");
  });
});

describe("one quote", () => {
  const design = { estimatedWeight: 120, printTimeMinutes: 200, numberOfColors: 2 };

  it("prices a design on a printer at the printer's price per gram as the filament price", () => {
    const q = quoteDesign(design, { material: "PETG", deliveryMethod: "delivery" }, { pricePerGram: 0.025 });
    expect(q.filamentCostPer1000gCents).toBe(2500);
    expect(q.materialCostCents).toBe(300);
    // base 6.00 + one extra colour 2.00 + 14 started quarter hours × 0.50 = 15.00; fee 15% + 2.00 = 4.25; delivery 5.00
    expect(q.subtotalCents).toBe(1500);
    expect(q.totalCents).toBe(1500 + 425 + 500);
    expect(q).toEqual(
      priceJob({ grams: 120, material: "PETG", pricePerGram: 0.025, numberOfColors: 2, printTimeMinutes: 200, deliveryMethod: "delivery" }),
    );
  });

  it("before a printer is chosen, prices at the material's filament price", () => {
    expect(quoteDesign(design, { material: "TPU", deliveryMethod: "pickup" }, null).filamentCostPer1000gCents).toBe(3500);
  });

  it("measures a design whose analysis failed with the spec's size-based estimate", () => {
    const m = measureAtSettings(null, { material: "PLA", quality: 0.2, infill: 20, supports: "auto" }, { bytes: 1_000_000, format: "stl" });
    expect(m).toEqual({
      estimatedWeight: 200,
      printTimeMinutes: 60,
      numberOfColors: 1,
      boundingBox: null,
      estimatedFromSize: true,
      range: null,
    });
  });
});
