import { z } from "zod";
import { jobPartSchema, jobPricingSchema } from "../jobs/present.ts";
import { PARTS_ON_A_CARD, partCountsOf } from "../shared/parts.ts";
import { orderSchema, type PresentedOrder } from "./present.ts";

/**
 * An order as the lists give it (issue 23: a page of 24 under the 64 KB budget): a customer's
 * orders, an owner's jobs and a printer's queue. Every field of the spec's print job (spec 2 §3)
 * and everything the list screens show (the cards, the dashboards' tabs and stats, the owner's
 * moves, earnings and Job Details); not the figures only the order's page shows, which reads the
 * order itself (GET /api/print-jobs/{id}): each part's settings, measurements and price line, the
 * quote's breakdown, the estimate's price range and the bounds of a new price, the held payment's
 * history, the shipping option's details, the claim, and the copies of the id and the printer's number.
 *
 * A project's parts are the first PARTS_ON_A_CARD (the pictures a card shows) with the counts of
 * them all, so an order of twenty parts weighs in a list what one of four does.
 */
export const orderPartSummarySchema = jobPartSchema
  .pick({ number: true, fileName: true, quantity: true, thumbnailUrl: true })
  .meta({ id: "OrderPartSummary", description: "A part as a list shows it: its picture, its name and its copies." });

export const orderListItemSchema = orderSchema
  .omit({
    jobId: true,
    updatedAt: true,
    printerNumber: true,
    uploadId: true,
    fileSize: true,
    fileFormat: true,
    estimatedFromSize: true,
    boundingBox: true,
    parts: true,
    pricing: true,
    payment: true,
    priceRange: true,
    priceBounds: true,
    claim: true,
    shipping: true,
  })
  .extend({
    parts: z.array(orderPartSummarySchema).meta({
      description: `The project's first ${PARTS_ON_A_CARD} parts (GET /api/print-jobs/{id} has them all, with their settings, figures and price lines)`,
    }),
    partCount: z.number().int().meta({ description: "Parts in the project" }),
    copyCount: z.number().int().meta({ description: "Copies of every part together" }),
    pricing: jobPricingSchema.pick({ totalCents: true, platformFeeCents: true, printerProfitCents: true, deliveryFeeCents: true }).meta({
      id: "OrderListPricing",
      description: "What the customer pays, the platform's fee and what the owner earns (the order's page has the whole quote)",
    }),
    payment: orderSchema.shape.payment.unwrap().pick({ status: true, amountCents: true, refundedCents: true }).nullable(),
    shipping: orderSchema.shape.shipping
      .unwrap()
      .pick({ carrier: true, service: true, costCents: true, zipTo: true })
      .nullable()
      .meta({ description: "The chosen shipping option (the order's page has its id, words and origin)" }),
  })
  .meta({ id: "OrderListItem", description: "An order in a list; GET /api/print-jobs/{id} answers it whole." });
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** The list's copy of an order as the order's page presents it (the one presentation, trimmed). */
export function listItemOf(order: PresentedOrder): OrderListItem {
  const {
    jobId: _jobId,
    updatedAt: _updated,
    printerNumber: _number,
    uploadId: _upload,
    fileSize: _size,
    fileFormat: _format,
    estimatedFromSize: _estimated,
    boundingBox: _box,
    priceRange: _range,
    priceBounds: _bounds,
    claim: _claim,
    parts,
    pricing,
    payment,
    shipping,
    ...rest
  } = order;
  return {
    ...rest,
    parts: parts
      .slice(0, PARTS_ON_A_CARD)
      .map((p) => ({ number: p.number, fileName: p.fileName, quantity: p.quantity, thumbnailUrl: p.thumbnailUrl })),
    ...partCountsOf(parts),
    pricing: {
      totalCents: pricing.totalCents,
      platformFeeCents: pricing.platformFeeCents,
      printerProfitCents: pricing.printerProfitCents,
      deliveryFeeCents: pricing.deliveryFeeCents,
    },
    payment: payment ? { status: payment.status, amountCents: payment.amountCents, refundedCents: payment.refundedCents } : null,
    shipping: shipping
      ? { carrier: shipping.carrier, service: shipping.service, costCents: shipping.costCents, zipTo: shipping.zipTo }
      : null,
  };
}
