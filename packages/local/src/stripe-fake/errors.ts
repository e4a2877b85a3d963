import type { StripeErrorBody } from "./objects.ts";

/** A Stripe API error: sent as `{ error: body }` with `status`. */
export class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function invalid(message: string, extra: Partial<StripeErrorBody> = {}, status = 400): StripeHttpError {
  return new StripeHttpError(status, { type: "invalid_request_error", message, ...extra });
}
