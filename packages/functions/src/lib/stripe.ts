import { type IntentStatus, type IntentView, type PaymentGateway, PaymentRefusedError, PaymentStateError } from "@printhood/core";
import Stripe from "stripe";

/**
 * Stripe through its own SDK (architecture rule 7): in AWS the real API, in local mode the
 * stand-in at STRIPE_API_URL (the SDK's host/port/protocol options). The secret key comes from
 * STRIPE_SECRET_KEY (local mode) or the SST secret SST prefetches into SST_Secret_value_*.
 */
export function stripeSecret(name: "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET"): string {
  const value = process.env[name] ?? process.env[`SST_Secret_value_${name}`];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/**
 * A stage takes live or test payments (STRIPE_MODE, set by the stacks from stacks/stage.ts; unset
 * in local mode): a secret key of the other kind stops the function rather than charge real cards
 * in a test stage or take test cards in production.
 */
export function checkStripeMode(secretKey: string, mode: string | undefined = process.env.STRIPE_MODE): void {
  if (!mode) return;
  const kind = /^(sk|rk)_live_/.test(secretKey) ? "live" : /^(sk|rk)_test_/.test(secretKey) ? "test" : undefined;
  if (kind !== mode) {
    throw new Error(
      `STRIPE_SECRET_KEY is ${kind ? `a ${kind}` : "not a Stripe secret"} key, but this stage takes ${mode} payments (STRIPE_MODE)`,
    );
  }
}

export function createStripe(secretKey = stripeSecret("STRIPE_SECRET_KEY")): Stripe {
  checkStripeMode(secretKey);
  const api = process.env.STRIPE_API_URL ? new URL(process.env.STRIPE_API_URL) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** Stripe's "this object is not in a state for that" answers (already captured, cancelled, refunded). */
const STATE_CODES = new Set([
  "payment_intent_unexpected_state",
  "charge_already_refunded",
  "charge_not_refundable",
  "idempotency_key_in_use",
]);

/**
 * Stripe's errors in core's terms: a wrong state, a refusal for good (a request Stripe will never
 * accept), or, left as it is, one worth trying again (unreachable, 5xx, rate limited).
 */
function mapError(e: unknown): never {
  if (e instanceof Stripe.errors.StripeError && e.code && STATE_CODES.has(e.code)) throw new PaymentStateError(e.message);
  if (
    e instanceof Stripe.errors.StripeInvalidRequestError ||
    e instanceof Stripe.errors.StripeCardError ||
    e instanceof Stripe.errors.StripePermissionError
  )
    throw new PaymentRefusedError(e.message);
  throw e;
}

async function view(stripe: Stripe, pi: Stripe.PaymentIntent): Promise<IntentView> {
  let refundedCents = 0;
  const chargeId = typeof pi.latest_charge === "string" ? pi.latest_charge : (pi.latest_charge?.id ?? null);
  if (pi.status === "succeeded" && chargeId) {
    const charge = await stripe.charges.retrieve(chargeId);
    // A partial capture releases the rest, which Stripe also counts as refunded: only refunds of what was captured count.
    refundedCents = Math.max(0, charge.amount_refunded - (charge.amount - charge.amount_captured));
  }
  return {
    id: pi.id,
    status: pi.status as IntentStatus,
    amountCents: pi.amount,
    capturableCents: pi.amount_capturable,
    receivedCents: pi.amount_received,
    refundedCents,
    currency: pi.currency,
    clientSecret: pi.client_secret,
    metadata: { ...pi.metadata },
    lastError: pi.last_payment_error?.message ?? null,
  };
}

export function stripePayments(stripe: Stripe): PaymentGateway {
  return {
    async createIntent({ amountCents, idempotencyKey, description, metadata }) {
      const pi = await stripe.paymentIntents.create(
        { amount: amountCents, currency: "usd", capture_method: "manual", description, metadata },
        { idempotencyKey },
      );
      return view(stripe, pi);
    },
    async retrieveIntent(intentId) {
      return view(stripe, await stripe.paymentIntents.retrieve(intentId));
    },
    async captureIntent(intentId, idempotencyKey, amountCents) {
      const params = amountCents === undefined ? {} : { amount_to_capture: amountCents };
      return view(stripe, await stripe.paymentIntents.capture(intentId, params, { idempotencyKey }).catch(mapError));
    },
    async cancelIntent(intentId) {
      return view(stripe, await stripe.paymentIntents.cancel(intentId).catch(mapError));
    },
    async refundIntent(intentId, idempotencyKey, amountCents) {
      const refund = await stripe.refunds
        .create({ payment_intent: intentId, ...(amountCents ? { amount: amountCents } : {}) }, { idempotencyKey })
        .catch(mapError);
      return { refundId: refund.id, amountCents: refund.amount };
    },
    async createAccount({ email, userId, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: "express",
          country: "US",
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { userId },
        },
        { idempotencyKey },
      );
      return { accountId: account.id };
    },
    async accountLink(accountId, { refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        type: "account_onboarding",
      });
      return { url: link.url };
    },
    async createTransfer({ amountCents, destination, idempotencyKey, metadata }) {
      const transfer = await stripe.transfers
        .create({ amount: amountCents, currency: "usd", destination, metadata }, { idempotencyKey })
        .catch(mapError);
      return { transferId: transfer.id };
    },
  };
}

/** Stripe's default tolerance for a webhook's signed timestamp (5 minutes), stated here on purpose. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verify a webhook on its raw body (the exact bytes Stripe signed) with the endpoint's secret and
 * Stripe's tolerance: forged, tampered and stale deliveries throw.
 */
export function verifyWebhook(stripe: Stripe, rawBody: string, signature: string | undefined, secret: string) {
  if (!signature) throw new Error("No Stripe-Signature header");
  return stripe.webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
}

/** The API's Stripe dependencies, from the environment (the same in AWS and local mode). */
export function stripeFromEnv() {
  const stripe = createStripe();
  const webhookSecret = stripeSecret("STRIPE_WEBHOOK_SECRET");
  return {
    payments: stripePayments(stripe),
    verifyWebhook: (rawBody: string, signature: string | undefined) => verifyWebhook(stripe, rawBody, signature, webhookSecret),
  };
}
