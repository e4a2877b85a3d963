import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { type TxItem, writeTransaction } from "../db/transact.ts";
import { type EventPublisher, publishAfterWrite } from "../events/publisher.ts";
import { DETAIL_TYPES } from "../events/rules.ts";
import type { Clock } from "../orders/clock.ts";
import { publishPaymentChanged } from "../orders/events.ts";
import { type OrderRecord, orderPrinterOf } from "../orders/load.ts";
import { tallyItems } from "../orders/tallies.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { type PaymentGateway, PaymentRefusedError, PaymentStateError } from "./port.ts";
import { CaptureFailed, ensureCaptured, releasePayment } from "./settle.ts";
import { finishedFields, MONEY_TASK_LEASE_MS, type MoneyTask, retryDelayMs, shouldAlarm } from "./tasks.ts";

/**
 * Carries out the money the product owes (payments/tasks.ts). `runMoneyTask` is called by the
 * request that recorded a debt (so the happy path is immediate) and by the sweep for whatever is
 * still owed. A task is leased before Stripe is called (a conditional write on its attempt count),
 * so two runners never call Stripe for it at once; Stripe's idempotency key covers a runner that
 * died after Stripe acted and before it wrote the result.
 */
export interface MoneyDeps {
  store: Store;
  payments: PaymentGateway;
  events: EventPublisher;
  clock: Clock;
}

export type TaskRun = "done" | "failed" | "retry" | "busy" | "none";

/** What Stripe did, and how the task's end is written with the record it settles. */
interface Settled {
  outcome: string;
  /** Items written in the same transaction as the task's end (the order's payment, a payout). */
  items: (tx: Parameters<Parameters<typeof writeTransaction>[1]>[0]) => TxItem[];
  /** Told after the write (architecture rule 6). */
  after?: () => Promise<void>;
}

/** Run one task now, if it is still owed and nobody else is running it. */
export async function runMoneyTask(deps: MoneyDeps, taskId: string): Promise<TaskRun> {
  const { data: task } = await deps.store.entities.moneyTasks.get({ taskId }).go({ consistent: true });
  if (!task) return "none";
  if (task.state !== "pending") return task.state;
  const leased = await lease(deps, task);
  if (!leased) return "busy";
  let settled: Settled;
  try {
    settled = await carryOut(deps, leased);
  } catch (e) {
    return e instanceof PaymentRefusedError ? refused(deps, leased, e) : retryLater(deps, leased, e);
  }
  const at = deps.clock().toISOString();
  const written = await writeTransaction(deps.store, (tx) => [
    tx.moneyTasks
      .patch({ taskId })
      .set(finishedFields("done", at, settled.outcome))
      .where((a, o) => `${o.eq(a.state, "pending")} AND ${o.eq(a.attempts, leased.attempts)}`)
      .commit(),
    ...settled.items(tx),
  ]);
  // Lost the lease meanwhile (a runner that outlived it finished first): that runner wrote the result.
  if (!written.ok) return "busy";
  await settled.after?.();
  return "done";
}

/**
 * The sweep: every task due by now, oldest first, each run as above. Returns what happened, so
 * the scheduled handler can report it.
 */
export async function runDueMoneyTasks(deps: MoneyDeps, options: { limit?: number } = {}) {
  const now = deps.clock().toISOString();
  const { data: due } = await deps.store.entities.moneyTasks.query
    .byState({ state: "pending" })
    .lte({ dueAt: now })
    .go({ limit: options.limit ?? 100 });
  const counts: Record<TaskRun, number> = { done: 0, failed: 0, retry: 0, busy: 0, none: 0 };
  for (const task of due) counts[await runMoneyTask(deps, task.taskId)]++;
  return { checked: due.length, ...counts };
}

/** Tasks still owed after the alarm's hour, oldest first (for the staff console and the runbook). */
export async function stuckMoneyTasks(store: Store, now: Date) {
  const { data } = await store.entities.moneyTasks.query.byState({ state: "pending" }).go({ pages: "all" });
  const failed = await store.entities.moneyTasks.query.byState({ state: "failed" }).go({ pages: "all" });
  return [...data.filter((t) => shouldAlarm({ ...t, alarmedAt: undefined }, now)), ...failed.data].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
}

