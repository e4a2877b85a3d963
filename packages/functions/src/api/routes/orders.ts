import {
  calculateShipping,
  calculateShippingInput,
  cancelOrder,
  chooseShipping,
  chooseShippingInput,
  connectPayouts,
  createPaymentIntentInput,
  DETAIL_TYPES,
  listCustomerOrders,
  listOwnerOrders,
  listPrinterOrders,
  loadOrderFor,
  type OrderDeps,
  orderDownload,
  paymentIntentFor,
  payoutSummary,
  presentOrder,
  requestPayout,
  respondInput,
  respondToOrder,
  updateOrderInput,
  updateOrderStatus,
  VisibleError,
} from "@printhood/core";
import { type Context, Hono } from "hono";
import { jsonBody } from "../body.ts";
import type { AppEnv } from "../deps.ts";
import { requireSelf, requireUser } from "../middleware/session.ts";

/** The order flows' dependencies from the API's (architecture rule 1: handlers call one core function). */
const orderDeps = (c: Context<AppEnv>): OrderDeps => {
  const d = c.var.deps;
  return { store: d.store, events: d.events, payments: d.payments, clock: d.clock, expiry: d.expiry, shipping: d.shipping };
};

/** An order as the signed-in viewer may see it (reads again after a change, so the answer is what is stored). */
async function answer(c: Context<AppEnv>, userId: string, ref: string) {
  const { job, printer, viewer } = await loadOrderFor(c.var.deps.store, userId, ref);
  return presentOrder(c.var.deps.store, job, printer, viewer);
}

/** PUT with an empty body (the spec's cancel) or `{}`: nothing to read. */
async function noBody(c: Context<AppEnv>) {
  const text = await c.req.text();
  if (text.trim() !== "" && text.trim() !== "{}") throw new VisibleError("invalid", "unknown_field", "This call takes no fields.");
}

/**
 * Orders after submission (spec 2 §7), checkout payment and shipping, the Stripe webhook and
 * owners' payouts. Every order call accepts the order's id or its number (PH-10423).
 */
export const orderRoutes = new Hono<AppEnv>()
  .get("/users/:id/jobs", async (c) => {
    const user = requireSelf(c, c.req.param("id"));
    return c.json(await listCustomerOrders(c.var.deps.store, user.id));
  })
  .get("/users/:id/printer-jobs", async (c) => {
    const user = requireSelf(c, c.req.param("id"));
    return c.json(await listOwnerOrders(c.var.deps.store, user.id));
  })
  .get("/printers/:id/jobs", async (c) => {
    const user = requireUser(c);
    return c.json(await listPrinterOrders(c.var.deps.store, user.id, c.req.param("id")));
  })
  .get("/print-jobs/:id", async (c) => {
    const user = requireUser(c);
    return c.json(await answer(c, user.id, c.req.param("id")));
  })
  .put("/print-jobs/:id", async (c) => {
    const user = requireUser(c);
    const input = await jsonBody(c, updateOrderInput);
    const ref = c.req.param("id");
    await updateOrderStatus(orderDeps(c), user.id, ref, input);
    return c.json(await answer(c, user.id, ref));
  })
  .put("/print-jobs/:id/cancel", async (c) => {
    const user = requireUser(c);
    await noBody(c);
    const ref = c.req.param("id");
    await cancelOrder(orderDeps(c), user.id, ref);
    return c.json({ message: "Your order has been cancelled successfully", order: await answer(c, user.id, ref) });
  })
  .post("/orders/:id/cancel", async (c) => {
    const user = requireUser(c);
    await noBody(c);
    const ref = c.req.param("id");
    await cancelOrder(orderDeps(c), user.id, ref);
    return c.json({ message: "Your order has been cancelled successfully", order: await answer(c, user.id, ref) });
  })
  .post("/print-jobs/:id/respond", async (c) => {
    const user = requireUser(c);
    const input = await jsonBody(c, respondInput);
    const ref = c.req.param("id");
    const { message } = await respondToOrder(orderDeps(c), user.id, ref, input);
    return c.json({ message, order: await answer(c, user.id, ref) });
  })
  .get("/print-jobs/:id/download", async (c) => {
    const user = requireUser(c);
    return c.json(await orderDownload(c.var.deps.store, c.var.deps.files, user.id, c.req.param("id")));
  })
  .post("/create-payment-intent", async (c) => {
    const user = requireUser(c);
    const input = await jsonBody(c, createPaymentIntentInput);
    return c.json(await paymentIntentFor(orderDeps(c), user.id, input));
  })
  .get("/payments/config", (c) => {
    const { stripePublishableKey, testConfirmPath } = c.var.deps.config;
    return c.json(
      stripePublishableKey
        ? { provider: "stripe", publishableKey: stripePublishableKey }
        : { provider: "test", testConfirmUrl: testConfirmPath ?? null },
    );
  })
  .post("/calculate-shipping", async (c) => {
    requireUser(c);
    const input = await jsonBody(c, calculateShippingInput);
    return c.json(await calculateShipping(c.var.deps.store, c.var.deps.shipping, input));
  })
  .put("/orders/:id/shipping", async (c) => {
    const user = requireUser(c);
    const input = await jsonBody(c, chooseShippingInput);
    const ref = c.req.param("id");
    await chooseShipping(orderDeps(c), user.id, ref, input);
    return c.json(await answer(c, user.id, ref));
  })
  .post("/stripe/webhook", async (c) => {
    // The raw body exactly as Stripe signed it: parsing it first would break the signature.
    const raw = await c.req.text();
    let event: Awaited<ReturnType<AppEnv["Variables"]["deps"]["verifyWebhook"]>>;
    try {
      event = await c.var.deps.verifyWebhook(raw, c.req.header("stripe-signature"));
    } catch {
      throw new VisibleError("invalid", "bad_signature", "The webhook signature could not be verified.");
    }
    const object = event.data.object as { object?: string; id?: string; payment_intent?: string | null };
    const intentId = object.object === "payment_intent" ? (object.id ?? null) : (object.payment_intent ?? null);
    // On the bus; the consumer re-reads the PaymentIntent (a failed publish makes Stripe retry).
    await c.var.deps.events.publish(DETAIL_TYPES.stripeWebhook, { eventId: event.id, type: event.type, intentId });
    return c.json({ received: true });
  })
  .get("/users/:id/payouts", async (c) => {
    const user = requireSelf(c, c.req.param("id"));
    return c.json(await payoutSummary(c.var.deps.store, user.id));
  })
  .post("/users/:id/payouts", async (c) => {
    const user = requireSelf(c, c.req.param("id"));
    await noBody(c);
    const d = c.var.deps;
    return c.json(await requestPayout({ store: d.store, payments: d.payments, events: d.events, clock: d.clock }, user.id), 201);
  })
  .post("/users/:id/payouts/connect", async (c) => {
    const user = requireSelf(c, c.req.param("id"));
    await noBody(c);
    const d = c.var.deps;
    const origin = new URL(c.req.url).origin;
    const back = `${d.config.allowedOrigins[0] ?? origin}/printer-tracking?tab=payouts`;
    return c.json(
      await connectPayouts({ store: d.store, payments: d.payments, events: d.events, clock: d.clock }, user.id, {
        refreshUrl: back,
        returnUrl: back,
      }),
    );
  });
