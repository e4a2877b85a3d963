import { describe, expect, it } from "vitest";
import { geocodeZip } from "../../src/places/zip.ts";
import { billablePounds, lowestShippingCents, packagingGrams, rateShipment, zoneFor } from "../../src/shared/shipping-rates.ts";
import { tableShippingRates } from "../../src/shipping/port.ts";

describe("shipping zones by distance (DECISIONS.md Shipping)", () => {
  it.each([
    [0, 1],
    [50, 1],
    [50.1, 2],
    [150, 2],
    [151, 3],
    [300, 3],
    [600, 4],
    [601, 5],
    [1000, 5],
    [1400, 6],
    [1800, 7],
    [1801, 8],
    [2900, 8],
  ])("%d miles is zone %d", (miles, zone) => expect(zoneFor(miles)).toBe(zone));
});

describe("billable weight: the part plus packaging, per started pound", () => {
  it.each([
    [0, 120, 1],
    [12, 122, 1],
    [300, 150, 1], // 450 g < 453.6 g
    [304, 151, 2], // 455 g
    [1000, 220, 3], // 1220 g
    [5000, 620, 13], // 5620 g
  ])("%d g part: %d g packaging, %d lb", (grams, packaging, pounds) => {
    expect(packagingGrams(grams)).toBe(packaging);
    expect(billablePounds(grams)).toBe(pounds);
  });
});

describe("rates", () => {
  it.each([
    // grams, miles, ground advantage, priority, ups ground (cents)
    [100, 10, 520, 895, 1050],
    [100, 200, 560, 965, 1130],
    [1000, 10, 520 + 2 * 60, 895 + 2 * 90, 1050 + 2 * 80],
    [1000, 1900, 780 + 2 * 240, 1565 + 2 * 490, 1450 + 2 * 320],
  ])("%d g over %d miles", (grams, miles, ground, priority, ups) => {
    const r = rateShipment(grams, miles);
    expect(r.options.map((o) => [o.id, o.costCents])).toEqual([
      ["usps_ground_advantage", ground],
      ["usps_priority", priority],
      ["ups_ground", ups],
    ]);
    expect(r.defaultOptionId).toBe("usps_ground_advantage");
  });

  it("quotes from ZIP to ZIP through the port: Berthoud to Fort Collins is local, to New York is zone 7", async () => {
    const berthoud = geocodeZip("80513")!;
    const local = await tableShippingRates.quote({ weightGrams: 50, from: berthoud, to: geocodeZip("80521")! });
    expect(local.zone).toBe(1);
    expect(local.distanceMiles).toBeGreaterThan(15);
    expect(local.distanceMiles).toBeLessThan(30);
    expect(local.billableGrams).toBe(454);
    const far = await tableShippingRates.quote({ weightGrams: 50, from: berthoud, to: geocodeZip("10001")! });
    expect(far.zone).toBe(7);
    expect(far.options[0]!.costCents).toBeGreaterThan(local.options[0]!.costCents);
  });
});

describe("what shipping starts at", () => {
  it("is the rate table's cheapest service to the nearest zone for the weight", () => {
    expect(lowestShippingCents()).toBe(520); // 1 lb, zone 1, USPS Ground Advantage
    expect(lowestShippingCents(37.5)).toBe(520);
    for (const grams of [0, 500, 2000]) {
      expect(lowestShippingCents(grams)).toBe(Math.min(...rateShipment(grams, 10).options.map((o) => o.costCents)));
      expect(lowestShippingCents(grams)).toBeLessThanOrEqual(Math.min(...rateShipment(grams, 900).options.map((o) => o.costCents)));
    }
    expect(lowestShippingCents(2000)).toBeGreaterThan(lowestShippingCents(100));
  });
});
