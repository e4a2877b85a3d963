import type { Store } from "../db/store.ts";
import { type PresentedJob, presentJob, printerSummary } from "../jobs/jobs.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import type { OrderRecord, Viewer } from "./load.ts";

const mm = (n: number) => String(Math.round(n * 10) / 10);

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

export type OrderCustomer = { username: string; firstName: string | null; lastName: string | null; email: string } | null;

/**
 * One order as its viewer may see it (spec 2 §2 "Order details", §3): the owner sees the
 * customer's name and email; the customer sees the printer and its owner's names. Nobody else
 * reaches this (loadOrderFor answers 404).
 */
export async function presentOrder(store: Store, job: OrderRecord, printer: PrinterRecord | null, viewer: Viewer) {
  const [summary, customerRecord] = await Promise.all([
    printerSummary(store, printer),
    store.entities.users.get({ userId: job.customerId }).go(),
  ]);
  const c = customerRecord.data;
  const customer: OrderCustomer = c
    ? { username: c.username, firstName: c.firstName ?? null, lastName: c.lastName ?? null, email: c.email }
    : null;
  const base: PresentedJob = presentJob(job, summary);
  return {
    ...base,
    ...orderFields(job, printer),
    printer: summary ? { ...summary, number: printer?.printerNumber ?? null } : null,
    customer,
    viewer,
  };
}
