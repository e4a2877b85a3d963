// Signing (https://docs.stripe.com/webhooks#verify-manually)
import { createHmac } from "node:crypto";

/** The Stripe-Signature header value for a payload, as Stripe computes it. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}
