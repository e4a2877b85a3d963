import { type EventEnvelope, syncPaymentIntent } from "@printhood/core";
import { eventConsumer } from "../lib/handlers.ts";
import { orderDepsFromEnv } from "../lib/order-deps.ts";

/**
 * Consumer of `stripe.webhook` (verified by the webhook route before it reached the bus). The
 * event only names the PaymentIntent; syncPaymentIntent reads it from Stripe and moves the order,
 * so duplicates, reordering and late failures change nothing twice (architecture rule 6).
 */
export interface StripeWebhookDetail {
  eventId: string;
  type: string;
  intentId: string | null;
}

export const handler = eventConsumer("payments", async (event: EventEnvelope<StripeWebhookDetail>) => {
  const { intentId, eventId } = event.detail;
  if (!intentId) return { outcome: "ignored" };
  return { outcome: await syncPaymentIntent(orderDepsFromEnv(), intentId, eventId) };
});
