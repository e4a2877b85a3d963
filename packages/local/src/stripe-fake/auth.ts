import type { IncomingMessage } from "node:http";
import { StripeHttpError } from "./errors.ts";

/** Checks the Bearer secret key, as Stripe does: `apiKey` when set, otherwise any `sk_test_…` key. */
export function checkAuth(req: IncomingMessage, apiKey: string | undefined) {
  const header = req.headers.authorization;
  if (!header) {
    throw new StripeHttpError(401, {
      type: "invalid_request_error",
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const key = match?.[1] ?? "";
  const valid = apiKey !== undefined ? key === apiKey : /^sk_test_\w+$/.test(key);
  if (!valid) {
    const masked = key.length > 8 ? `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
    throw new StripeHttpError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${masked}` });
  }
}
