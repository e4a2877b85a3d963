import { z } from "zod";
import type { Store } from "../db/store.ts";
import { jobPrinterSchema, jobSchema, presentJob, printerSummary } from "../jobs/present.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import type { OrderRecord, Viewer } from "./load.ts";

const mm = (n: number) => String(Math.round(n * 10) / 10);
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
        status: z.enum(["pending", "authorized", "captured", "released", "refunded"]),
        amountCents: cents,
        amount: z.string(),
        authorizedAt: stamp,
        capturedAt: stamp,
        releasedAt: stamp,
        refundedAt: stamp,
        refundedCents: cents,
      })
      .nullable(),
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
    cancelReason: z.enum(["customer", "expired_unpaid", "expired_unaccepted", "payment_failed"]).nullable(),
    ownerMessage: z.string().nullable(),
    rejectedAt: stamp,
    readyAt: stamp,
    expiresAt: stamp.meta({ description: "When an unpaid or unaccepted order expires (null once it moved on)" }),
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
  return { x: b.x, y: b.y, z: b.z, text: `${mm(b.x)} × ${mm(b.y)} × ${mm(b.z)} mm` };
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
        }
      : null,
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
  };
}

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
  const c = customerRecord.data;
  const customer: OrderCustomer = c
    ? { username: c.username, firstName: c.firstName ?? null, lastName: c.lastName ?? null, email: c.email }
    : null;
  return {
    ...presentJob(job, summary),
    ...orderFields(job, printer),
    printer: summary ? { ...summary, number: printer?.printerNumber ?? null } : null,
    customer,
    viewer,
  };
}
