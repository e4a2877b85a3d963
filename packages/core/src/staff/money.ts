import { randomUUID } from "node:crypto";
import { z } from "zod";
import { dollarAmount } from "../claims/schemas.ts";
import { getTogether, keyed } from "../db/batch.ts";
import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import { ledgerOnReverse, readLedgerEntry } from "../ledger/ledger.ts";
import { findOrder, orderPrinterOf } from "../orders/load.ts";
import { tallyItems } from "../orders/tallies.ts";
import { moneyTaskId, oweRefund, shouldAlarm } from "../payments/tasks.ts";
import { type MoneyDeps, runMoneyTask, stuckMoneyTasks } from "../payments/worker.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { earnedFromOrder } from "../shared/earnings.ts";
import { fail } from "../shared/errors.ts";
import { refundableCents } from "../shared/payment-status.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import { cleanLines } from "../shared/text.ts";
import { recordStaffAction, type StaffActor } from "./audit.ts";
import { publishStaffRefund } from "./refund-notice.ts";

/*
 * Money from the staff console (issue 21 §5, issue 24 §5): a refund by hand, and the money the
 * product still owes after an hour (issue 26 §1), with a way to try it again now.
 */

export const staffRefundInput = z
  .strictObject({
    amount: dollarAmount,
    reason: z
      .string()
      .transform((s) => cleanLines(s))
      .pipe(z.string().min(1, "Please write the reason the customer and the owner will read.").max(2000)),
  })
  .meta({ id: "StaffRefundInput" });
export type StaffRefundInput = z.output<typeof staffRefundInput>;

/**
 * POST /api/staff/orders/{id}/refund: refund part or all of an order's captured payment through
 * Stripe Refunds (owed as a money task, idempotent, retried until Stripe confirms). What the owner
 * earned from the order is reduced by as much (at most their earning), from wherever it is now, in
 * the same transaction as the refund owed and staff's audit line.
 */
export async function staffRefundOrder(deps: MoneyDeps, staff: StaffActor, ref: string, input: StaffRefundInput) {
  const job = await findOrder(deps.store, ref);
  if (!job) throw fail("order_not_found");
  const payment = job.payment;
  if (!payment || (payment.status !== "captured" && payment.status !== "capture_pending")) throw fail("nothing_paid");
  // Refunds still owed (Stripe down, or another staff member's refund a moment ago) are not left.
  const owed = job.refundsOwedCents ?? 0;
  const left = refundableCents(payment, owed);
  if (input.amount > left) throw fail("refund_too_large", { most: centsToDecimal(left) });
  const entry = job.orderOwnerId ? await readLedgerEntry(deps.store, job.orderOwnerId, job.jobId) : null;
  const reverse = entry ? Math.min(input.amount, Math.max(0, earnedFromOrder(job))) : 0;
  const at = deps.clock().toISOString();
  const refundKey = `staff-${randomUUID()}`;
  const full = input.amount >= left;
  const outcome = await writeTransaction(deps.store, (tx) => [
    tx.jobs
      .patch({ jobId: job.jobId })
      .set({ updatedAt: at, ...(full ? { payment: { ...payment, status: "refund_pending" as const } } : {}) })
      .add({ earningsReversedCents: reverse, refundsOwedCents: input.amount })
      // On the money as read: a refund recorded or landed meanwhile changes what is left.
      .where(
        (a, o) =>
          `${o.eq(a.payment.status, payment.status)} AND (${o.notExists(a.refundsOwedCents)} OR ${o.eq(a.refundsOwedCents, owed)}) AND (${o.notExists(a.payment.refundedCents)} OR ${o.eq(a.payment.refundedCents, payment.refundedCents ?? 0)})`,
      )
      .commit(),
    ...oweRefund(tx, { job, refundKey, amountCents: input.amount }, at),
    ...(entry && reverse > 0 ? ledgerOnReverse(tx, entry, reverse, at) : []),
    // What the order brought its owner is less by as much in the printer's tally (orders/tallies.ts).
    ...tallyItems(tx, job, { ...job, earningsReversedCents: (job.earningsReversedCents ?? 0) + reverse }),
    recordStaffAction(tx, {
      staff,
      action: "order.refund",
      target: { kind: "order", id: job.jobId, label: formatOrderNumber(job.orderNumber) ?? job.fileName },
      reason: input.reason,
      details: { amountCents: input.amount, earningReversedCents: reverse },
      at,
    }),
  ]);
  if (!outcome.ok) throw fail("order_changed");
  // Money moved: both sides are told (the bell and an e-mail), as a claim's refund is.
  const ownerId = job.orderOwnerId ?? (await orderPrinterOf(deps.store, job))?.ownerId ?? "";
  await publishStaffRefund(deps.events, job, { ownerId, amountCents: input.amount, earningReversedCents: reverse, at });
  try {
    await runMoneyTask(deps, moneyTaskId.refund(refundKey));
  } catch (e) {
    console.error(JSON.stringify({ level: "error", message: "staff refund not tried now", jobId: job.jobId, error: (e as Error).message }));
  }
  const { data } = await deps.store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true });
  return {
    orderId: job.jobId,
    amountCents: input.amount,
    earningReversedCents: reverse,
    paymentStatus: data?.payment?.status ?? payment.status,
    refundedCents: data?.payment?.refundedCents ?? 0,
  };
}

