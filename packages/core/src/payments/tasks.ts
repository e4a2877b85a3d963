import type { EntityItem } from "electrodb";
import type { MoneyTaskEntity } from "../db/entities/money-task.ts";
import type { TxEntities, TxItem } from "../db/transact.ts";
import type { OrderRecord } from "../orders/load.ts";
import type { PaymentStatus } from "../shared/payment-status.ts";

/*
 * Money the product owes, recorded where it becomes owed (DECISIONS.md "Money that is owed").
 *
 * Calling Stripe inside a status change cannot be atomic with it: Stripe may be down, the function
 * may die in between. So the status change writes, in its own transaction, a task saying what
 * money must move (release a hold, refund, capture, transfer); then the request tries it at once,
 * and the money sweep (a schedule in AWS, a timer locally) tries whatever is still owed, with
 * backoff and the same Stripe idempotency key every time, until Stripe confirms. Nothing owed can
 * be forgotten: the debt and the status that owes it are written together or not at all.
 *
 * This file holds the pure rules (ids, keys, backoff, when to raise the alarm) and the
 * transaction items that record a debt; payments/worker.ts carries the tasks out.
 */

export type MoneyTask = EntityItem<typeof MoneyTaskEntity>;
export type MoneyTaskKind = MoneyTask["kind"];

/** A task being tried is leased for this long, so the sweep and the request never both run it. */
export const MONEY_TASK_LEASE_MS = 2 * 60_000;
/** A task still owed this long after it was recorded writes one alarm line (and shows to staff). */
export const MONEY_TASK_ALARM_AFTER_MS = 60 * 60_000;
/** Finished tasks are kept this long for the record, then the table's TTL drops them. */
export const MONEY_TASK_KEEP_DAYS = 90;

const FIRST_RETRY_MS = 15_000;
const LONGEST_WAIT_MS = 10 * 60_000;

/** How long to wait before the next try after `attempts` failed ones: 15 s, 30 s, 1 min … at most 10 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** True when a task still owed should raise its alarm now (once: `alarmedAt` records it). */
export function shouldAlarm(task: Pick<MoneyTask, "createdAt" | "alarmedAt" | "state">, now: Date): boolean {
  return task.state !== "done" && !task.alarmedAt && now.getTime() - Date.parse(task.createdAt) >= MONEY_TASK_ALARM_AFTER_MS;
}

/** Each debt's own id: one per order for its release and its capture, one per payout, one per claim refund. */
export const moneyTaskId = {
  release: (jobId: string) => `release:${jobId}`,
  /** A hold the order no longer uses: replaced by a new hold for a higher agreed price (price-proposals/new-hold.ts). */
  releaseHold: (jobId: string, intentId: string) => `release:${jobId}:${intentId}`,
  capture: (jobId: string) => `capture:${jobId}`,
  transfer: (payoutId: string) => `transfer:${payoutId}`,
  refund: (refundKey: string) => `refund:${refundKey}`,
};

/**
 * The payment status an order closes with (cancelled, rejected, expired, stopped by staff): money
 * held or charged is now owed back until the release task confirms it moved. An order never paid
 * keeps `pending`: its unconfirmed intent is cancelled too, but no money is owed.
 */
export function closingPaymentStatus(status: PaymentStatus): PaymentStatus {
  switch (status) {
    case "authorized":
      return "release_pending";
    case "captured":
    case "capture_pending":
      return "refund_pending";
    default:
      return status;
  }
}

/** The order's payment as it is once it closes (null when it never had one). */
export function closingPayment(job: OrderRecord): OrderRecord["payment"] | undefined {
  return job.payment ? { ...job.payment, status: closingPaymentStatus(job.payment.status) } : undefined;
}

const keepUntil = (at: string) => Math.floor(Date.parse(at) / 1000) + MONEY_TASK_KEEP_DAYS * 86_400;

/** The base of every new task: owed now, not yet tried. */
function owed(at: string) {
  return { state: "pending" as const, dueAt: at, createdAt: at, attempts: 0 };
}

/**
 * Give the order's money back, whatever Stripe holds when the task runs (payments/settle.ts
 * `releasePayment`: cancel a hold, refund a capture in full). Written with the step that closes
 * the order. A put, not a create: asking again for an order whose task already ran (a late
 * webhook found the money still held) simply owes it again, and the release reads Stripe afresh.
 */
export function oweRelease(tx: TxEntities, job: OrderRecord, at: string): TxItem[] {
  if (!job.payment) return [];
  return [
    tx.moneyTasks
      .put({
        taskId: moneyTaskId.release(job.jobId),
        kind: "release",
        jobId: job.jobId,
        intentId: job.payment.intentId,
        idempotencyKey: `refund-${job.payment.intentId}`,
        ...owed(at),
      })
      .commit(),
  ];
}

/**
 * Give back a hold the order no longer uses (a new hold for a higher agreed price replaced it). Its
 * own task, so the order's own release (when it closes) never overwrites it; the release finds
 * the order holding another intent and leaves the order's payment as it is.
 */
export function oweHoldRelease(tx: TxEntities, jobId: string, intentId: string, at: string): TxItem[] {
  return [
    tx.moneyTasks
      .create({
        taskId: moneyTaskId.releaseHold(jobId, intentId),
        kind: "release",
        jobId,
        intentId,
        idempotencyKey: `refund-${intentId}`,
        ...owed(at),
      })
      .commit(),
  ];
}

/** Capture the held payment of an order its owner accepted while Stripe could not be reached. */
export function oweCapture(tx: TxEntities, job: OrderRecord, at: string): TxItem[] {
  if (!job.payment) return [];
  return [
    tx.moneyTasks
      .put({
        taskId: moneyTaskId.capture(job.jobId),
        kind: "capture",
        jobId: job.jobId,
        intentId: job.payment.intentId,
        idempotencyKey: `capture-${job.payment.intentId}`,
        ...owed(at),
      })
      .commit(),
  ];
}

/** Refund `amountCents` of an order's capture (a claim's decision); `refundKey` names the decision. */
export function oweRefund(
  tx: TxEntities,
  input: { job: OrderRecord; refundKey: string; amountCents: number; claimId?: string },
  at: string,
): TxItem[] {
  const { job } = input;
  if (!job.payment) return [];
  return [
    tx.moneyTasks
      .create({
        taskId: moneyTaskId.refund(input.refundKey),
        kind: "refund",
        jobId: job.jobId,
        intentId: job.payment.intentId,
        amountCents: input.amountCents,
        idempotencyKey: `refund-${input.refundKey}`,
        owedOnOrder: true,
        ...(input.claimId ? { claimId: input.claimId } : {}),
        ...owed(at),
      })
      .commit(),
  ];
}

/** Pay a requested payout to the owner's connected account. */
export function oweTransfer(
  tx: TxEntities,
  payout: { ownerId: string; payoutId: string; createdAt: string; amountCents: number },
  at: string,
): TxItem[] {
  return [
    tx.moneyTasks
      .create({
        taskId: moneyTaskId.transfer(payout.payoutId),
        kind: "transfer",
        ownerId: payout.ownerId,
        payoutId: payout.payoutId,
        payoutCreatedAt: payout.createdAt,
        amountCents: payout.amountCents,
        idempotencyKey: `payout-${payout.payoutId}`,
        ...owed(at),
      })
      .commit(),
  ];
}

/** The task's end, as its last write sets it: done (or refused for good) and kept for the record. */
export function finishedFields(state: "done" | "failed", at: string, outcome: string) {
  return { state, dueAt: at, doneAt: at, outcome, expiresAt: keepUntil(at) };
}
