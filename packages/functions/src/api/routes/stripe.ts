import { z } from "@hono/zod-openapi";
import { DETAIL_TYPES, fail, METRICS } from "@printhood/core";
import { countMetric, getLogger } from "../../lib/observability.ts";
import { declareRoute, json, routeGroup } from "../contract.ts";

/**
 * `/api/stripe/webhook`: Stripe's events, verified by signature on the raw body (exempt from the
 * same-origin check, never a session), then put on the bus for the payments consumer, which reads
 * the PaymentIntent again before acting (DECISIONS.md "Payments").
 */

const webhook = declareRoute({
  method: "post",
  path: "/webhook",
  summary: "Stripe webhooks: signature checked on the raw body with Stripe's tolerance, then on the bus",
  tags: ["Checkout"],
  access: "public",
  responses: { 200: json(z.object({ received: z.literal(true) }), "Accepted") },
  errors: ["bad_signature"],
});

export const stripeRoutes = routeGroup().openapi(webhook, async (c) => {
  // The exact bytes Stripe signed: parsing first would break the signature.
  const raw = await c.req.text();
  let event: Awaited<ReturnType<typeof c.var.deps.verifyWebhook>>;
  try {
    event = await c.var.deps.verifyWebhook(raw, c.req.header("stripe-signature"));
  } catch (e) {
    // Counted apart from other 400s: a run of these means Stripe's deliveries stopped verifying (a rotated secret).
    countMetric(METRICS.webhooksRefused);
    getLogger().warn("webhook refused", { reason: (e as Error).message });
    throw fail("bad_signature");
  }
  countMetric(METRICS.webhooksVerified);
  const object = event.data.object as { object?: string; id?: string; payment_intent?: string | null };
  const intentId = object.object === "payment_intent" ? (object.id ?? null) : (object.payment_intent ?? null);
  // If the bus refuses, the error answers 500 and Stripe delivers again later.
  getLogger().info("webhook verified", { stripeEventId: event.id, type: event.type });
  await c.var.deps.events.publish(DETAIL_TYPES.stripeWebhook, { eventId: event.id, type: event.type, intentId });
  return c.json({ received: true as const }, 200);
});
