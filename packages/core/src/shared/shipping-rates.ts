/**
 * Shipping rates from a table (architecture rule 2: pure, table-tested; DECISIONS.md "Shipping").
 * Browser-safe and pure: the web reads what shipping starts at from the same table.
 * The price of a parcel depends on its zone (how far it travels, from the printer's ZIP to the
 * customer's) and its billable weight (the part plus its packaging, billed per started pound as
 * US carriers do). Cents throughout.
 */

/** Zone by great-circle distance in miles, as the carriers' zone charts step (zone 1 ≤ 50 mi … zone 8). */
const ZONE_LIMITS_MILES = [50, 150, 300, 600, 1000, 1400, 1800] as const;

export function zoneFor(distanceMiles: number): number {
  const i = ZONE_LIMITS_MILES.findIndex((limit) => distanceMiles <= limit);
  return i === -1 ? 8 : i + 1;
}

/** A box, padding and void fill: 120 g plus 10% of the part, rounded up to whole grams. */
export function packagingGrams(partGrams: number): number {
  return 120 + Math.ceil(partGrams * 0.1);
}

export const GRAMS_PER_POUND = 453.59237;

/** Billable weight in started pounds (at least 1) of the part with its packaging. */
export function billablePounds(partGrams: number): number {
  return Math.max(1, Math.ceil((Math.max(0, partGrams) + packagingGrams(Math.max(0, partGrams))) / GRAMS_PER_POUND));
}

export interface ShippingService {
  id: string;
  carrier: string;
  service: string;
  description: string;
  /** Price of the first pound, by zone 1..8. */
  firstPoundCents: readonly number[];
  /** Each further pound, by zone 1..8. */
  extraPoundCents: readonly number[];
}

export const SHIPPING_SERVICES: readonly ShippingService[] = [
  {
    id: "usps_ground_advantage",
    carrier: "USPS",
    service: "Ground Advantage",
    description: "2-5 business days",
    firstPoundCents: [520, 540, 560, 600, 640, 680, 720, 780],
    extraPoundCents: [60, 70, 90, 120, 150, 180, 210, 240],
  },
  {
    id: "usps_priority",
    carrier: "USPS",
    service: "Priority Mail",
    description: "1-3 business days",
    firstPoundCents: [895, 925, 965, 1055, 1165, 1295, 1425, 1565],
    extraPoundCents: [90, 110, 150, 210, 280, 350, 420, 490],
  },
  {
    id: "ups_ground",
    carrier: "UPS",
    service: "Ground",
    description: "1-5 business days",
    firstPoundCents: [1050, 1090, 1130, 1180, 1240, 1300, 1370, 1450],
    extraPoundCents: [80, 95, 120, 160, 200, 240, 280, 320],
  },
];

export interface RatedOption {
  id: string;
  carrier: string;
  service: string;
  description: string;
  costCents: number;
}

export interface RatedShipment {
  zone: number;
  billablePounds: number;
  options: RatedOption[];
  /** The cheapest option: what checkout preselects. */
  defaultOptionId: string;
}

export function rateShipment(partGrams: number, distanceMiles: number): RatedShipment {
  const zone = zoneFor(distanceMiles);
  const pounds = billablePounds(partGrams);
  const options = SHIPPING_SERVICES.map((s) => ({
    id: s.id,
    carrier: s.carrier,
    service: s.service,
    description: s.description,
    costCents: (s.firstPoundCents[zone - 1] ?? 0) + (pounds - 1) * (s.extraPoundCents[zone - 1] ?? 0),
  }));
  const cheapest = options.reduce((a, b) => (b.costCents < a.costCents ? b : a));
  return { zone, billablePounds: pounds, options, defaultOptionId: cheapest.id };
}

/**
 * What shipping starts at for a part of this weight: the cheapest service to the nearest zone
 * (a 1 lb parcel with no weight given). Screens show it before checkout ("from $5.20"), and an
 * order's price counts it until the customer chooses an option at checkout.
 */
export function lowestShippingCents(partGrams = 0): number {
  return Math.min(...rateShipment(partGrams, 0).options.map((o) => o.costCents));
}
