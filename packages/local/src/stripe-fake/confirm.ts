// Confirming a PaymentIntent: charges the test card and moves the intent on (or records the decline).
import { type CardOutcome, cardNumberOutcome, DECLINE_MESSAGES, TEST_PAYMENT_METHODS } from "./cards.ts";
import { invalid, StripeHttpError } from "./errors.ts";
import type { RequestContext } from "./events.ts";
import type { FormValue } from "./form.ts";
import { newId, now } from "./ids.ts";
import type { Charge, Ledger, PaymentIntent, StripeErrorBody } from "./objects.ts";
import { obj, str } from "./params.ts";

/** The outcome for the confirm's payment method: a pm_ id, a fake-only card number, or the attached one. */
function outcomeFor(
  pi: PaymentIntent,
  params: Record<string, FormValue>,
): { outcome: CardOutcome; pm: string; billing: Charge["billing_details"] } {
  const pmData = obj(params.payment_method_data);
  const card = obj(pmData?.card);
  const number = str(card?.number);
  const billingIn = obj(pmData?.billing_details);
  const billing = { name: str(billingIn?.name) ?? null, email: str(billingIn?.email) ?? null };
  if (number !== undefined) return { outcome: cardNumberOutcome(number), pm: newId("pm"), billing };
  const pm = str(params.payment_method) ?? pi.payment_method;
  if (!pm) {
    throw invalid(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a payment method, pass payment_method or payment_method_data.",
      { code: "payment_intent_unexpected_state", payment_intent: pi },
    );
  }
  const outcome = TEST_PAYMENT_METHODS[pm];
  if (!outcome) throw invalid(`No such PaymentMethod: '${pm}'`, { code: "resource_missing", param: "payment_method" });
  return { outcome, pm, billing };
}

export function confirmIntent(ledger: Ledger, pi: PaymentIntent, params: Record<string, FormValue>, ctx: RequestContext): PaymentIntent {
  if (pi.status !== "requires_payment_method" && pi.status !== "requires_confirmation") {
    throw invalid(
      `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`,
      { code: "payment_intent_unexpected_state", payment_intent: pi },
    );
  }
  const { outcome, pm, billing } = outcomeFor(pi, params);
  if (params.receipt_email !== undefined) pi.receipt_email = str(params.receipt_email) || null;
  const manual = pi.capture_method === "manual";
  const charge: Charge = {
    id: newId("ch"),
    object: "charge",
    amount: pi.amount,
    amount_captured: 0,
    amount_refunded: 0,
    billing_details: billing,
    captured: false,
    created: now(),
    currency: pi.currency,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: { ...pi.metadata },
    outcome: outcome.ok
      ? { network_status: "approved_by_network", reason: null, type: "authorized", seller_message: "Payment complete." }
      : {
          network_status: "declined_by_network",
          reason: outcome.declineCode ?? outcome.code ?? null,
          type: "issuer_declined",
          seller_message: "The bank did not return any further details with this decline.",
        },
    paid: outcome.ok,
    payment_intent: pi.id,
    payment_method: pm,
    payment_method_details: {
      type: "card",
      card: { brand: outcome.brand, last4: outcome.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
    },
    refunded: false,
    status: outcome.ok ? "succeeded" : "failed",
  };
  ledger.charges.set(charge.id, charge);
  pi.latest_charge = charge.id;

  if (!outcome.ok) {
    const code = outcome.code ?? "card_declined";
    const message = outcome.message ?? DECLINE_MESSAGES[outcome.declineCode ?? "generic_decline"] ?? "Your card was declined.";
    charge.failure_code = code;
    charge.failure_message = message;
    const error: StripeErrorBody = {
      type: "card_error",
      code,
      message,
      charge: charge.id,
      doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
      payment_method: { id: pm, object: "payment_method", type: "card" },
      ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
    };
    pi.status = "requires_payment_method";
    pi.payment_method = null;
    pi.last_payment_error = error;
    ledger.emit("payment_intent.payment_failed", pi, ctx);
    throw new StripeHttpError(402, { ...error, payment_intent: structuredClone(pi) });
  }

  pi.payment_method = pm;
  pi.last_payment_error = null;
  if (manual) {
    pi.status = "requires_capture";
    pi.amount_capturable = pi.amount;
    ledger.emit("payment_intent.amount_capturable_updated", pi, ctx, { amount_capturable: 0 });
  } else {
    pi.status = "succeeded";
    pi.amount_received = pi.amount;
    charge.captured = true;
    charge.amount_captured = pi.amount;
    ledger.emit("payment_intent.succeeded", pi, ctx);
  }
  return pi;
}
