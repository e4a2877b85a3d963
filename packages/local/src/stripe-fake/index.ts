/**
 * Local stand-in for the Stripe API (docs/architecture.md "Local mode"): the PaymentIntent, Refund,
 * Connect account, account link and transfer endpoints the app uses, reached by the official `stripe` SDK through its `host`, `port` and
 * `protocol: "http"` options. State lives in memory. Every state change sends a webhook signed
 * exactly as Stripe signs it (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`), so the
 * app's real `stripe.webhooks.constructEvent` verifies it.
 *
 * `POST /local/confirm` stands in for Stripe.js in the browser's local test-card form.
 *
 * Test cards (as Stripe's): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined;
 * payment methods pm_card_visa succeeds, pm_card_chargeDeclined is declined.
 */
export { cardNumberOutcome } from "./cards.ts";
export type { StripeEvent } from "./events.ts";
export { type FormValue, parseStripeForm } from "./form.ts";
export { type StripeFake, type StripeFakeOptions, startStripeFake } from "./server.ts";
export { signStripePayload } from "./signature.ts";
export type { WebhookDelivery } from "./webhooks.ts";
