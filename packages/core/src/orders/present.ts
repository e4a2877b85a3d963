import { z } from "zod";
import type { ClaimRecord } from "../claims/events.ts";
import { claimSchema, presentClaim } from "../claims/read.ts";
import { getNamed, keyed } from "../db/batch.ts";
import type { Store } from "../db/store.ts";
import { jobPrinterSchema, jobSchema, type PrinterSummary, presentJob, printerSummary, summaryOf } from "../jobs/present.ts";
import { mayProposePrice, orderPriceRange, proposalBounds } from "../price-proposals/rules.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import { sizeText } from "../shared/fit.ts";
import { STAFF_CANCEL_REASONS } from "../shared/lifecycle.ts";
import { PAYMENT_STATUSES, PRICE_PROPOSAL_STATUSES } from "../shared/payment-status.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import type { PublicUser } from "../users/present.ts";
import { findOrder, type OrderRecord, type Viewer } from "./load.ts";

const stamp = z.string().nullable();
const cents = z.number().int();

/** The person on the other side, as the viewer may see them (spec 2 §2 "Order details"). */
export const orderCustomerSchema = z
  .object({ username: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() })
  .nullable();

/**
 * An order as the API answers it to its customer or its printer's owner: the job, plus its number,
 * the held payment, the chosen shipping, the part's printed size, the owner's message and the
 * expiry time while one applies. The one definition of every order answer.
 */
