import { distanceMiles, type Place } from "../places/zip.ts";
import { GRAMS_PER_POUND, rateShipment } from "../shared/shipping-rates.ts";

/**
 * How shipping is priced, as a port: today a rate table (rates.ts); a carrier's API (USPS, UPS,
 * Shippo, EasyPost) can replace it by implementing the same interface, without touching checkout.
 */
export interface ShippingQuoteRequest {
  weightGrams: number;
  from: Place;
  to: Place;
}

export interface ShippingQuoteOption {
  id: string;
  carrier: string;
  service: string;
  description: string;
  costCents: number;
}

export interface ShippingQuote {
  zone: number;
  distanceMiles: number;
  billableGrams: number;
  options: ShippingQuoteOption[];
  defaultOptionId: string;
}

export interface ShippingRates {
  quote(request: ShippingQuoteRequest): Promise<ShippingQuote>;
}

/** The table of rates.ts behind the port. */
export const tableShippingRates: ShippingRates = {
  async quote({ weightGrams, from, to }) {
    const miles = distanceMiles(from, to);
    const rated = rateShipment(weightGrams, miles);
    return {
      zone: rated.zone,
      distanceMiles: Math.round(miles * 10) / 10,
      billableGrams: Math.round(rated.billablePounds * GRAMS_PER_POUND),
      options: rated.options,
      defaultOptionId: rated.defaultOptionId,
    };
  },
};
