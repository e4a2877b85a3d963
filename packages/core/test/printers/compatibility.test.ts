import { describe, expect, it } from "vitest";
import { type CompatiblePrinter, colorKey, type DesignNeeds, isCompatible } from "../../src/shared/compatibility.ts";

const printer: CompatiblePrinter = {
  buildVolumeX: 220,
  buildVolumeY: 220,
  buildVolumeZ: 250,
  materials: ["PLA", "PETG", "Wood Fill"],
  filamentInventory: [
    { material: "PLA", color: "Black", inStock: true },
    { material: "PLA", color: "Red", inStock: false },
    { material: "PLA", color: "Natural", inStock: true },
    { material: "PETG", color: "Grey", inStock: true },
  ],
};
const noInventory: CompatiblePrinter = { ...printer, filamentInventory: [] };

describe("compatibility rule (spec 1 §5)", () => {
  it.each<[string, CompatiblePrinter, DesignNeeds, boolean]>([
    ["no needs", printer, {}, true],
    ["fits exactly on every axis", printer, { minX: 220, minY: 220, minZ: 250 }, true],
    ["too small on X", printer, { minX: 221 }, false],
    ["too small on Y", printer, { minY: 221 }, false],
    ["too small on Z", printer, { minZ: 251 }, false],
    ["turned on the bed: X and Y swapped fit", { ...printer, buildVolumeX: 250, buildVolumeY: 210 }, { minX: 200, minY: 240 }, true],
    ["turned or not, too big on the bed", { ...printer, buildVolumeX: 250, buildVolumeY: 210 }, { minX: 240, minY: 240 }, false],
    ["material offered, any case", printer, { material: "pla" }, true],
    ["material with spacing", printer, { material: "wood  fill" }, true],
    ["material not offered", printer, { material: "ABS" }, false],
    ["colour in stock for the material", printer, { material: "PLA", color: "Black" }, true],
    ["colour listed but out of stock", printer, { material: "PLA", color: "Red" }, false],
    ["colour not listed for a material with inventory", printer, { material: "PLA", color: "Blue" }, false],
    ["Clear matches Natural", printer, { material: "PLA", color: "Clear" }, true],
    ["Natural/Clear matches Natural", printer, { material: "PLA", color: "Natural/Clear" }, true],
    ["Gray matches Grey", printer, { material: "PETG", color: "Gray" }, true],
    ["no inventory for the material: colour not held against it", printer, { material: "Wood Fill", color: "Red" }, true],
    ["no inventory at all: any colour", noInventory, { material: "PLA", color: "Purple" }, true],
    ["colour without material: any material's stock", printer, { color: "black" }, true],
    ["colour without material: nowhere in stock", printer, { color: "Red" }, false],
    ["everything at once", printer, { material: "PLA", color: "Black", minX: 200, minY: 200, minZ: 200 }, true],
    ["everything but the volume", printer, { material: "PLA", color: "Black", minX: 200, minY: 200, minZ: 300 }, false],
  ])("%s", (_name, p, needs, expected) => {
    expect(isCompatible(p, needs)).toBe(expected);
  });

  it("names colours consistently", () => {
    expect(colorKey(" GREY ")).toBe("gray");
    expect(colorKey("Transparent")).toBe("natural/clear");
    expect(colorKey("Orange")).toBe("orange");
  });
});
