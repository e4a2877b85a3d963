/// <reference path="../../src/places/zipcodes.d.ts" />
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import zipcodes from "zipcodes";
import { geocodeCity, resolvePlace, stateCode } from "../../src/places/location.ts";
import { geocodeZip, zipTable } from "../../src/places/zip.ts";

const zipcodesUS = createRequire(import.meta.url)("zipcodes/lib/codes.js") as { codes: Record<string, unknown> };

/** The packed table (generated from the zipcodes package) answers as the package did, to 0.01°. */
const REGION = ["80513", "80537", "80538", ...Array.from({ length: 8 }, (_, i) => String(80521 + i))];

function expectSame(zip: string) {
  const want = zipcodes.lookup(zip);
  const got = geocodeZip(zip);
  if (!want) {
    expect(got).toBeNull();
    return;
  }
  expect(got).not.toBeNull();
  expect(got?.zip).toBe(want.zip);
  expect(got?.city).toBe(want.city);
  expect(got?.state).toBe(want.state);
  expect(Math.abs((got?.latitude ?? 0) - want.latitude)).toBeLessThanOrEqual(0.005 + 1e-9);
  expect(Math.abs((got?.longitude ?? 0) - want.longitude)).toBeLessThanOrEqual(0.005 + 1e-9);
}

describe("the ZIP table", () => {
  it("places Berthoud, Loveland and Fort Collins as the package did", () => {
    for (const zip of REGION) expectSame(zip);
    expect(geocodeZip("80513")).toMatchObject({ city: "Berthoud", state: "CO" });
    expect(geocodeZip("80537")).toMatchObject({ city: "Loveland", state: "CO" });
    expect(geocodeZip("80521")).toMatchObject({ city: "Fort Collins", state: "CO" });
  });

  it("agrees with the package on a sample across the country, first and last ZIPs included", () => {
    const t = zipTable();
    const sample = ["00501", "99950", "10001", "60601", "94105", "33101", "02134", "73301"];
    for (let i = 0; i < t.zips.length; i += 97) sample.push(String(t.zips[i]).padStart(5, "0"));
    for (const zip of sample) expectSame(zip);
    expect(t.zips.length).toBe(Object.keys(zipcodesUS.codes).length);
  });

  it("knows no more and no less: unknown and malformed ZIPs answer null", () => {
    for (const zip of ["00000", "99999", "00100", "8053", "805377", "abcde", ""]) {
      if (zipcodes.lookup(zip) && /^\d{5}$/.test(zip)) expectSame(zip);
      else expect(geocodeZip(zip)).toBeNull();
    }
  });

  it("finds a city's centre and a state's code as before", () => {
    for (const [city, state] of [
      ["Loveland", "CO"],
      ["fort collins", "CO"],
      ["Berthoud", "co"],
      ["Springfield", "IL"],
    ] as const) {
      const hits = zipcodes.lookupByName(city, state.toUpperCase());
      const got = geocodeCity(city, state);
      expect(got?.city).toBe(hits[0]?.city);
      const lat = hits.reduce((s, h) => s + h.latitude, 0) / hits.length;
      expect(Math.abs((got?.latitude ?? 0) - lat)).toBeLessThan(0.006);
    }
    expect(geocodeCity("Nowhere Special", "CO")).toBeNull();
    expect(stateCode("Colorado")).toBe("CO");
    expect(stateCode("new mexico")).toBe("NM");
    expect(stateCode("ZZ")).toBeNull();
    expect(resolvePlace({ location: "Fort Collins, CO 80525" })).toMatchObject({ city: "Fort Collins", state: "CO", zipCode: "80525" });
  });
});
