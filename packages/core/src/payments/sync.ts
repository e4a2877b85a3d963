import { writeTransaction } from "../db/transact.ts";
import { addHours } from "../orders/clock.ts";
import type { OrderDeps } from "../orders/deps.ts";
import { publishOrderPayment, publishPaymentChanged, publishStatusChanged, statusChanged } from "../orders/events.ts";
import { type OrderRecord, orderPrinterOf } from "../orders/load.ts";
import { moveOrder } from "../orders/move.ts";
import { settleClosedOrder } from "../orders/settle.ts";
import { isNewHoldOf, syncNewHold } from "../price-proposals/new-hold.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { isClosed } from "../shared/job-groups.ts";
import { chargeCents, recordReleasedHold } from "./intents.ts";
import { releasePayment } from "./settle.ts";
import { oweRelease } from "./tasks.ts";

export type SyncOutcome = "confirmed" | "released" | "failed" | "unchanged" | "ignored";

/**
 * What a Stripe webhook means for an order (the consumer of `stripe.webhook`). The event itself is
 * only a prompt: the PaymentIntent is read again from Stripe, so duplicated, reordered or late
 * events all lead to the same state. A held payment (`requires_capture`) for an order awaiting
 * payment confirms it (`submitted → confirmed`, a conditional write, so a duplicate finds it
 * confirmed and does nothing) and starts the wait for the owner. A hold for an order that is gone
 * (cancelled, rejected, expired), or for an intent the order does not hold, is released.
 */
export async function syncPaymentIntent(deps: OrderDeps, intentId: string, sourceId: string, depth = 0): Promise<SyncOutcome> {
  const pi = await deps.payments.retrieveIntent(intentId);
  const jobId = pi.metadata.orderId;
  if (!jobId) return "ignored";
  const { data: job } = await deps.store.entities.jobs.get({ jobId }).go({ consistent: true });
  const holdsMoney = pi.status === "requires_capture" || (pi.status === "succeeded" && pi.refundedCents < pi.receivedCents);
  // A new hold for a higher agreed price: the order takes it, or gives it back (price-proposals/new-hold.ts).
  if (job && isNewHoldOf(job, pi)) return syncNewHold(deps, job, pi, sourceId);
  if (!job || job.payment?.intentId !== pi.id) {
    // Never keep money for an order that does not hold this intent.
    if (holdsMoney) await releasePayment(deps.payments, pi.id);
    return holdsMoney ? "released" : "ignored";
  }
  const ownerId = (await orderPrinterOf(deps.store, job))?.ownerId ?? null;

  if (pi.status === "requires_capture" && job.status === "submitted") {
    const confirmed = await confirm(deps, job, ownerId, pi.capturableCents, sourceId);
    if (confirmed !== "lost") return confirmed;
    // The order moved meanwhile (cancelled, expired): decide again from what it is now.
    if (depth < 2) return syncPaymentIntent(deps, intentId, sourceId, depth + 1);
    throw new Error(`payment ${intentId} could not be matched to order ${job.jobId}`);
  }
  if (holdsMoney && isClosed(job)) {
    // Money held for a closed order (a card confirmed as the order closed): owed back like any other.
    await writeTransaction(deps.store, (tx) => oweRelease(tx, job, deps.clock().toISOString()));
    await settleClosedOrder(deps, job);
    return "released";
  }
  if (pi.status === "requires_payment_method" && pi.lastError && job.status === "submitted") {
    await publishPaymentChanged(deps.events, {
      jobId: job.jobId,
      orderNumber: formatOrderNumber(job.orderNumber),
      customerId: job.customerId,
      ownerId,
      kind: "failed",
      amountCents: pi.amountCents,
      message: pi.lastError,
      sourceId,
      at: deps.clock().toISOString(),
    });
    return "failed";
  }
  return "unchanged";
}

async function confirm(deps: OrderDeps, job: OrderRecord, ownerId: string | null, heldCents: number, sourceId: string) {
  const payment = job.payment;
  if (!payment) return "unchanged" as const;
  // The hold must cover exactly what the server charges; anything else is released, not accepted.
  if (heldCents !== chargeCents(job)) {
    console.error(JSON.stringify({ level: "error", message: "held amount differs from the order total", jobId: job.jobId, heldCents }));
    await releasePayment(deps.payments, payment.intentId);
    await recordReleasedHold(deps, job, payment.intentId, heldCents);
    return "released" as const;
  }
  const at = deps.clock().toISOString();
  const result = await moveOrder(deps.store, {
    job,
    action: "confirmPayment",
    actor: "system",
    actorId: null,
    at,
    set: { payment: { ...payment, status: "authorized", authorizedAt: at, amountCents: heldCents } },
    deadline: { dueAt: addHours(at, deps.expiry.unacceptedHours), reason: "unaccepted" },
  });
  if (!result.ok) return "lost" as const;
  await publishStatusChanged(
    deps.events,
    statusChanged(
      result.job,
      { from: "submitted", to: "confirmed", action: "confirmPayment", actor: "system", actorId: null, at },
      ownerId ?? "",
    ),
  );
  await publishOrderPayment(deps.events, job, { ownerId, kind: "authorized", amountCents: heldCents, sourceId, at });
  return "confirmed" as const;
}
