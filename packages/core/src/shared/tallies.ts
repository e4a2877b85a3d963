import { earnedFromOrder, type OrderPricing } from "./earnings.ts";
import {
  AWAITING_OWNER_STATUSES,
  CUSTOMER_GROUP_STATUSES,
  HANDED_OVER_STATUSES,
  IN_PRODUCTION_STATUSES,
  inGroup,
  OWNER_COMPLETED_STATUSES,
  PAID_STATUSES,
  PICKUP_TRACKING_STATUSES,
  READY_STATUSES,
  SHIPPING_TRACKING_STATUSES,
} from "./job-groups.ts";
import { JOB_STATUSES, type JobStatus } from "./lifecycle.ts";

/**
 * Orders counted instead of listed (issue 23 point 2: no answer grows with a person's history).
 * A tally holds, for one customer or one printer, how many orders are in each status, by delivery
 * (`local_…` for pickup and local delivery, `ship_…` for shipping), and the money the screens sum:
 * what the customer has paid for orders still paid for (less a claim's refund), and what handed-over and completed orders
 * brought. The dashboards' stat cards, the tabs' counts and the tracking screen's summary read
 * these through the same groups as the lists (job-groups.ts), so a figure and its list agree.
 * Pure: the web reads the figures from here.
 */
export const TALLY_STATUSES = JOB_STATUSES.filter((s) => s !== "draft") as Exclude<JobStatus, "draft">[];
const SIDES = ["local", "ship"] as const;
type Side = (typeof SIDES)[number];
const MONEY_FIELDS = ["paidCents", "handedOverPaidCents", "handedOverEarnedCents", "completedEarnedCents"] as const;

export const ORDER_TALLY_FIELDS = [
  ...SIDES.flatMap((side) => TALLY_STATUSES.map((s) => `${side}_${s}` as const)),
  ...MONEY_FIELDS,
] as const;
export type TallyField = (typeof ORDER_TALLY_FIELDS)[number];
export type Tally = Partial<Record<TallyField, number>>;

/** What a tally needs of an order. */
export interface TalliedOrder {
  status: string;
  deliveryMethod: string;
  pricing: OrderPricing;
  payment?: { amountCents: number; refundedCents?: number | undefined } | null | undefined;
  earningsReversedCents?: number | undefined;
}

const sideOf = (o: TalliedOrder): Side => (o.deliveryMethod === "shipping" ? "ship" : "local");

function contribution(o: TalliedOrder | null): Tally {
  if (!o || o.status === "draft") return {};
  const earned = earnedFromOrder(o);
  const out: Tally = { [`${sideOf(o)}_${o.status}`]: 1 };
  // What the customer has paid and still paid: a claim's refund gives part or all of it back.
  if (inGroup(PAID_STATUSES, o.status)) out.paidCents = (o.payment?.amountCents ?? o.pricing.totalCents) - (o.payment?.refundedCents ?? 0);
  if (inGroup(HANDED_OVER_STATUSES, o.status)) {
    out.handedOverPaidCents = o.pricing.totalCents;
    out.handedOverEarnedCents = earned;
  }
  if (inGroup(OWNER_COMPLETED_STATUSES, o.status)) out.completedEarnedCents = earned;
  return out;
}

/** What changing an order from `before` to `after` (null: absent, or a draft) adds to its tallies. */
export function tallyDelta(before: TalliedOrder | null, after: TalliedOrder | null): Tally {
  const out: Tally = {};
  const add = (t: Tally, sign: number) => {
    for (const [k, v] of Object.entries(t) as [TallyField, number][]) out[k] = (out[k] ?? 0) + sign * v;
  };
  add(contribution(after), 1);
  add(contribution(before), -1);
  for (const k of Object.keys(out) as TallyField[]) if (out[k] === 0) delete out[k];
  return out;
}

/** Tallies added together (an owner's printers). */
export function sumTallies(tallies: readonly Tally[]): Tally {
  const out: Tally = {};
  for (const t of tallies) for (const [k, v] of Object.entries(t) as [TallyField, number][]) out[k] = (out[k] ?? 0) + (v ?? 0);
  return out;
}

const countOf = (t: Tally, statuses: readonly string[], sides: readonly Side[] = SIDES) =>
  sides.reduce((sum, side) => sum + statuses.reduce((s, st) => s + Math.max(0, t[`${side}_${st}` as TallyField] ?? 0), 0), 0);

/**
 * The customer's figures: the dashboard's stat cards and its order tabs' counts (drafts are Saved
 * Prints, counted apart). Total Spent is what was paid for orders still paid for (PAID_STATUSES).
 */
export function customerFigures(t: Tally) {
  return {
    totalOrders: countOf(t, TALLY_STATUSES),
    active: countOf(t, CUSTOMER_GROUP_STATUSES.active),
    completed: countOf(t, CUSTOMER_GROUP_STATUSES.completed),
    totalSpentCents: Math.max(0, t.paidCents ?? 0),
  };
}

/** An owner's (or one printer's) figures: the dashboard's counts and totals, and the tracking summary. */
export function ownerFigures(t: Tally) {
  return {
    pending: countOf(t, AWAITING_OWNER_STATUSES),
    active: countOf(t, IN_PRODUCTION_STATUSES),
    ready: countOf(t, READY_STATUSES),
    completed: countOf(t, OWNER_COMPLETED_STATUSES),
    completedEarnedCents: Math.max(0, t.completedEarnedCents ?? 0),
    totalJobs: countOf(t, TALLY_STATUSES),
    tracking: {
      pickupCount: countOf(t, PICKUP_TRACKING_STATUSES, ["local"]),
      shippingCount: countOf(t, SHIPPING_TRACKING_STATUSES, ["ship"]),
      completedCount: countOf(t, HANDED_OVER_STATUSES),
      customerPaidCents: Math.max(0, t.handedOverPaidCents ?? 0),
      ownerEarnedCents: Math.max(0, t.handedOverEarnedCents ?? 0),
    },
  };
}
