import type { z } from "zod";
import { writeTransaction } from "../db/transact.ts";
import type { OrderDeps } from "../orders/deps.ts";
import { publishOrderPayment } from "../orders/events.ts";
import { loadOrderFor, type OrderRecord } from "../orders/load.ts";
import { tallyItems } from "../orders/tallies.ts";
import { intentAnswer, type paymentIntentSchema } from "../payments/intents.ts";
import type { IntentView } from "../payments/port.ts";
import { releasePayment } from "../payments/settle.ts";
import { moneyTaskId, oweHoldRelease } from "../payments/tasks.ts";
import { runMoneyTask } from "../payments/worker.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import { publishPriceProposal } from "./events.ts";
import { adjustedPricing } from "./rules.ts";

/*
 * A higher agreed price (DECISIONS.md "Adjusted prices"): a hold cannot grow, so the customer who
 * accepts a price above what their card holds confirms a new hold for the new total on the order's
 * page (one more card entry: Stripe Elements, or local mode's test-card form). When Stripe says the
 * new hold is in place (the webhook, re-read), the order takes it as its payment and the new price
 * in one conditional write, and the old hold is owed back (its own money task, tried at once). If
 * the order moved on meanwhile (cancelled, expired, rejected, or the customer declined), the new
 * hold is given back instead. The order has one PaymentIntent at every moment, as before.
 */

type Deps = Pick<OrderDeps, "store" | "events" | "payments" | "clock">;

/** The new hold for a higher agreed price: one per proposal (the idempotency key names it). */
export function createNewHold(deps: Pick<OrderDeps, "payments">, job: OrderRecord, totalCents: number, count: number) {
  const number = formatOrderNumber(job.orderNumber);
  return deps.payments.createIntent({
    amountCents: totalCents,
    idempotencyKey: `order-${job.jobId}-price-${count}`,
    description: `Printhood order ${number ?? job.jobId}: ${job.fileName} (new price)`,
    metadata: { orderId: job.jobId, orderNumber: number ?? "", customerId: job.customerId, priceProposal: String(count) },
  });
}

/**
 * POST /api/print-jobs/{id}/price-proposal/payment: the new hold's client secret, for the card form
 * on the customer's order page (as create-payment-intent gives checkout its own).
 */
export async function newHoldIntent(deps: Deps, userId: string, ref: string): Promise<z.infer<typeof paymentIntentSchema>> {
  const { job, isCustomer } = await loadOrderFor(deps.store, userId, ref);
  if (!isCustomer) throw fail("customer_only");
  const intentId = job.priceProposal?.status === "awaiting_payment" ? job.priceProposal.intentId : undefined;
  if (!intentId) throw fail("no_new_hold");
  return intentAnswer(await deps.payments.retrieveIntent(intentId), job);
}

/** Whether `pi` is the new hold of the order's accepted higher price (not yet the order's payment). */
export const isNewHoldOf = (job: OrderRecord, pi: IntentView) => job.payment?.intentId !== pi.id && job.priceProposal?.intentId === pi.id;

/**
 * The webhook's part for a new hold (payments/sync.ts): in place and still wanted, the order takes
 * it with the new price; in place and no longer wanted, it is given back; otherwise nothing yet.
 */
export async function syncNewHold(deps: Deps, job: OrderRecord, pi: IntentView, sourceId: string) {
  if (pi.status !== "requires_capture") return "unchanged" as const;
  const proposal = job.priceProposal;
  const old = job.payment;
  const wanted =
    job.status === "confirmed" &&
    old?.status === "authorized" &&
    proposal?.status === "awaiting_payment" &&
    pi.capturableCents === proposal.totalCents;
  if (!wanted || !proposal || !old) {
    await releasePayment(deps.payments, pi.id);
    return "released" as const;
  }
  const at = deps.clock().toISOString();
  const accepted = { ...proposal, status: "accepted" as const, answeredAt: at };
  const set = {
    payment: { intentId: pi.id, status: "authorized" as const, amountCents: pi.capturableCents, authorizedAt: at },
    pricing: adjustedPricing(job.pricing, proposal.totalCents),
    priceProposal: accepted,
    updatedAt: at,
  };
  const written = await writeTransaction(deps.store, (tx) => [
    tx.jobs
      .patch({ jobId: job.jobId })
      .set(set)
      .where(
        (a, o) =>
          `${o.eq(a.status, "confirmed")} AND ${o.eq(a.priceProposal.status, "awaiting_payment")} AND ${o.eq(a.payment.intentId, old.intentId)}`,
      )
      .commit(),
    // The customer's Total Spent (and the printer's tally) count the new hold's amount from now on.
    ...tallyItems(tx, job, { ...job, ...set }),
    ...oweHoldRelease(tx, job.jobId, old.intentId, at),
  ]);
  if (!written.ok) {
    // The order moved meanwhile (cancelled, declined, or a duplicate webhook won): judge again from what it is now.
    const { data: now } = await deps.store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true });
    if (now?.payment?.intentId === pi.id) return "unchanged" as const;
    if (now) return syncNewHold(deps, now, pi, sourceId);
    await releasePayment(deps.payments, pi.id);
    return "released" as const;
  }
  try {
    await runMoneyTask(deps, moneyTaskId.releaseHold(job.jobId, old.intentId));
  } catch (e) {
    // Owed and recorded: the money sweep releases it.
    console.error(JSON.stringify({ level: "error", message: "old hold not released now", jobId: job.jobId, error: (e as Error).message }));
  }
  const moved = { ...job, ...set } as OrderRecord;
  const ownerId = job.orderOwnerId ?? null;
  if (ownerId) await publishPriceProposal(deps.events, moved, ownerId, "accepted", at);
  await publishOrderPayment(deps.events, job, { ownerId, kind: "authorized", amountCents: pi.capturableCents, sourceId, at });
  return "confirmed" as const;
}

/** The customer declined while the new hold was being paid: give it back if the card got that far. */
export async function dropNewHold(deps: Deps, intentId: string | undefined) {
  if (!intentId) return;
  await releasePayment(deps.payments, intentId).catch((e: Error) =>
    // A hold confirmed later is released by the webhook (the order no longer wants it).
    console.error(JSON.stringify({ level: "error", message: "new hold not released now", intentId, error: e.message })),
  );
}