export const owedMoneySchema = z
  .object({
    id: z.string(),
    kind: z.enum(["release", "capture", "refund", "transfer"]),
    state: z.enum(["pending", "done", "failed"]),
    orderId: z.string().nullable(),
    orderNumber: z
      .string()
      .nullable()
      .meta({ description: "The order's number as people read it (PH-10005); null for a payout or an order without one" }),
    payoutId: z.string().nullable(),
    amount: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    nextTryAt: z.string().nullable(),
    overdue: z.boolean().meta({ description: "Still owed an hour after it was recorded (the MoneyOwedTooLong alarm)" }),
  })
  .meta({ id: "OwedMoney", description: "Money the product owes and Stripe has not confirmed: a release, capture, refund or payout." });

/** GET /api/staff/money: money still owed after an hour, and money Stripe refused for good, oldest first. */
export async function owedMoneyForStaff(store: Store, now: Date): Promise<z.infer<typeof owedMoneySchema>[]> {
  const tasks = await stuckMoneyTasks(store, now);
  // Staff know orders by the number the customer and the owner read them by: one batch read names them.
  const orderIds = [...new Set(tasks.flatMap((t) => (t.jobId ? [t.jobId] : [])))];
  const orders = await getTogether(
    store,
    orderIds.map((jobId) => keyed(store.entities.jobs, { jobId })),
  );
  const numberOf = new Map(orderIds.map((id, i) => [id, formatOrderNumber(orders[i]?.orderNumber) ?? null]));
  return tasks.map((t) => ({
    id: t.taskId,
    kind: t.kind,
    state: t.state,
    orderId: t.jobId ?? null,
    orderNumber: (t.jobId && numberOf.get(t.jobId)) || null,
    payoutId: t.payoutId ?? null,
    amount: t.amountCents !== undefined ? centsToDecimal(t.amountCents) : null,
    attempts: t.attempts,
    lastError: t.lastError ?? null,
    createdAt: t.createdAt,
    nextTryAt: t.state === "pending" ? t.dueAt : null,
    overdue: shouldAlarm({ ...t, alarmedAt: undefined }, now),
  }));
}

/**
 * POST /api/staff/money/{id}/retry: try an owed money task now (a task Stripe refused is owed
 * again first: staff fixed what made Stripe refuse, e.g. the owner finished their Stripe account).
 */
export async function retryOwedMoney(deps: MoneyDeps, staff: StaffActor, taskId: string, reason: string) {
  const { data: task } = await deps.store.entities.moneyTasks.get({ taskId }).go({ consistent: true });
  if (!task || task.state === "done") throw fail("money_task_not_found");
  const at = deps.clock().toISOString();
  await writeTransaction(deps.store, (tx) => [
    tx.moneyTasks.patch({ taskId }).set({ state: "pending", dueAt: at }).remove(["doneAt", "outcome", "expiresAt"]).commit(),
    recordStaffAction(tx, {
      staff,
      action: "money.retry",
      target: { kind: "order", id: task.jobId ?? task.payoutId ?? taskId },
      reason,
      at,
    }),
  ]);
  return runMoneyTask(deps, taskId);
}
