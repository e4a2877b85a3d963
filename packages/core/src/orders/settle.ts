import { releasePayment } from "../payments/settle.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import type { OrderDeps } from "./deps.ts";
import { publishPaymentChanged } from "./events.ts";
import type { OrderRecord } from "./load.ts";

/**
 * After an order was cancelled, rejected or expired: give the money back (release the hold, or
 * refund once captured) and record it on the order. Safe to run more than once and from racing
 * requests: the provider's state decides, and a refund has one idempotency key per intent.
 * A failure is logged; the next Stripe event for the intent runs this again (payments/sync.ts).
 */
export async function settleClosedOrder(
  deps: Pick<OrderDeps, "store" | "payments" | "events" | "clock">,
  job: OrderRecord,
  ownerId: string | null,
) {
  const payment = job.payment;
  if (!payment) return null;
  try {
    const outcome = await releasePayment(deps.payments, payment.intentId);
    const at = deps.clock().toISOString();
    const recorded =
      outcome.kind === "refunded"
        ? { ...payment, status: "refunded" as const, refundedAt: at, refundedCents: outcome.refundedCents }
        : { ...payment, status: "released" as const, releasedAt: at };
    if (payment.status !== recorded.status) {
      await deps.store.entities.jobs.patch({ jobId: job.jobId }).set({ payment: recorded }).go();
      // Nothing was held for an order never paid: only tell people about money that moved.
      if (payment.status !== "pending" || outcome.kind === "refunded") {
        await publishPaymentChanged(deps.events, {
          jobId: job.jobId,
          orderNumber: formatOrderNumber(job.orderNumber),
          customerId: job.customerId,
          ownerId,
          kind: outcome.kind,
          amountCents: outcome.kind === "refunded" ? outcome.refundedCents : payment.amountCents,
          message: null,
          sourceId: `${outcome.kind}-${payment.intentId}`,
          at,
        });
      }
    }
    return recorded;
  } catch (e) {
    console.error(JSON.stringify({ level: "error", message: "payment not released", jobId: job.jobId, error: (e as Error).message }));
    return null;
  }
}
