import { describe, expect, it } from "vitest";
import { countPrecisionFor } from "../../src/printers/view.ts";

/**
 * A map's view reads the counts of the finest precision whose partitions in view are few (issue 23:
 * a view costs a few small reads whatever the marketplace holds): the country by its areas, a
 * stretch of towns by its towns, a city by its blocks, a neighbourhood by its streets.
 */
describe("the counts a map's view reads (printers/view.ts)", () => {
  it.each([
    ["the whole US", { west: -125, south: 24, east: -66, north: 50 }, 2],
    ["Colorado", { west: -109, south: 37, east: -102, north: 41 }, 3],
    ["the Front Range at zoom 11", { west: -105.3, south: 40.2, east: -104.8, north: 40.7 }, 4],
    ["Loveland at zoom 13", { west: -105.12, south: 40.37, east: -105.02, north: 40.42 }, 5],
    ["a neighbourhood at zoom 16", { west: -105.08, south: 40.39, east: -105.07, north: 40.395 }, 6],
    ["Fiji across the antimeridian at zoom 12", { west: 179.9, south: -17.1, east: -179.9, north: -16.9 }, 5],
  ])("%s", (_name, box, precision) => expect(countPrecisionFor(box)).toBe(precision));
});
