import { describe, expect, it } from "vitest";
import * as server from "../../core/src/printers/models.ts";
import * as serverRule from "../../core/src/printers/compatibility.ts";
import * as web from "../src/lib/printers";

// The web carries the server's lists and rule (it never imports server code): they must agree.
describe("printer lists and rules match the server's", () => {
  it("has the same model lists, materials and spool weights", () => {
    expect(web.DASHBOARD_MODELS.map(({ name, buildVolumeX, buildVolumeY, buildVolumeZ, image }) => ({ name, buildVolumeX, buildVolumeY, buildVolumeZ, image }))).toEqual(
      server.DASHBOARD_MODELS.map(({ name, buildVolumeX, buildVolumeY, buildVolumeZ, image }) => ({ name, buildVolumeX, buildVolumeY, buildVolumeZ, image })),
    );
    expect(web.MODEL_PRESETS).toEqual(server.MODEL_PRESETS);
    expect(web.OWNER_MATERIALS).toEqual(server.OWNER_MATERIALS);
    expect(web.ADD_PRINTER_MATERIALS).toEqual(server.ADD_PRINTER_MATERIALS);
    expect(web.SPOOL_WEIGHTS).toEqual(server.SPOOL_WEIGHTS);
  });

  it("applies the same compatibility rule and price-per-gram rounding", () => {
    const printers = [
      { buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 250, materials: ["PLA", "PETG"], filamentInventory: [{ material: "PLA", color: "Natural", inStock: true }, { material: "PLA", color: "Red", inStock: false }] },
      { buildVolumeX: 300, buildVolumeY: 300, buildVolumeZ: 400, materials: ["ABS"], filamentInventory: [] },
    ];
    const needs = [{}, { material: "pla", color: "Clear" }, { material: "PLA", color: "Red" }, { color: "red" }, { minZ: 300 }, { material: "ABS", color: "Grey", minX: 300 }, { material: "Nylon" }];
    for (const p of printers) for (const n of needs) expect(web.isCompatible(p, n)).toBe(serverRule.isCompatible(p, n));
    for (const [c, g] of [[19.99, 750], [24.99, 1000], [7.5, 250]] as const) expect(web.pricePerGramFromSpool(c, g)).toBe(server.pricePerGramFromSpool(c, g));
    expect(web.stockImageFor("Creality Ender 3 V2")).toBe(server.stockImageFor("Creality Ender 3 V2"));
  });

  it("writes the owner as first name and last-name initial with a period", () => {
    expect(web.ownerShortName({ firstName: "Sam", lastName: "O'Connor", username: "sam" })).toBe("Sam O.");
    expect(web.ownerShortName({ firstName: null, lastName: null, username: "sam" })).toBe("sam");
  });
});
