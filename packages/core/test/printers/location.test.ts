import { describe, expect, it } from "vitest";
import { parseLocation, resolvePlace, stateCode } from "../../src/places/location.ts";

describe("reading a free-text location", () => {
  it.each([
    ["Loveland, CO", { city: "Loveland", state: "CO" }],
    ["fort collins, colorado", { city: "Fort Collins", state: "CO" }],
    ["Berthoud CO", { city: "Berthoud", state: "CO" }],
    ["Fort Collins Colorado 80521", { city: "Fort Collins", state: "CO", zipCode: "80521" }],
    ["412 Mountain Ave, Berthoud, CO 80513", { city: "Berthoud", state: "CO", zipCode: "80513" }],
    ["Albuquerque New Mexico", { city: "Albuquerque", state: "NM" }],
    ["Loveland", { city: "Loveland" }],
    ["80537", { zipCode: "80537" }],
  ])("%s", (text, expected) => {
    expect(parseLocation(text)).toEqual(expected);
  });

  it("knows state names and codes", () => {
    expect(stateCode("co")).toBe("CO");
    expect(stateCode("Colorado")).toBe("CO");
    expect(stateCode("Co.")).toBe("CO");
    expect(stateCode("Narnia")).toBeNull();
  });
});

describe("placing a printer", () => {
  it("uses the ZIP centroid when a ZIP is given, never the street", () => {
    expect(resolvePlace({ zipCode: "80513", city: "ignored" })).toEqual({
      city: "Berthoud",
      state: "CO",
      zipCode: "80513",
      latitude: 40.3,
      longitude: -105.11,
    });
    expect(resolvePlace({ location: "Somewhere, CO 80537" })).toMatchObject({ city: "Loveland", zipCode: "80537" });
  });

  it("uses the city's centre from the ZIP table when only city and state are known", () => {
    const p = resolvePlace({ location: "Fort Collins, CO" });
    expect(p).toMatchObject({ city: "Fort Collins", state: "CO" });
    expect(p.zipCode).toBeUndefined();
    expect(p.latitude).toBeGreaterThan(40.5);
    expect(p.latitude).toBeLessThan(40.7);
    expect(resolvePlace({ location: "Loveland" }).state).toBe("CO");
    expect(resolvePlace({ city: "Greeley", state: "co" }).city).toBe("Greeley");
  });

  it("refuses what it cannot place, with a clear message", () => {
    expect(() => resolvePlace({})).toThrow("Location is required.");
    expect(() => resolvePlace({ zipCode: "00000" })).toThrow("We don't recognise the ZIP code 00000");
    expect(() => resolvePlace({ location: "Gotham, CO" })).toThrow(/We couldn't find Gotham, CO on the map/);
    expect(() => resolvePlace({ city: "Loveland", state: "ZZ" })).toThrow(/We don't recognise the state/);
  });
});
