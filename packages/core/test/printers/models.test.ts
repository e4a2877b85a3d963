import { describe, expect, it } from "vitest";
import { DASHBOARD_MODELS, MODEL_PRESETS, pricePerGramFromSpool, stockImageFor } from "../../src/shared/printer-models.ts";

describe("price per gram from a spool (spec 2 §9)", () => {
  it.each([
    [20, 1000, 0.02],
    [24.99, 1000, 0.025],
    [19.99, 750, 0.0267],
    [25, 500, 0.05],
    [12.34, 250, 0.0494],
    [0, 1000, 0],
    [20, 0, 0],
  ])("$%s for %s g is %s per gram (4 decimals)", (cost, grams, expected) => {
    expect(pricePerGramFromSpool(cost, grams)).toBe(expected);
  });
});

describe("printer models", () => {
  it("has the dashboard's eight models and the add-printer screen's ten presets", () => {
    expect(DASHBOARD_MODELS.map((m) => m.name)).toEqual([
      "Bambu Lab P1S",
      "Bambu Lab A1 mini",
      "Prusa MK4",
      "Ender 3 V2",
      "Ender 3 S1",
      "Anycubic Kobra 2",
      "Qidi Tech X-Max 3",
      "Elegoo Neptune 4",
    ]);
    expect(MODEL_PRESETS).toHaveLength(10);
    expect(MODEL_PRESETS[0]).toMatchObject({ name: "Custom/Other", buildVolumeX: 0, materials: ["PLA"], pricePerGram: 0.1 });
    expect(MODEL_PRESETS.find((p) => p.name === "Prusa i3 MK3S+")).toMatchObject({
      buildVolumeX: 250,
      buildVolumeY: 210,
      buildVolumeZ: 210,
      pricePerGram: 0.15,
    });
  });

  it("finds a stock image by model name, else the default", () => {
    expect(stockImageFor("Prusa MK4")).toBe("/api/printer-images/prusa-mk4.svg");
    expect(stockImageFor("Creality Ender 3 V2")).toBe("/api/printer-images/ender-3-v2.svg");
    expect(stockImageFor("bambu lab a1 mini")).toBe("/api/printer-images/bambu-lab-a1-mini.svg");
    expect(stockImageFor("Formlabs Form 3 (Resin)")).toBe("/api/printer-images/default.svg");
  });
});
