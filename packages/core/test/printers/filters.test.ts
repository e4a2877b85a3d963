import { describe, expect, it } from "vitest";
import { matchesFilters } from "../../src/printers/list.ts";
import type { PrinterRecord } from "../../src/printers/present.ts";
import { listPrintersQuery } from "../../src/printers/schemas.ts";

const base: PrinterRecord = {
  printerId: "p1",
  ownerId: "o1",
  name: "Old Town Print Shop",
  model: "Prusa MK4",
  description: "Next to campus",
  city: "Fort Collins",
  state: "CO",
  zipCode: "80521",
  latitude: 40.58,
  longitude: -105.1,
  street: "150 W Oak St",
  buildVolumeX: 250,
  buildVolumeY: 210,
  buildVolumeZ: 220,
  materials: ["PLA", "PETG"],
  filamentInventory: [{ material: "PLA", color: "Black", inStock: true }],
  pricePerGram: 0.06,
  isAvailable: true,
  ratingTotal: 0,
  totalReviews: 0,
  totalJobs: 0,
  createdAt: "2025-01-01T00:00:00.000Z",
};
const q = (query: Record<string, string>) => listPrintersQuery.parse(query);

describe("GET /api/printers filters", () => {
  it.each<[Record<string, string>, boolean]>([
    [{}, true],
    [{ location: "fort collins" }, true],
    [{ location: "Fort Collins, CO" }, true],
    [{ location: "80521" }, true],
    [{ location: "Loveland" }, false],
    [{ location: "all", material: "all" }, true],
    [{ material: "petg" }, true],
    [{ material: "ABS" }, false],
    [{ material: "PLA", color: "Black" }, true],
    [{ material: "PLA", color: "White" }, false],
    [{ material: "PETG", color: "White" }, true],
    [{ available: "true" }, true],
    [{ available: "false" }, false],
    [{ minBuildVolumeX: "250", minBuildVolumeY: "210", minBuildVolumeZ: "220" }, true],
    // The one fit rule (core/shared/fit.ts): a part 211 mm deep fits the 250 mm axis, turned on the bed.
    [{ minBuildVolumeY: "211" }, true],
    [{ minBuildVolumeX: "251" }, false],
    [{ minBuildVolumeX: "240", minBuildVolumeY: "240" }, false],
    [{ search: "prusa" }, true],
    [{ search: "campus" }, true],
    [{ search: "80521" }, true],
    [{ search: "Oak St" }, false],
    [{ search: "bambu" }, false],
  ])("%j → %s", (query, expected) => {
    expect(matchesFilters(base, q(query))).toBe(expected);
  });

  it("refuses unknown keys", () => {
    expect(listPrintersQuery.safeParse({ ownerId: "x" }).success).toBe(false);
  });
});
