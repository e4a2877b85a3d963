/**
 * Where an owner's earning for one order is (DESIGN "Trust, scale and operations"; the moves are
 * ledger/ledger.ts and ledger/held.ts, each one transaction with the owner's balance):
 *
 *   pending (accepted: the payment was captured)
 *     → held (picked up or shipped: inside the claim window)
 *       → available (the customer confirmed receipt, or the window closed without a claim)
 *       → frozen (a claim is open) → available, less whatever a refund took back
 *     → void (cancelled and refunded before the hand-over)
 *
 * A payout takes only available money. Browser-safe: the payouts tab reads the words here.
 */
export const LEDGER_STATUSES = ["pending", "held", "available", "frozen", "void"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** The payouts tab's words for each state. */
export const LEDGER_WORDS: Record<LedgerStatus, string> = {
  pending: "Pending",
  held: "Held",
  available: "Available",
  frozen: "Frozen (claim open)",
  void: "Refunded",
};

/** Days after pickup or shipping in which the customer may open a claim (CLAIM_WINDOW_DAYS changes it). */
export const DEFAULT_CLAIM_WINDOW_DAYS = 7;

/** When the claim window of an order handed over at `handedOverAt` closes. */
export function claimWindowEnd(handedOverAt: string, windowDays: number): string {
  return new Date(Date.parse(handedOverAt) + windowDays * 86_400_000).toISOString();
}

/** Whether a claim may still be opened at `now`. */
export function claimWindowOpen(handedOverAt: string | null | undefined, windowDays: number, now: Date): boolean {
  return !!handedOverAt && now.getTime() < Date.parse(claimWindowEnd(handedOverAt, windowDays));
}
