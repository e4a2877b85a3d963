import { EARNING_STATUSES, HANDED_OVER_STATUSES, inGroup } from "./job-groups.ts";

/**
 * What an owner earns, defined once (DECISIONS.md "Payouts"). The ledger's entry for an order,
 * the owner's order cards, the dashboard's Total Earnings and its Completed Orders total, the
 * tracking screen and the payouts tab all read these functions, so their figures add up to the
 * same money. Pure: the web imports this module.
 *
 * An order's money splits three ways: what the customer paid (the order's total) = the platform's
 * fee + what the owner earns. The owner earns the print (printer profit) plus the local delivery
 * fee or the shipping cost, since the owner delivers or pays the carrier.
 */
export interface OrderPricing {
  totalCents: number;
  platformFeeCents: number;
  printerProfitCents: number;
  deliveryFeeCents: number;
}

/** What the owner earns from one order. */
export function orderEarningsCents(pricing: Pick<OrderPricing, "printerProfitCents" | "deliveryFeeCents">): number {
  return pricing.printerProfitCents + pricing.deliveryFeeCents;
}

/** One order's money as the ledger records it: what the customer paid, the platform's fee, what the owner earns. */
export function orderMoney(pricing: OrderPricing) {
  return {
    customerPaidCents: pricing.totalCents,
    platformFeeCents: pricing.platformFeeCents,
    ownerEarningsCents: orderEarningsCents(pricing),
  };
}

export type PricedJob = {
  status: string;
  pricing: Pick<OrderPricing, "printerProfitCents" | "deliveryFeeCents">;
  /** Taken back from the owner by a refund on a claim (claims/settle.ts). */
  earningsReversedCents?: number | undefined;
};

/** What the owner earns from one order now: its earning, less whatever a claim's refund took back. */
export function earnedFromOrder(job: Omit<PricedJob, "status">): number {
  return orderEarningsCents(job.pricing) - (job.earningsReversedCents ?? 0);
}

/**
 * What the owner earns from these orders: the ones whose earning exists (accepted, so the payment
 * was captured, and not cancelled or refunded since). Orders still waiting for the owner's answer
 * and closed ones earn nothing. The sum of the payouts tab's pending, available, requested and
 * paid amounts is the same money.
 */
export function earningsCents(jobs: readonly PricedJob[]): number {
  return jobs.filter((j) => inGroup(EARNING_STATUSES, j.status)).reduce((sum, j) => sum + earnedFromOrder(j), 0);
}

type TrackedJob = { status: string; pricing: OrderPricing; earningsReversedCents?: number | undefined };

/**
 * Money of the orders handed over (picked up or shipped): what their customers paid and what the
 * owner earns from them (the tracking screen's cards, spec 2 §9, labelled apart).
 */
export function handedOverMoney(jobs: readonly TrackedJob[]) {
  const done = jobs.filter((j) => inGroup(HANDED_OVER_STATUSES, j.status));
  return {
    customersPaidCents: done.reduce((sum, j) => sum + j.pricing.totalCents, 0),
    earningsCents: earningsCents(done),
  };
}

/**
 * The ledger's entries that still count: a refunded order's entry is void, and a refund on a claim
 * took back `reversedCents` of an entry. Their sum is what the owner has earned in all.
 */
export function ledgerEarningsCents(
  entries: readonly { status: string; ownerEarningsCents: number; reversedCents?: number | undefined }[],
): number {
  return entries.filter((e) => e.status !== "void").reduce((sum, e) => sum + e.ownerEarningsCents - (e.reversedCents ?? 0), 0);
}

/**
 * What the owner has earned in all, from their balance: every entry's money sits in exactly one of
 * the six buckets (each move of an entry moves the balance in the same transaction, ledger/ledger.ts),
 * so their sum is `ledgerEarningsCents` of the whole ledger without reading it (issue 23: the site
 * shows only a page of the ledger).
 */
export function balanceEarnedCents(b: {
  pendingCents: number;
  heldCents: number;
  frozenCents: number;
  availableCents: number;
  requestedCents: number;
  paidCents: number;
}): number {
  return b.pendingCents + b.heldCents + b.frozenCents + b.availableCents + b.requestedCents + b.paidCents;
}

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
