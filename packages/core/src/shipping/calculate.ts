import { z } from "zod";
import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import type { OrderDeps } from "../orders/deps.ts";
import { loadOrderFor, type OrderRecord } from "../orders/load.ts";
import { geocodeZip, type Place } from "../places/zip.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { resolvePrinterId } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import type { ShippingQuote, ShippingRates } from "./port.ts";

const zip = z
  .string()
  .trim()
  .regex(/^\d{5}$/, "ZIP codes have 5 digits.");

/** POST /api/calculate-shipping (spec 2 §7). `zipFrom` is accepted and not used: parcels leave from the printer. */
export const calculateShippingInput = z
  .strictObject({
    weightGrams: z.number({ error: "Weight must be a number of grams." }).positive("Weight must be more than 0 g.").max(50_000),
    zipFrom: zip.optional(),
    zipTo: zip,
    printerId: z.union([z.string().trim().min(1).max(64), z.number().int().positive()], { error: "Printer is required." }),
  })
  .meta({ id: "CalculateShippingInput" });
export type CalculateShippingInput = z.output<typeof calculateShippingInput>;

/** PUT /api/orders/{id}/shipping: the customer's choice at checkout. */
export const chooseShippingInput = z
  .strictObject({
    zipTo: zip,
    optionId: z.string().trim().min(1).max(64),
  })
  .meta({ id: "ChooseShippingInput" });
export type ChooseShippingInput = z.output<typeof chooseShippingInput>;

/**
 * Where a printer's parcels leave from: its ZIP's centroid, or its stored point (the mean of its
 * city's ZIPs) when the owner gave only a city. Spec 2 §9's fixed origin 80424 is not used:
 * parcels leave from the printer (DECISIONS.md "Shipping").
 */
export function originOf(printer: PrinterRecord): Place {
  const byZip = printer.zipCode ? geocodeZip(printer.zipCode) : null;
  if (byZip) return byZip;
  if (printer.latitude === undefined || printer.longitude === undefined) throw fail("printer_has_no_place", { printer: printer.name });
  return { zip: printer.zipCode ?? "", city: printer.city, state: printer.state, latitude: printer.latitude, longitude: printer.longitude };
}

function destination(zipTo: string): Place {
  const place = geocodeZip(zipTo);
  if (!place) throw fail("unknown_zip", { zip: zipTo });
  return place;
}

async function printerFor(store: Store, ref: string | number): Promise<PrinterRecord> {
  const printerId = await resolvePrinterId(store, ref);
  const printer = printerId ? (await store.entities.printers.get({ printerId }).go()).data : null;
  if (!printer) throw fail("printer_not_found");
  return printer;
}

const shippingOptionSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  service: z.string(),
  description: z.string(),
  estimatedCost: z.number().meta({ description: "Dollars" }),
  estimatedCostCents: z.number().int(),
});

export const shippingQuoteSchema = z
  .object({
    options: z.array(shippingOptionSchema),
    defaultOption: shippingOptionSchema.nullable(),
    defaultOptionId: z.string().nullable(),
    zipFrom: z.string().meta({ description: "The printer's ZIP: parcels leave from the printer" }),
    zipTo: z.string(),
    zone: z.number().int(),
    distanceMiles: z.number(),
    billableWeightGrams: z.number().int(),
  })
  .meta({ id: "ShippingQuote" });

function present(quote: ShippingQuote, from: Place, to: Place): z.infer<typeof shippingQuoteSchema> {
  const options = quote.options.map((o) => ({
    id: o.id,
    carrier: o.carrier,
    service: o.service,
    description: o.description,
    estimatedCost: Number(centsToDecimal(o.costCents)),
    estimatedCostCents: o.costCents,
  }));
  const defaultOption = options.find((o) => o.id === quote.defaultOptionId) ?? options[0] ?? null;
  return {
    options,
    defaultOption,
    defaultOptionId: defaultOption?.id ?? null,
    zipFrom: from.zip,
    zipTo: to.zip,
    zone: quote.zone,
    distanceMiles: quote.distanceMiles,
    billableWeightGrams: quote.billableGrams,
  };
}

/** The shipping options for a parcel from this printer to this ZIP. */
export async function calculateShipping(store: Store, rates: ShippingRates, input: CalculateShippingInput) {
  const printer = await printerFor(store, input.printerId);
  const from = originOf(printer);
  const to = destination(input.zipTo);
  return present(await rates.quote({ weightGrams: input.weightGrams, from, to }), from, to);
}

/** An intent whose card is not confirmed, or one given back unpaid (the next checkout replaces it): the option may still change. */
const PAYABLE_INTENT = new Set(["requires_payment_method", "requires_confirmation", "canceled"]);

/**
 * The customer chooses a shipping option for an unpaid shipping order: the server quotes it
 * again from the order's own weight and the printer's ZIP (never the client's figures) and stores
 * it with the order, whose total now includes it. Locked once the card has been confirmed.
 */
export async function chooseShipping(
  deps: Pick<OrderDeps, "store" | "shipping" | "payments" | "clock">,
  userId: string,
  ref: string,
  input: ChooseShippingInput,
) {
  const { job, printer, isCustomer } = await loadOrderFor(deps.store, userId, ref);
  if (!isCustomer) throw fail("customer_only");
  if (job.deliveryMethod !== "shipping") throw fail("not_a_shipping_order", { method: job.deliveryMethod });
  if (job.status !== "submitted") throw fail("shipping_locked");
  if (job.payment?.intentId) {
    const pi = await deps.payments.retrieveIntent(job.payment.intentId);
    if (!PAYABLE_INTENT.has(pi.status)) throw fail("shipping_locked");
  }
  if (!printer) throw fail("printer_not_found");
  const from = originOf(printer);
  const to = destination(input.zipTo);
  const quote = await deps.shipping.quote({ weightGrams: job.estimatedWeight, from, to });
  const option = quote.options.find((o) => o.id === input.optionId);
  if (!option) throw fail("unknown_shipping_option");
  const shipping: NonNullable<OrderRecord["shipping"]> = {
    optionId: option.id,
    carrier: option.carrier,
    service: option.service,
    description: option.description,
    costCents: option.costCents,
    zipFrom: from.zip,
    zipTo: to.zip,
    zone: quote.zone,
    billableGrams: quote.billableGrams,
  };
  const pricing = { ...job.pricing, deliveryFeeCents: option.costCents, totalCents: job.pricing.customerPaysCents + option.costCents };
  const at = deps.clock().toISOString();
  try {
    await deps.store.entities.jobs
      .patch({ jobId: job.jobId })
      .set({ shipping, pricing, updatedAt: at })
      .where((a, o) => `${o.eq(a.status, "submitted")} AND ${o.eq(a.customerId, userId)}`)
      .go();
  } catch (e) {
    if (isConditionFailure(e)) throw fail("shipping_locked");
    throw e;
  }
  return { ...job, shipping, pricing, updatedAt: at } as OrderRecord;
}
