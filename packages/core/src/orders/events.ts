import { type EventPublisher, publishAfterWrite } from "../events/publisher.ts";
import { DETAIL_TYPES } from "../events/rules.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import type { JobAction, JobActor, JobStatus } from "../shared/lifecycle.ts";
import type { OrderRecord } from "./load.ts";

/**
 * `job.status_changed`: published after every status change has been written (architecture
 * rule 6), with what the notification and e-mail consumers need to tell both sides without
 * reading anything back. `status` repeats `to` for consumers written before `to` existed.
 */
export interface JobStatusChanged {
  jobId: string;
  orderNumber: string | null;
  from: JobStatus;
  to: JobStatus;
  status: JobStatus;
  action: JobAction;
  actor: JobActor;
  /** The person who acted (null for the system). */
  actorId: string | null;
  customerId: string;
  ownerId: string;
  printerId: string;
  fileName: string;
  /** Why: "customer" (cancelled by the customer), "expired" (nobody paid or accepted in time), "payment_failed". */
  reason: string | null;
  /** For expiry: what was missing ("unpaid" or "unaccepted"). */
  expired: "unpaid" | "unaccepted" | null;
  /** The owner's words on accepting or rejecting. */
  message: string | null;
  deliveryMethod: string;
  carrier: string | null;
  trackingNumber: string | null;
  at: string;
}

export function statusChanged(
  job: OrderRecord,
  change: { from: JobStatus; to: JobStatus; action: JobAction; actor: JobActor; actorId: string | null; at: string },
  ownerId: string,
  extra: { reason?: string; expired?: "unpaid" | "unaccepted"; message?: string } = {},
): JobStatusChanged {
  return {
    jobId: job.jobId,
    orderNumber: formatOrderNumber(job.orderNumber),
    ...change,
    status: change.to,
    customerId: job.customerId,
    ownerId,
    printerId: job.orderPrinterId ?? job.printerId ?? "",
    fileName: job.fileName,
    reason: extra.reason ?? null,
    expired: extra.expired ?? null,
    message: extra.message ?? null,
    deliveryMethod: job.deliveryMethod,
    carrier: job.carrier ?? null,
    trackingNumber: job.trackingNumber ?? null,
  };
}

export const publishStatusChanged = (events: EventPublisher, detail: JobStatusChanged) =>
  publishAfterWrite(events, DETAIL_TYPES.jobStatusChanged, detail as unknown as Record<string, unknown>);

/**
 * `payment.changed`: the held payment was authorised, failed, captured, released or refunded.
 * `sourceId` is the Stripe event (or our own step) it comes from, so a consumer can ignore repeats.
 */
export interface PaymentChanged {
  jobId: string;
  orderNumber: string | null;
  customerId: string;
  ownerId: string | null;
  kind: "authorized" | "failed" | "captured" | "released" | "refunded";
  amountCents: number;
  /** The provider's message when a payment failed ("Your card was declined."). */
  message: string | null;
  sourceId: string;
  at: string;
}

export const publishPaymentChanged = (events: EventPublisher, detail: PaymentChanged) =>
  publishAfterWrite(events, DETAIL_TYPES.paymentChanged, detail as unknown as Record<string, unknown>);

/** `payment.changed` for an order, from the order itself and what happened to its money. */
export const publishOrderPayment = (
  events: EventPublisher,
  job: Pick<OrderRecord, "jobId" | "orderNumber" | "customerId">,
  change: Pick<PaymentChanged, "ownerId" | "kind" | "amountCents" | "sourceId" | "at"> & { message?: string | null },
) =>
  publishPaymentChanged(events, {
    jobId: job.jobId,
    orderNumber: formatOrderNumber(job.orderNumber),
    customerId: job.customerId,
    message: null,
    ...change,
  });