export const orderSchema = jobSchema
  .extend({
    orderNumber: z.string().nullable().meta({ description: "PH-10423: accepted wherever an order id is" }),
    printerNumber: z.number().int().nullable(),
    printedSize: z
      .object({ x: z.number(), y: z.number(), z: z.number(), text: z.string() })
      .nullable()
      .meta({ description: "The part's bounding box at the chosen scale, in mm" }),
    payment: z
      .object({
        status: z.enum(PAYMENT_STATUSES).meta({
          description: "Where the money is; release_pending and refund_pending: owed back, on its way (Refund on its way)",
        }),
        amountCents: cents,
        amount: z.string(),
        authorizedAt: stamp,
        capturedAt: stamp,
        releasedAt: stamp,
        refundedAt: stamp,
        refundedCents: cents,
        authorizedCents: cents.nullable().meta({ description: "What the card held, when less was captured (an agreed lower price)" }),
      })
      .nullable(),
    priceRange: z
      .object({ lowCents: cents, highCents: cents, low: z.string(), high: z.string() })
      .nullable()
      .meta({ description: "The order's total at both ends of the estimate's range (null: the size-based estimate)" }),
    priceProposal: z
      .object({
        totalCents: cents,
        total: z.string(),
        previousTotalCents: cents,
        reason: z.string(),
        status: z
          .enum(PRICE_PROPOSAL_STATUSES)
          .meta({ description: "awaiting_payment: the customer accepted a price above the card's hold and pays a new hold for it" }),
        proposedAt: z.string(),
        answeredAt: stamp,
        count: z.number().int(),
      })
      .nullable()
      .meta({ description: "The owner's latest adjusted price and the customer's answer (POST /api/print-jobs/{id}/price-proposal)" }),
    priceBounds: z
      .object({ lowCents: cents, highCents: cents, low: z.string(), high: z.string() })
      .nullable()
      .meta({ description: "The prices the owner may propose now (null when none may be: not paid and waiting, or no range)" }),
    shipping: z
      .object({
        optionId: z.string(),
        carrier: z.string(),
        service: z.string(),
        description: z.string(),
        costCents: cents,
        cost: z.string(),
        zipFrom: z.string(),
        zipTo: z.string(),
      })
      .nullable(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    cancelReason: z.enum(["customer", "expired_unpaid", "expired_unaccepted", "payment_failed", ...STAFF_CANCEL_REASONS]).nullable(),
    ownerMessage: z.string().nullable(),
    rejectedAt: stamp,
    readyAt: stamp,
    expiresAt: stamp.meta({ description: "When an unpaid or unaccepted order expires (null once it moved on)" }),
    claimWindowEndsAt: stamp.meta({
      description: "Picked up or shipped: until then the customer may open a claim, and the owner's earning is held",
    }),
    receivedAt: stamp.meta({ description: "When the customer confirmed receipt (Received, looks good)" }),
    completionPhotoIds: z
      .array(z.string())
      .meta({ description: "Photos of the finished part sent with Mark Complete (GET /api/photos/{id})" }),
    earningsReversedCents: cents.meta({ description: "What a claim's refund took back from the owner's earning (0 when nothing)" }),
    claim: claimSchema
      .nullable()
      .meta({ description: "The order's claim under the money-back guarantee (on the order's own page; null in lists)" }),
    printer: jobPrinterSchema.extend({ number: z.number().int().nullable() }).nullable(),
    customer: orderCustomerSchema,
    viewer: z.enum(["customer", "owner"]),
  })
  .meta({ id: "Order", description: "An order as its customer or its printer's owner sees it." });
export type PresentedOrder = z.infer<typeof orderSchema>;

/** The part's real printed size (its bounding box at the chosen scale), as the owner needs it. */
export function printedSize(job: OrderRecord) {
  const b = job.boundingBox;
  if (b?.x === undefined || b.y === undefined || b.z === undefined) return null;
  return { x: b.x, y: b.y, z: b.z, text: sizeText({ x: b.x, y: b.y, z: b.z }) };
}

/** What every order answer adds to the job: its number, money, shipping, timeline and people. */
export function orderFields(job: OrderRecord, printer: PrinterRecord | null) {
  const p = job.payment;
  const s = job.shipping;
  return {
    orderNumber: formatOrderNumber(job.orderNumber),
    printerNumber: printer?.printerNumber ?? null,
    printedSize: printedSize(job),
    payment: p
      ? {
          status: p.status,
          amountCents: p.amountCents,
          amount: centsToDecimal(p.amountCents),
          authorizedAt: p.authorizedAt ?? null,
          capturedAt: p.capturedAt ?? null,
          releasedAt: p.releasedAt ?? null,
          refundedAt: p.refundedAt ?? null,
          refundedCents: p.refundedCents ?? 0,
          authorizedCents: p.authorizedCents ?? null,
        }
      : null,
    priceRange: withWords(orderPriceRange(job)),
    priceProposal: job.priceProposal
      ? {
          totalCents: job.priceProposal.totalCents,
          previousTotalCents: job.priceProposal.previousTotalCents,
          reason: job.priceProposal.reason,
          status: job.priceProposal.status,
          proposedAt: job.priceProposal.proposedAt,
          count: job.priceProposal.count,
          total: centsToDecimal(job.priceProposal.totalCents),
          answeredAt: job.priceProposal.answeredAt ?? null,
        }
      : null,
    priceBounds: !mayProposePrice(job) ? null : withWords(proposalBounds(job)),
    shipping: s
      ? {
          optionId: s.optionId,
          carrier: s.carrier,
          service: s.service,
          description: s.description,
          costCents: s.costCents,
          cost: centsToDecimal(s.costCents),
          zipFrom: s.zipFrom,
          zipTo: s.zipTo,
        }
      : null,
    carrier: job.carrier ?? null,
    trackingNumber: job.trackingNumber ?? null,
    cancelReason: job.cancelReason ?? null,
    ownerMessage: job.ownerMessage ?? null,
    rejectedAt: job.rejectedAt ?? null,
    readyAt: job.readyAt ?? null,
    /** When an unpaid or unaccepted order will expire (null once it moved on). */
    expiresAt: job.dueAt ?? null,
    claimWindowEndsAt: job.claimWindowEndsAt ?? null,
    receivedAt: job.receivedAt ?? null,
    completionPhotoIds: job.completionPhotoIds ?? [],
    earningsReversedCents: job.earningsReversedCents ?? 0,
  };
}

const withWords = (r: { lowCents: number; highCents: number } | null) =>
  r ? { ...r, low: centsToDecimal(r.lowCents), high: centsToDecimal(r.highCents) } : null;

export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

/**
 * One order as its viewer may see it (spec 2 §2 "Order details", §3): the owner sees the
 * customer's name and email; the customer sees the printer and its owner's names. Nobody else
 * reaches this (loadOrderFor answers 404).
 */
export async function presentOrder(store: Store, job: OrderRecord, printer: PrinterRecord | null, viewer: Viewer): Promise<PresentedOrder> {
  const [summary, customerRecord] = await Promise.all([
    printerSummary(store, printer),
    store.entities.users.get({ userId: job.customerId }).go(),
  ]);
  return orderAnswer(job, printer, summary, customerRecord.data, viewer);
}

type PersonFields = { username: string; firstName?: string | null | undefined; lastName?: string | null | undefined };

function orderAnswer(
  job: OrderRecord,
  printer: PrinterRecord | null,
  summary: PrinterSummary | null,
  c: (PersonFields & { email: string }) | null,
  viewer: Viewer,
  claim: ClaimRecord | null = null,
): PresentedOrder {
  const customer: OrderCustomer = c
    ? { username: c.username, firstName: c.firstName ?? null, lastName: c.lastName ?? null, email: c.email }
    : null;
  return {
    ...presentJob(job, summary),
    ...orderFields(job, printer),
    printer: summary ? { ...summary, number: printer?.printerNumber ?? null } : null,
    customer,
    claim: claim ? presentClaim(claim, viewer) : null,
    viewer,
  };
}

const publicName = (p: PersonFields | null): PrinterSummary["owner"] =>
  p ? { username: p.username, firstName: p.firstName ?? null, lastName: p.lastName ?? null } : null;

/**
 * An order as the signed-in `user` may see it: the answer of loadOrderFor + presentOrder (the same
 * 404 for anyone but its customer and its printer's owner), in two round trips: the order
 * (consistent), then its printer and the people on it in one BatchGetItem. The asking person's
 * own record is the one this request's session read, not read again. Orders made before jobs kept
 * `orderOwnerId` read the owner's name after the printer.
 */
export async function readOrderFor(
  store: Store,
  user: PublicUser,
  ref: string,
  /** The order as orderRead(store, ref) found it, when read beside the session (sessionWith); else it is read here. */
  prefetched?: { job: OrderRecord | null },
): Promise<PresentedOrder> {
  const job = prefetched ? prefetched.job : await findOrder(store, ref);
  if (!job) throw fail("order_not_found");
  const { printers, users, claims } = store.entities;
  const printerId = job.orderPrinterId ?? job.printerId;
  const isCustomer = job.customerId === user.id;
  const ownerHint = job.orderOwnerId;
  const read = await getNamed(store, {
    printer: printerId ? keyed(printers, { printerId }) : null,
    customer: isCustomer ? null : keyed(users, { userId: job.customerId }),
    owner: ownerHint && ownerHint !== user.id ? keyed(users, { userId: ownerHint }) : null,
    claim: job.claimId ? keyed(claims, { claimId: job.claimId }) : null,
  });
  const printer = read.printer;
  const isOwner = printer !== null && printer.ownerId === user.id;
  // Anyone else gets the answer of an order that does not exist (no probing for ids).
  if (!isCustomer && !isOwner) throw fail("order_not_found");
  let owner: PersonFields | null = null;
  if (printer) {
    if (printer.ownerId === user.id) owner = user;
    else if (read.owner && read.owner.userId === printer.ownerId) owner = read.owner;
    else owner = (await users.get({ userId: printer.ownerId }).go()).data;
  }
  const summary = printer ? summaryOf(printer, publicName(owner)) : null;
  return orderAnswer(job, printer, summary, isCustomer ? user : read.customer, isCustomer ? "customer" : "owner", read.claim);
}
