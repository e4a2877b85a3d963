import { fail } from "../shared/errors.ts";
import { STATUS_WORDS } from "../shared/lifecycle.ts";
import type { PriceProposalStatus } from "../shared/payment-status.ts";
import { centsToDecimal, type PriceResult, platformFeeCents } from "../shared/pricing.ts";
import { PRICE_PROPOSALS_PER_ORDER } from "../shared/sizes.ts";

/*
 * An adjusted price, agreed before the owner accepts (issue 25 point 4; DECISIONS.md "Adjusted
 * prices"). The estimate says how sure it is with a range; when the owner's own slicer says the
 * print weighs more or less, the owner may propose a price within that range instead of rejecting
 * the order, and the customer accepts or declines it. Pure: the rules, with table tests.
 *
 * Money: the customer's card holds the order's total (a PaymentIntent authorised for it, captured
 * when the owner accepts). Stripe captures less than it holds, never more, and releases the rest
 * with the capture: a lower price is collected from the same hold, with no second card entry. A
 * hold cannot grow (Stripe's incremental authorisation is for card-present and a few kinds of
 * business), so a higher price, once the customer accepts it, is a new hold for the new total
 * that the customer confirms with their card on the order's page; the old hold is released when
 * the new one holds (price-proposals/new-hold.ts). Never above the range's high end.
 */

type Cents = { lowCents: number; highCents: number };

/** What the rules read of an order. */
export interface AdjustableOrder {
  status: string;
  pricing: PricingCents;
  printPriceRange?: Partial<Cents> | undefined;
  payment?: { status: string; amountCents: number } | undefined | null;
  priceProposal?: { status: PriceProposalStatus; count: number } | undefined | null;
}

/** The order's price as the rules read it (the quote's cents, and what an agreement added). */
export type PricingCents = Pick<
  PriceResult,
  "subtotalCents" | "platformFeeCents" | "printerProfitCents" | "customerPaysCents" | "deliveryFeeCents" | "totalCents"
> & { priceAdjustmentCents?: number | undefined };

/**
 * The order's total at both ends of its estimate's range (the print's range kept on submission,
 * plus the delivery it has now, since a shipping option chosen at checkout is no estimate).
 * Null when the order has no range (the size-based estimate, or submitted before ranges were kept).
 */
export function orderPriceRange(order: Pick<AdjustableOrder, "pricing" | "printPriceRange">): Cents | null {
  const r = order.printPriceRange;
  if (r?.lowCents === undefined || r.highCents === undefined) return null;
  const delivery = order.pricing.deliveryFeeCents;
  return { lowCents: r.lowCents + delivery, highCents: r.highCents + delivery };
}

/** The prices an owner may propose: the order's range (null when it has none). */
export const proposalBounds = (order: Pick<AdjustableOrder, "pricing" | "printPriceRange">): Cents | null => orderPriceRange(order);

/** What the card holds for the order now. */
const heldCents = (order: Pick<AdjustableOrder, "pricing" | "payment">) => order.payment?.amountCents ?? order.pricing.totalCents;

/** Whether an agreed total needs a new hold (above what the card holds: a hold cannot grow). */
export const needsNewHold = (order: Pick<AdjustableOrder, "pricing" | "payment">, totalCents: number): boolean =>
  totalCents > heldCents(order);

/** A proposal the customer has not settled: proposed, or accepted with its new hold not yet on the card. */
export const proposalOpen = (order: Pick<AdjustableOrder, "priceProposal">): boolean =>
  order.priceProposal?.status === "proposed" || order.priceProposal?.status === "awaiting_payment";

/** Whether the order is one whose price may be proposed or agreed now: paid and waiting for its owner. */
export function awaitingAnswer(order: Pick<AdjustableOrder, "status" | "payment">): boolean {
  return order.status === "confirmed" && order.payment?.status === "authorized";
}

function notNow(order: AdjustableOrder) {
  return fail("price_not_adjustable_now", { status: STATUS_WORDS[order.status as keyof typeof STATUS_WORDS] ?? order.status });
}

/** The rule of whyNoProposal, as a word (no Error built: every order of a list page asks it). */
function noProposalBecause(order: AdjustableOrder) {
  if (!awaitingAnswer(order)) return "not_now" as const;
  const proposal = order.priceProposal;
  if (proposalOpen(order)) return "price_proposal_pending" as const;
  if (proposal?.status === "accepted") return "price_already_adjusted" as const;
  if ((proposal?.count ?? 0) >= PRICE_PROPOSALS_PER_ORDER) return "price_proposals_used" as const;
  if (!proposalBounds(order)) return "price_not_adjustable" as const;
  return null;
}

/** Whether the owner may propose a price on the order now. */
export const mayProposePrice = (order: AdjustableOrder): boolean => noProposalBecause(order) === null;

/** Why the owner may not propose a price on the order now (the error to throw), or null when they may. */
export function whyNoProposal(order: AdjustableOrder) {
  const why = noProposalBecause(order);
  if (why === null) return null;
  return why === "not_now" ? notNow(order) : fail(why);
}

/**
 * Whether the owner may propose `totalCents` for the order now; throws the reason in words when
 * not. Returns the bounds it was judged by.
 */
export function checkProposal(order: AdjustableOrder, totalCents: number): Cents {
  const why = whyNoProposal(order);
  if (why) throw why;
  const bounds = proposalBounds(order) as Cents;
  if (!Number.isInteger(totalCents) || totalCents < bounds.lowCents || totalCents > bounds.highCents) {
    throw fail("price_outside_range", { low: centsToDecimal(bounds.lowCents), high: centsToDecimal(bounds.highCents) });
  }
  if (totalCents === order.pricing.totalCents) throw fail("price_unchanged");
  return bounds;
}

/**
 * Whether the customer may answer the order's proposal now; throws why not. A proposal accepted
 * at a higher price may still be declined while its new hold is not on the card.
 */
export function checkAnswer(order: AdjustableOrder): void {
  if (!proposalOpen(order)) throw fail("no_price_proposal");
  if (!awaitingAnswer(order)) throw notNow(order);
}

/**
 * The order's price at an agreed total: delivery as it was, the print's price (total less
 * delivery) split as the pricing formula splits it (platform fee = 15 % of the subtotal + 2.00),
 * the subtotal being the owner's (printer profit). Where no whole-cent subtotal gives the print's
 * price exactly, the cent goes to the owner. `priceAdjustmentCents` is what the agreement added
 * to (or took from) the subtotal the estimate made, so the breakdown still adds up.
 */
export function adjustedPricing<P extends PricingCents>(pricing: P, totalCents: number): P {
  const print = totalCents - pricing.deliveryFeeCents;
  let subtotal = Math.max(0, Math.floor((print - platformFeeCents(0)) / 1.15) - 2);
  while (subtotal + platformFeeCents(subtotal) < print) subtotal++;
  const estimated = pricing.subtotalCents - (pricing.priceAdjustmentCents ?? 0);
  return {
    ...pricing,
    subtotalCents: subtotal,
    platformFeeCents: print - subtotal,
    printerProfitCents: subtotal,
    customerPaysCents: print,
    totalCents,
    priceAdjustmentCents: subtotal - estimated,
  };
}

/**
 * What the owner's accept captures: the order's total, never more than the card holds (Stripe
 * refuses more; a higher agreed price is on a new hold before the order is at it).
 */
export function captureCents(order: Pick<AdjustableOrder, "pricing" | "payment">): number {
  return Math.min(order.pricing.totalCents, heldCents(order));
}
