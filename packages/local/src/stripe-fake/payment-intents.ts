// PaymentIntent endpoints: create, retrieve, update, capture and cancel (confirm is in confirm.ts).

import { confirmIntent } from "./confirm.ts";
import { invalid } from "./errors.ts";
import type { RequestContext } from "./events.ts";
import type { FormValue } from "./form.ts";
import { newId, now, rand } from "./ids.ts";
import type { Ledger, PaymentIntent, PaymentIntentStatus } from "./objects.ts";
import { integerParam, metadataParam, obj, str } from "./params.ts";

export function getIntent(ledger: Ledger, id: string): PaymentIntent {
  const pi = ledger.intents.get(id);
  if (!pi) throw invalid(`No such payment_intent: '${id}'`, { code: "resource_missing", param: "intent" }, 404);
  return pi;
}

export function createIntent(ledger: Ledger, params: Record<string, FormValue>, ctx: RequestContext): PaymentIntent {
  const amount = integerParam(params, "amount", true)!;
  const currency = str(params.currency)?.toLowerCase();
  if (!currency) throw invalid("Missing required param: currency.", { code: "parameter_missing", param: "currency" });
  if (!/^[a-z]{3}$/.test(currency))
    throw invalid(`Invalid currency: ${currency}.`, { code: "parameter_invalid_string", param: "currency" });
  if (amount < 50) {
    throw invalid(`Amount must be at least $0.50 ${currency}`, { code: "amount_too_small", param: "amount" });
  }
  const captureMethod = str(params.capture_method) ?? "automatic";
  if (captureMethod !== "automatic" && captureMethod !== "automatic_async" && captureMethod !== "manual") {
    throw invalid(`Invalid capture_method: must be one of automatic, automatic_async, or manual`, { param: "capture_method" });
  }
  // API 2026-10-28 (stripe@23) calls it allowed_payment_method_types; older versions payment_method_types.
  const types = params.allowed_payment_method_types ?? params.payment_method_types;
  const auto = obj(params.automatic_payment_methods);
  if (types !== undefined && auto && str(auto.enabled) === "true") {
    throw invalid("You may only specify one of these parameters: automatic_payment_methods, allowed_payment_method_types.", {
      param: "automatic_payment_methods",
    });
  }
  const id = newId("pi");
  const pi: PaymentIntent = {
    id,
    object: "payment_intent",
    amount,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: types !== undefined ? null : { enabled: auto ? str(auto.enabled) !== "false" : true },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: captureMethod,
    client_secret: `${id}_secret_${rand(25)}`,
    confirmation_method: str(params.confirmation_method) === "manual" ? "manual" : "automatic",
    created: now(),
    currency,
    customer: str(params.customer) ?? null,
    description: str(params.description) ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: metadataParam(params.metadata),
    payment_method: str(params.payment_method) ?? null,
    payment_method_types: Array.isArray(types) ? types.filter((t): t is string => typeof t === "string") : ["card"],
    receipt_email: str(params.receipt_email) ?? null,
    status: str(params.payment_method) ? "requires_confirmation" : "requires_payment_method",
  };
  ledger.intents.set(id, pi);
  if (str(params.confirm) === "true") return confirmIntent(ledger, pi, params, ctx);
  return pi;
}

export function updateIntent(pi: PaymentIntent, params: Record<string, FormValue>): PaymentIntent {
  if (pi.status === "succeeded" || pi.status === "canceled") {
    throw invalid(`You cannot update this PaymentIntent because it has a status of ${pi.status}.`, {
      code: "payment_intent_unexpected_state",
      payment_intent: pi,
    });
  }
  const amount = integerParam(params, "amount", false);
  if (amount !== undefined) {
    if (pi.status === "requires_capture")
      throw invalid("You cannot update the amount of a PaymentIntent with a status of requires_capture.", {
        code: "payment_intent_unexpected_state",
      });
    if (amount < 50) throw invalid(`Amount must be at least $0.50 ${pi.currency}`, { code: "amount_too_small", param: "amount" });
    pi.amount = amount;
  }
  if (params.metadata !== undefined) pi.metadata = metadataParam(params.metadata, pi.metadata);
  if (params.description !== undefined) pi.description = str(params.description) || null;
  if (params.receipt_email !== undefined) pi.receipt_email = str(params.receipt_email) || null;
  return pi;
}

export function captureIntent(ledger: Ledger, pi: PaymentIntent, params: Record<string, FormValue>, ctx: RequestContext): PaymentIntent {
  if (pi.status !== "requires_capture") {
    throw invalid(
      `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      { code: "payment_intent_unexpected_state", payment_intent: pi },
    );
  }
  const amount = integerParam(params, "amount_to_capture", false) ?? pi.amount_capturable;
  if (amount > pi.amount_capturable) {
    throw invalid(`The amount to capture (${amount}) is greater than the amount capturable (${pi.amount_capturable}).`, {
      code: "amount_too_large",
      param: "amount_to_capture",
    });
  }
  if (params.metadata !== undefined) pi.metadata = metadataParam(params.metadata, pi.metadata);
  pi.status = "succeeded";
  pi.amount_received = amount;
  pi.amount_capturable = 0;
  const charge = pi.latest_charge ? ledger.charges.get(pi.latest_charge) : undefined;
  if (charge) {
    charge.captured = true;
    charge.amount_captured = amount;
    // Capturing less than authorised releases (refunds) the rest.
    if (amount < charge.amount) charge.amount_refunded = charge.amount - amount;
  }
  ledger.emit("payment_intent.succeeded", pi, ctx);
  return pi;
}

export const CANCELABLE: PaymentIntentStatus[] = [
  "requires_payment_method",
  "requires_capture",
  "requires_confirmation",
  "requires_action",
  "processing",
];

export function cancelIntent(ledger: Ledger, pi: PaymentIntent, params: Record<string, FormValue>, ctx: RequestContext): PaymentIntent {
  if (!CANCELABLE.includes(pi.status)) {
    throw invalid(
      `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(", ")}.`,
      { code: "payment_intent_unexpected_state", payment_intent: pi },
    );
  }
  const reason = str(params.cancellation_reason);
  const reasons = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];
  if (reason !== undefined && !reasons.includes(reason)) {
    throw invalid(`Invalid cancellation_reason: must be one of ${reasons.join(", ")}`, { param: "cancellation_reason" });
  }
  pi.status = "canceled";
  pi.canceled_at = now();
  pi.cancellation_reason = reason ?? null;
  pi.amount_capturable = 0;
  ledger.emit("payment_intent.canceled", pi, ctx);
  return pi;
}
