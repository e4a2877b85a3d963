import type { IntentView, PaymentGateway } from "./port.ts";

/*
 * Moving the money so it agrees with the order's status (DECISIONS.md "Payments"). Stripe keeps
 * the truth and serialises changes to one PaymentIntent, so each routine reads the intent, acts,
 * and on a "wrong state" answer reads again: whatever another request did meanwhile (a capture
 * racing a cancel), the loop ends in the state that matches the order.
 */

/**
 * Capture the held payment once: the idempotency key makes fifty concurrent accepts one capture.
 * `amountCents`: capture only that much (an agreed lower price, price-proposals/); Stripe releases the rest.
 */
export async function ensureCaptured(payments: PaymentGateway, intentId: string, amountCents?: number): Promise<IntentView> {
  try {
    return await payments.captureIntent(intentId, `capture-${intentId}`, amountCents);
  } catch (e) {
    // Already captured by a concurrent accept (or a replay after a crash): that is success.
    const pi = await payments.retrieveIntent(intentId);
    if (pi.status === "succeeded") return pi;
    throw new CaptureFailed(pi, e);
  }
}

export class CaptureFailed extends Error {
  constructor(
    readonly intent: IntentView,
    cause: unknown,
  ) {
    super(`capture of ${intent.id} failed with the intent ${intent.status}: ${(cause as Error)?.message ?? cause}`);
    this.name = "CaptureFailed";
  }
}

export type ReleaseOutcome = { kind: "released" } | { kind: "refunded"; refundedCents: number };

const HOLDING = new Set(["requires_payment_method", "requires_confirmation", "requires_action", "processing", "requires_capture"]);

/**
 * Give the customer's money back, whatever state the intent is in: cancel a hold (or an intent
 * never paid), refund a capture (in full, once: the refund's idempotency key is the intent's).
 */
export async function releasePayment(payments: PaymentGateway, intentId: string): Promise<ReleaseOutcome> {
  let last: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    const pi = await payments.retrieveIntent(intentId);
    if (pi.status === "canceled") return { kind: "released" };
    if (pi.status === "succeeded") {
      if (pi.refundedCents >= pi.receivedCents) return { kind: "refunded", refundedCents: pi.refundedCents };
      try {
        const refund = await payments.refundIntent(intentId, `refund-${intentId}`);
        return { kind: "refunded", refundedCents: pi.refundedCents + refund.amountCents };
      } catch (e) {
        last = e;
        continue; // refunded meanwhile: the next read says so
      }
    }
    if (HOLDING.has(pi.status)) {
      try {
        await payments.cancelIntent(intentId);
        return { kind: "released" };
      } catch (e) {
        last = e;
      }
    }
  }
  throw new Error(`could not release payment ${intentId}: ${(last as Error)?.message ?? "unknown state"}`);
}
