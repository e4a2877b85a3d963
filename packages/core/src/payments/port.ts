/**
 * The payment provider as core needs it (Stripe in production and, through the same SDK, the
 * local stand-in; the adapter is packages/functions/src/lib/stripe.ts). Amounts are integer
 * cents (architecture rule 9). Core never sees card data: the browser confirms with the client
 * secret, and the server only creates, reads, captures, cancels and refunds.
 */
export type IntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

export interface IntentView {
  id: string;
  status: IntentStatus;
  amountCents: number;
  /** Held and not yet captured. */
  capturableCents: number;
  /** Captured. */
  receivedCents: number;
  /** Refunded from the captured amount. */
  refundedCents: number;
  currency: string;
  clientSecret: string | null;
  metadata: Record<string, string>;
  /** The provider's message for the last failed attempt ("Your card was declined."). */
  lastError: string | null;
}

export interface PaymentGateway {
  createIntent(input: {
    amountCents: number;
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<IntentView>;
  retrieveIntent(intentId: string): Promise<IntentView>;
  /** Capture the hold: all of it, or `amountCents` of it (an agreed lower price; Stripe releases the rest). */
  captureIntent(intentId: string, idempotencyKey: string, amountCents?: number): Promise<IntentView>;
  cancelIntent(intentId: string): Promise<IntentView>;
  /** Refund a capture: in full, or `amountCents` of it (a claim's partial refund). */
  refundIntent(intentId: string, idempotencyKey: string, amountCents?: number): Promise<{ refundId: string; amountCents: number }>;
  /** Stripe Connect: an account for an owner's payouts, and where the owner finishes setting it up. */
  createAccount(input: { email: string; userId: string; idempotencyKey: string }): Promise<{ accountId: string }>;
  accountLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  createTransfer(input: {
    amountCents: number;
    destination: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ transferId: string }>;
}

/** The provider refused because the object is not in a state for it (already captured, cancelled, refunded). */
export class PaymentStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentStateError";
  }
}

/**
 * The provider refused the request for good (an invalid request, an account not able to take a
 * transfer): trying again will not help. Anything else that is not a PaymentStateError (the
 * provider unreachable, a 5xx, rate limiting) is worth trying again (payments/tasks.ts).
 */
export class PaymentRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentRefusedError";
  }
}