async function lease(deps: MoneyDeps, task: MoneyTask): Promise<MoneyTask | null> {
  const now = deps.clock();
  const dueAt = new Date(now.getTime() + MONEY_TASK_LEASE_MS).toISOString();
  try {
    await deps.store.entities.moneyTasks
      .patch({ taskId: task.taskId })
      .set({ attempts: task.attempts + 1, dueAt, state: "pending" })
      .where((a, o) => `${o.eq(a.state, "pending")} AND ${o.eq(a.attempts, task.attempts)}`)
      .go();
    return { ...task, attempts: task.attempts + 1, dueAt };
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

/** Stripe could not be reached or answered with an error worth retrying: try again later. */
async function retryLater(deps: MoneyDeps, task: MoneyTask, error: unknown): Promise<TaskRun> {
  const now = deps.clock();
  const lastError = (error as Error)?.message ?? String(error);
  const alarm = shouldAlarm(task, now);
  if (alarm) {
    // The alarm-worthy line (docs/operations.md "MoneyOwedTooLong"): money owed for over an hour.
    console.error(
      JSON.stringify({
        level: "error",
        alarm: "MoneyOwedTooLong",
        message: `money still owed after ${task.attempts} attempts`,
        taskId: task.taskId,
        kind: task.kind,
        jobId: task.jobId ?? null,
        payoutId: task.payoutId ?? null,
        createdAt: task.createdAt,
        error: lastError,
      }),
    );
  }
  await deps.store.entities.moneyTasks
    .patch({ taskId: task.taskId })
    .set({
      state: "pending",
      dueAt: new Date(now.getTime() + retryDelayMs(task.attempts)).toISOString(),
      lastError: lastError.slice(0, 500),
      ...(alarm ? { alarmedAt: now.toISOString() } : {}),
    })
    .where((a, o) => o.eq(a.attempts, task.attempts))
    .go()
    .catch((e) => {
      if (!isConditionFailure(e)) throw e;
    });
  return "retry";
}

/**
 * Stripe refused for good: the task ends `failed`. A payout's amount returns to the owner's available
 * balance. A refund stays owed to the customer (in the order's `refundsOwedCents`, with the owner's
 * earning it took back): staff see it in the money queue and retry it once the cause is fixed, and
 * what is left to refund does not count it again, so a second refund by hand cannot take the same
 * earning back twice (and a retry that lands takes it off the owed once).
 */
async function refused(deps: MoneyDeps, task: MoneyTask, error: PaymentRefusedError): Promise<TaskRun> {
  const at = deps.clock().toISOString();
  console.error(
    JSON.stringify({
      level: "error",
      alarm: "MoneyRefused",
      message: "Stripe refused a money task",
      taskId: task.taskId,
      error: error.message,
    }),
  );
  const undo = task.kind === "transfer" ? payoutReturned(task, error.message) : () => [];
  const written = await writeTransaction(deps.store, (tx) => [
    tx.moneyTasks
      .patch({ taskId: task.taskId })
      .set({ ...finishedFields("failed", at, "refused"), lastError: error.message.slice(0, 500) })
      .where((a, o) => `${o.eq(a.state, "pending")} AND ${o.eq(a.attempts, task.attempts)}`)
      .commit(),
    ...undo(tx),
  ]);
  if (written.ok && task.kind === "transfer" && task.ownerId && task.payoutId)
    await publishAfterWrite(deps.events, DETAIL_TYPES.payoutChanged, {
      ownerId: task.ownerId,
      payoutId: task.payoutId,
      amountCents: task.amountCents ?? 0,
      status: "failed",
      at,
    });
  return written.ok ? "failed" : "busy";
}

async function carryOut(deps: MoneyDeps, task: MoneyTask): Promise<Settled> {
  switch (task.kind) {
    case "release":
      return release(deps, task);
    case "capture":
      return capture(deps, task);
    case "refund":
      return refundPart(deps, task);
    case "transfer":
      return transfer(deps, task);
  }
}

async function orderOf(deps: MoneyDeps, task: MoneyTask): Promise<OrderRecord | null> {
  if (!task.jobId) return null;
  const { data } = await deps.store.entities.jobs.get({ jobId: task.jobId }).go({ consistent: true });
  return data;
}

/** Tell both sides money moved (the notification and e-mail consumers). */
async function told(deps: MoneyDeps, job: OrderRecord, kind: "released" | "refunded" | "captured", amountCents: number, sourceId: string) {
  const ownerId = job.orderOwnerId ?? (await orderPrinterOf(deps.store, job))?.ownerId ?? null;
  await publishPaymentChanged(deps.events, {
    jobId: job.jobId,
    orderNumber: formatOrderNumber(job.orderNumber),
    customerId: job.customerId,
    ownerId,
    kind,
    amountCents,
    message: null,
    sourceId,
    at: deps.clock().toISOString(),
  });
}

/** Give back everything Stripe still holds or has captured for the order. */
async function release(deps: MoneyDeps, task: MoneyTask): Promise<Settled> {
  const outcome = await releasePayment(deps.payments, task.intentId ?? "");
  const job = await orderOf(deps, task);
  const at = deps.clock().toISOString();
  const payment = job?.payment;
  if (!job || !payment || payment.intentId !== task.intentId) return { outcome: outcome.kind, items: () => [] };
  const recorded =
    outcome.kind === "refunded"
      ? { ...payment, status: "refunded" as const, refundedAt: at, refundedCents: outcome.refundedCents }
      : { ...payment, status: "released" as const, releasedAt: at };
  // Nothing was held for an order never paid, nor for one whose hold was given back already (a card
  // confirmed for a total the order had left, payments/sync.ts): only tell people about money that moved.
  const moved = (payment.status !== "pending" && payment.status !== "released") || outcome.kind === "refunded";
  return {
    outcome: outcome.kind,
    items: (tx) => [tx.jobs.patch({ jobId: job.jobId }).set({ payment: recorded }).commit()],
    after: moved
      ? () =>
          told(
            deps,
            job,
            outcome.kind,
            outcome.kind === "refunded" ? outcome.refundedCents : payment.amountCents,
            `${outcome.kind}-${payment.intentId}`,
          )
      : undefined,
  };
}

/** Capture an accepted order's hold; nothing to do once the order closed (its release gives it back). */
async function capture(deps: MoneyDeps, task: MoneyTask): Promise<Settled> {
  const job = await orderOf(deps, task);
  const payment = job?.payment;
  if (!job || !payment || payment.status !== "capture_pending") return { outcome: "not needed", items: () => [] };
  try {
    // amountCents is what the accept decided to capture (less than held when a lower price was agreed).
    await ensureCaptured(deps.payments, payment.intentId, payment.authorizedCents ? payment.amountCents : undefined);
  } catch (e) {
    // The hold is gone (released, expired): no retry brings it back. Staff must look.
    if (e instanceof CaptureFailed) throw new PaymentRefusedError(e.message);
    throw e;
  }
  const at = deps.clock().toISOString();
  return {
    outcome: "captured",
    items: (tx) => [
      tx.jobs
        .patch({ jobId: job.jobId })
        .set({ payment: { ...payment, status: "captured", capturedAt: at } })
        .where((a, o) => o.eq(a.payment.status, "capture_pending"))
        .commit(),
    ],
    after: () => told(deps, job, "captured", payment.amountCents, `capture-${payment.intentId}`),
  };
}

/**
 * Refund part (or the rest) of a capture: a claim's decision. The order records what was refunded
 * (refunded once nothing is left) and the claim that it landed, with the task's end.
 */
async function refundPart(deps: MoneyDeps, task: MoneyTask): Promise<Settled> {
  const amount = task.amountCents ?? 0;
  let refundId: string;
  try {
    refundId = (await deps.payments.refundIntent(task.intentId ?? "", task.idempotencyKey, amount)).refundId;
  } catch (e) {
    if (e instanceof PaymentStateError) return alreadyRefunded(deps, task);
    throw e;
  }
  const job = await orderOf(deps, task);
  const payment = job?.payment;
  const refundedCents = (payment?.refundedCents ?? 0) + amount;
  return {
    outcome: refundId,
    items: refundRecorded(deps, task, job, refundedCents),
    after: job ? () => told(deps, job, "refunded", amount, `refund-${task.taskId}`) : undefined,
  };
}

/**
 * Stripe says nothing is left of the charge to refund: a release got there first, or the whole charge
 * went back outside Printhood (Stripe's dashboard, a dispute). The customer has their money, so the
 * refund is no longer owed: the order stops counting it (else it would say "Refund on its way" for
 * ever, with the task done and gone from staff's list), a captured payment reads as refunded in full,
 * as Stripe has it, and a claim's refund as done. Nobody is told that Printhood refunded it: it did not.
 */
async function alreadyRefunded(deps: MoneyDeps, task: MoneyTask): Promise<Settled> {
  const job = await orderOf(deps, task);
  const payment = job?.payment;
  const captured = payment?.status === "captured" || payment?.status === "refund_pending";
  return {
    outcome: "already refunded",
    items: refundRecorded(deps, task, job, captured ? payment.amountCents : (payment?.refundedCents ?? 0)),
  };
}

/** The order's record of a refund that landed (the customer's money now `refundedCents` back). */
function refundRecorded(deps: MoneyDeps, task: MoneyTask, job: OrderRecord | null, refundedCents: number): Settled["items"] {
  const payment = job?.payment;
  const at = deps.clock().toISOString();
  const moved = payment !== undefined && refundedCents !== (payment.refundedCents ?? 0);
  const refunded = payment && {
    ...payment,
    ...(moved ? { refundedCents, refundedAt: at } : {}),
    status: refundedCents >= payment.amountCents ? "refunded" : payment.status === "refund_pending" ? "captured" : payment.status,
  };
  return (tx) => [
    ...(job && refunded
      ? [
          tx.jobs
            .patch({ jobId: job.jobId })
            .set({ payment: refunded })
            .add({ refundsOwedCents: task.owedOnOrder ? -(task.amountCents ?? 0) : 0 })
            // On the refunds as read: two refunds of one order landing at once would otherwise count one
            // (the loser is tried again after its lease, and Stripe answers the same refund).
            .where((a, o) => `${o.notExists(a.payment.refundedCents)} OR ${o.eq(a.payment.refundedCents, payment?.refundedCents ?? 0)}`)
            .commit(),
          // The customer's Total Spent (and the printer's tally) give the refund back in the same write.
          ...tallyItems(tx, job, { ...job, payment: refunded }),
        ]
      : []),
    ...(task.claimId ? [tx.claims.patch({ claimId: task.claimId }).set({ refundStatus: "done", updatedAt: at }).commit()] : []),
  ];
}

/** Pay a requested payout to the owner's connected account. */
async function transfer(deps: MoneyDeps, task: MoneyTask): Promise<Settled> {
  const { ownerId, payoutId, payoutCreatedAt } = task;
  const amountCents = task.amountCents ?? 0;
  if (!ownerId || !payoutId || !payoutCreatedAt) throw new PaymentRefusedError("transfer task without its payout");
  const { data: user } = await deps.store.entities.users.get({ userId: ownerId }).go({ consistent: true });
  const destination = user?.stripeAccountId;
  if (!destination) throw new PaymentRefusedError("the owner has no connected Stripe account");
  const { transferId } = await deps.payments.createTransfer({
    amountCents,
    destination,
    idempotencyKey: task.idempotencyKey,
    metadata: { payoutId, ownerId },
  });
  const at = deps.clock().toISOString();
  return {
    outcome: transferId,
    items: (tx) => [
      tx.payouts
        .patch({ ownerId, createdAt: payoutCreatedAt, payoutId })
        .set({ status: "paid", transferId, destination, paidAt: at })
        .where((a, o) => o.eq(a.status, "requested"))
        .commit(),
      tx.balances.update({ ownerId }).add({ requestedCents: -amountCents, paidCents: amountCents }).commit(),
    ],
    after: () => publishAfterWrite(deps.events, DETAIL_TYPES.payoutChanged, { ownerId, payoutId, amountCents, status: "paid", at }),
  };
}

/** A payout Stripe refused: it fails and its amount returns to the owner's available balance. */
function payoutReturned(task: MoneyTask, failure: string) {
  return (tx: Parameters<Settled["items"]>[0]): TxItem[] => {
    const { ownerId, payoutId, payoutCreatedAt } = task;
    if (!ownerId || !payoutId || !payoutCreatedAt) return [];
    const amountCents = task.amountCents ?? 0;
    return [
      tx.payouts
        .patch({ ownerId, createdAt: payoutCreatedAt, payoutId })
        .set({ status: "failed", failure })
        .where((a, o) => o.eq(a.status, "requested"))
        .commit(),
      tx.balances.update({ ownerId }).add({ requestedCents: -amountCents, availableCents: amountCents }).commit(),
    ];
  };
}
