/**
 * Pricing (docs/architecture.md "Pricing", spec 1 §9 "as computed"). Pure, integer cents throughout;
 * the web imports this module too, so the calculator, the upload page and the server's order
 * price are one function. Format money only at the edge (`centsToDecimal`).
 */

import { dollarsToCents } from "./dollars.ts";
import { ORDER_MATERIALS, type OrderMaterial } from "./materials.ts";
import { lowestShippingCents } from "./shipping-rates.ts";
import { thousands } from "./words.ts";

/** Filament price per kilogram in cents (spec 1 §9 calculator prices), from the materials' one list. */
export const FILAMENT_PRICE_PER_KG_CENTS = Object.fromEntries(ORDER_MATERIALS.map((m) => [m.value, m.pricePerKgCents])) as Record<
  OrderMaterial,
  number
>;
export const DEFAULT_FILAMENT_PRICE_PER_KG_CENTS = 2000;
export const EXTRA_COLOR_CENTS = 200;
export const TIME_BLOCK_MINUTES = 15;
export const TIME_BLOCK_CENTS = 50;
/** Platform fee = 15 % of the subtotal + 2.00. */
export const PLATFORM_FEE_PERCENT = 15;
export const PLATFORM_FIXED_FEE_CENTS = 200;
/** Pickup is free; local delivery adds 5.00 (spec 2 §9). Shipping is priced from the rate table (./shipping-rates.ts). */
export const DELIVERY_FEE_CENTS = { pickup: 0, delivery: 500 } as const;
export const DEFAULT_PRINT_MINUTES = 60;

