import { isCompatible } from "@printhood/core/shared/compatibility";
import { DASHBOARD_MODELS, MODEL_PRESETS, SPOOL_WEIGHTS } from "@printhood/core/shared/printer-models";
import { describe, expect, it } from "vitest";
import { ownerShortName } from "../src/lib/printers";

// The printer lists and the compatibility rule live once, in core's pure modules; the web imports them.
describe("printer lists and rules", () => {
  it("are the core modules, importable by the web", () => {
    expect(DASHBOARD_MODELS.length).toBeGreaterThan(0);
    expect(MODEL_PRESETS[0]?.name).toBe("Custom/Other");
    expect(SPOOL_WEIGHTS.map((w) => w.label)).toEqual(["1 kg", "750g", "500g", "250g"]);
    expect(
      isCompatible({ buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 250, materials: ["PLA"] }, { material: "pla", minZ: 250 }),
    ).toBe(true);
  });

  it("writes the owner as first name and last-name initial with a period", () => {
    expect(ownerShortName({ firstName: "Sam", lastName: "O'Connor", username: "sam" })).toBe("Sam O.");
    expect(ownerShortName({ firstName: null, lastName: null, username: "sam" })).toBe("sam");
  });
});
