/**
 * Where a customer's money is, as the order records it (Stripe keeps the truth; this is what the
 * answers show). The `_pending` states mean the product owes a money move it has recorded but
 * Stripe has not yet confirmed (payments/tasks.ts): the page says so ("Refund on its way") until
 * the money has moved. Browser-safe: the site reads the words from here.
 */
export const PAYMENT_STATUSES = [
  "pending",
  "authorized",
  "capture_pending",
  "captured",
  "release_pending",
  "refund_pending",
  "released",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where an owner's proposed price stands (awaiting_payment: accepted, the new hold for it not yet on the card). */
export const PRICE_PROPOSAL_STATUSES = ["proposed", "awaiting_payment", "accepted", "declined"] as const;
export type PriceProposalStatus = (typeof PRICE_PROPOSAL_STATUSES)[number];

/** The customer's money is still with us (or held on the card) although the order no longer needs it. */
export const MONEY_BACK_OWED: ReadonlySet<PaymentStatus> = new Set(["release_pending", "refund_pending"]);

/** Where the money is, in the words the order pages show. */
export const PAYMENT_WORDS: Record<PaymentStatus | "none", string> = {
  none: "Not paid yet",
  pending: "Awaiting the card",
  authorized: "Held on the card",
  capture_pending: "Being collected",
  captured: "Captured",
  release_pending: "Refund on its way",
  refund_pending: "Refund on its way",
  released: "Released",
  refunded: "Refunded",
};

/**
 * Where an order's payment stands now, for its pages: the recorded status, except that a card hold
 * given back while the order still awaits payment (its total changed at checkout after the card was
 * confirmed, payments/intents.ts recordReleasedHold) is past, not the payment's state: the order
 * awaits the card for its new total ("Awaiting the card"), and the released hold is the payment's
 * history (`releasedEarlierHold`).
 */
export function currentPaymentStatus(orderStatus: string, paymentStatus: PaymentStatus | null | undefined): PaymentStatus | "none" {
  if (!paymentStatus) return "none";
  return orderStatus === "submitted" && paymentStatus === "released" ? "pending" : paymentStatus;
}

/** A card hold given back while the order still awaits payment: the amount that was held, else null. */
export function releasedEarlierHold(order: {
  status: string;
  payment?: { status: PaymentStatus; amountCents: number; releasedAt?: string | null | undefined } | null;
}): { amountCents: number; releasedAt: string | null } | null {
  const p = order.payment;
  if (order.status !== "submitted" || p?.status !== "released") return null;
  return { amountCents: p.amountCents, releasedAt: p.releasedAt ?? null };
}

/** The banner a closed order shows while its customer's money is on its way back. */
export const REFUND_ON_ITS_WAY = "Refund on its way";

/**
 * What is left to refund of an order's payment: what was captured less what was refunded already
 * and what refunds still owed will give back (`refundsOwedCents` on the order; nothing when the
 * money was never captured). Staff's refund by hand refuses more, and its form says so.
 */
export function refundableCents(
  payment: { status: string; amountCents: number; refundedCents?: number | undefined } | null | undefined,
  owedCents: number | undefined = 0,
): number {
  if (!payment || (payment.status !== "captured" && payment.status !== "capture_pending")) return 0;
  return Math.max(0, payment.amountCents - (payment.refundedCents ?? 0) - Math.max(0, owedCents));
}
