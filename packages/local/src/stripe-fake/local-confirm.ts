// POST /local/confirm: stands in for Stripe.js in the browser's local test-card form.
import type { IncomingMessage } from "node:http";
import { confirmIntent } from "./confirm.ts";
import { invalid } from "./errors.ts";
import type { RequestContext } from "./events.ts";
import type { FormValue } from "./form.ts";
import type { Ledger, PaymentIntent } from "./objects.ts";

/** CORS headers for a browser origin; none when the origin is not allowed (default: any is). */
export function corsHeaders(req: IncomingMessage, allowed: string[] | undefined): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin) return {};
  if (allowed && !allowed.includes(origin)) return {};
  return {
    "access-control-allow-origin": origin,
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": "content-type",
    "access-control-max-age": "600",
    vary: "Origin",
  };
}

/** Stands in for Stripe.js: confirm by client secret with a test card number, from the browser. */
export function localConfirm(ledger: Ledger, body: string, ctx: RequestContext): PaymentIntent {
  let input: unknown;
  try {
    input = JSON.parse(body);
  } catch {
    throw invalid("Body must be JSON: {clientSecret, cardNumber, name, email}");
  }
  const { clientSecret, cardNumber, name, email } = (input ?? {}) as Record<string, unknown>;
  if (typeof clientSecret !== "string" || typeof cardNumber !== "string") {
    throw invalid("clientSecret and cardNumber are required", { code: "parameter_missing" });
  }
  const id = clientSecret.split("_secret_")[0] ?? "";
  const pi = ledger.intents.get(id);
  if (!pi || pi.client_secret !== clientSecret) {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: this is Stripe's own error text, placeholders included
    throw invalid("Invalid value for confirmPayment: clientSecret should be a client secret of the form ${id}_secret_${secret}.", {
      code: "resource_missing",
      param: "client_secret",
    });
  }
  const billing: Record<string, FormValue> = {};
  if (typeof name === "string") billing.name = name;
  if (typeof email === "string") billing.email = email;
  return confirmIntent(ledger, pi, { payment_method_data: { type: "card", card: { number: cardNumber }, billing_details: billing } }, ctx);
}

/** The fields the browser may see (no secrets beyond its own client secret). */
export const publicIntent = (pi: PaymentIntent) => ({
  id: pi.id,
  object: pi.object,
  amount: pi.amount,
  currency: pi.currency,
  status: pi.status,
  capture_method: pi.capture_method,
  client_secret: pi.client_secret,
  last_payment_error: pi.last_payment_error,
});