export const DELIVERY_METHODS = ["pickup", "delivery", "shipping"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export interface WeightTier {
  /** Inclusive gram range. */
  min: number;
  max: number;
  printerFeeCents: number;
  platformFeeCents: number;
  label: string;
  note?: string;
}

/** Spec 1 §9 weight tiers. How they combine with the formula is not shown: they name the tier. */
export const WEIGHT_TIERS: readonly WeightTier[] = [
  { min: 0, max: 25, printerFeeCents: 49, platformFeeCents: 49, label: "0-25g", note: "keychain" },
  { min: 26, max: 50, printerFeeCents: 79, platformFeeCents: 79, label: "26-50g" },
  { min: 51, max: 100, printerFeeCents: 99, platformFeeCents: 99, label: "51-100g" },
  { min: 101, max: 150, printerFeeCents: 129, platformFeeCents: 119, label: "101-150g" },
  { min: 151, max: 200, printerFeeCents: 159, platformFeeCents: 139, label: "151-200g" },
  { min: 201, max: 250, printerFeeCents: 199, platformFeeCents: 149, label: "201-250g" },
  { min: 251, max: 500, printerFeeCents: 399, platformFeeCents: 299, label: "251-500g" },
  { min: 501, max: 750, printerFeeCents: 499, platformFeeCents: 349, label: "501-750g" },
  { min: 751, max: 1000, printerFeeCents: 599, platformFeeCents: 399, label: "751-1000g" },
];

/**
 * The tier a weight falls in. Weights are compared rounded to whole grams (25.4 g is 0-25,
 * 25.5 g is 26-50); anything above 1000 g is named by the last tier.
 */
export function weightTier(grams: number): WeightTier {
  const g = Math.max(0, Math.round(grams));
  return WEIGHT_TIERS.find((t) => g <= t.max) ?? WEIGHT_TIERS[WEIGHT_TIERS.length - 1]!;
}

/** Filament price per kg in cents for a material; a chosen printer's price per gram replaces it. */
export function filamentPricePerKgCents(material: string | undefined, printerPricePerGram?: number | null): number {
  if (
    printerPricePerGram !== undefined &&
    printerPricePerGram !== null &&
    Number.isFinite(printerPricePerGram) &&
    printerPricePerGram > 0
  ) {
    return Math.round(printerPricePerGram * 100_000); // $/g × 1000 g × 100 ¢
  }
  const key = (material ?? "").trim().toUpperCase().split(/[\s(]/)[0] ?? "";
  return (FILAMENT_PRICE_PER_KG_CENTS as Record<string, number>)[key] ?? DEFAULT_FILAMENT_PRICE_PER_KG_CENTS;
}

/** Cents of filament for a weight at a price per kilogram in cents (half-cents round up). */
export function materialCents(grams: number, perKgCents: number): number {
  return Math.round((grams * perKgCents) / 1000);
}

export interface PriceInput {
  /** Estimated weight in grams. */
  grams: number;
  material?: string | undefined;
  /** Chosen printer's USD per gram (replaces the material's price). */
  pricePerGram?: number | null | undefined;
  numberOfColors?: number | undefined;
  printTimeMinutes?: number | undefined;
  deliveryMethod?: DeliveryMethod | undefined;
}

/** Spec 1 §3 "Price result", in cents, plus the delivery fee and the total the customer pays. */
export interface PriceResult {
  estimatedWeight: number;
  filamentCostPer1000gCents: number;
  materialCostCents: number;
  basePrintCostCents: number;
  multicolorPremiumCents: number;
  timePremiumCents: number;
  /** What the printer's quantity discounts took off the parts' lines (0 for one copy; shared/quantity-discounts.ts). */
  quantityDiscountCents: number;
  subtotalCents: number;
  platformFeeCents: number;
  printerProfitCents: number;
  /** Subtotal + platform fee (before delivery). */
  customerPaysCents: number;
  deliveryFeeCents: number;
  /** customerPays + delivery fee: what the order costs. */
  totalCents: number;
  weightTier: WeightTier;
}

/** The platform's fee on a subtotal: 15 % of it (half-cents up) + 2.00. */
export function platformFeeCents(subtotalCents: number): number {
  return Math.round((subtotalCents * PLATFORM_FEE_PERCENT) / 100) + PLATFORM_FIXED_FEE_CENTS;
}

/** What printing one copy of a design costs, before what the order adds once (the fee, the delivery). */
export interface PrintCost {
  filamentCostPer1000gCents: number;
  materialCostCents: number;
  basePrintCostCents: number;
  multicolorPremiumCents: number;
  timePremiumCents: number;
  /** base + premiums: the printer's price of one copy. */
  subtotalCents: number;
}

/** What an order pays once, whatever it holds: the platform fee on its subtotal, and its delivery. */
export interface OrderCharges {
  platformFeeCents: number;
  customerPaysCents: number;
  deliveryFeeCents: number;
  totalCents: number;
}

const nonNegative = (n: number | undefined, fallback: number) => (n !== undefined && Number.isFinite(n) && n >= 0 ? n : fallback);

/** The print cost of one copy (spec 1 §9 "as computed"). Half-cents round up (Math.round on non-negative values). */
export function printCost(input: Omit<PriceInput, "deliveryMethod">): PrintCost {
  const grams = nonNegative(input.grams, 0);
  const colors = Math.max(1, Math.floor(nonNegative(input.numberOfColors, 1)));
  const minutes = nonNegative(input.printTimeMinutes, DEFAULT_PRINT_MINUTES);
  const perKg = filamentPricePerKgCents(input.material, input.pricePerGram);
  const materialCostCents = materialCents(grams, perKg);
  // Twice the material's exact cost, rounded once (0.3832 of filament makes 0.77, not 2 × 0.38).
  const basePrintCostCents = materialCents(2 * grams, perKg);
  const multicolorPremiumCents = (colors - 1) * EXTRA_COLOR_CENTS;
  const timePremiumCents = colors > 1 ? Math.ceil(minutes / TIME_BLOCK_MINUTES) * TIME_BLOCK_CENTS : 0;
  return {
    filamentCostPer1000gCents: perKg,
    materialCostCents,
    basePrintCostCents,
    multicolorPremiumCents,
    timePremiumCents,
    subtotalCents: basePrintCostCents + multicolorPremiumCents + timePremiumCents,
  };
}

/**
 * The platform fee (15 % of the subtotal + 2.00) and the delivery, paid once per order: local
 * delivery's fixed fee, or shipping from the whole parcel's weight.
 */
export function orderCharges(subtotalCents: number, grams: number, deliveryMethod: DeliveryMethod = "pickup"): OrderCharges {
  const feeCents = platformFeeCents(subtotalCents);
  const customerPaysCents = subtotalCents + feeCents;
  // Shipping: what it starts at for this weight until the customer chooses an option at checkout (the spec's fixed 5.99 was no real rate).
  const deliveryFeeCents = deliveryMethod === "shipping" ? lowestShippingCents(nonNegative(grams, 0)) : DELIVERY_FEE_CENTS[deliveryMethod];
  return { platformFeeCents: feeCents, customerPaysCents, deliveryFeeCents, totalCents: customerPaysCents + deliveryFeeCents };
}

/** The price of a print: one copy's print cost and the order's charges. */
export function priceJob(input: PriceInput): PriceResult {
  const grams = nonNegative(input.grams, 0);
  const cost = printCost(input);
  return {
    estimatedWeight: grams,
    ...cost,
    quantityDiscountCents: 0,
    ...orderCharges(cost.subtotalCents, grams, input.deliveryMethod),
    printerProfitCents: Math.max(0, cost.subtotalCents),
    weightTier: weightTier(grams),
  };
}

/** 1234 → "12.34" (the API's decimal strings). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * 1234 → "$12.34"; 123456 → "$1,234.56" (thousands grouped, as en-US writes money); -1234 → "-$12.34"
 * (a balance a refund left below zero). For people to read: the API's amounts are centsToDecimal's.
 */
export function formatCents(cents: number): string {
  const [whole = "0", fraction = "00"] = centsToDecimal(Math.abs(cents)).split(".");
  const grouped = `${thousands(Number(whole))}.${fraction}`;
  return cents < 0 ? `-$${grouped}` : `$${grouped}`;
}

/** An amount the API writes in dollars ("1234.56", as `totalCost`) for people: "$1,234.56". */
export function formatDollars(amount: string): string {
  const cents = dollarsToCents(amount);
  return cents === null ? `$${amount}` : formatCents(cents);
}

/**
 * Spec 1 §9 fallback when a file cannot be analysed: a size-based weight estimate. The spec's
 * "5000 per MB (3MF 8000, OBJ 3000)" is read as bytes of file per gram of print (a 1 MB STL is
 * about 210 g), rounded to 0.1 g and at least 1 g.
 */
export const FALLBACK_BYTES_PER_GRAM = { stl: 5000, "3mf": 8000, obj: 3000 } as const;

export function fallbackWeightGrams(bytes: number, format: "stl" | "obj" | "3mf"): number {
  return Math.max(1, Math.round((bytes / FALLBACK_BYTES_PER_GRAM[format]) * 10) / 10);
}
