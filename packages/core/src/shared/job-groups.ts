/**
 * How an owner's jobs are grouped on the dashboard and in the Print Queue (spec 2 §4 "Owner
 * grouping", §2 Print Queue). Pure: the web imports this module by path.
 */
/**
 * Pending = waiting for the owner's answer. The spec says "submitted"; here payment comes first, so
 * a paid order (`confirmed`) is what the owner accepts, and an unpaid one may only be declined:
 * both are requests (DECISIONS.md "Orders").
 */
export const OWNER_PENDING_STATUSES = ["submitted", "confirmed"] as const;
export const OWNER_ACTIVE_STATUSES = ["accepted", "printing"] as const;
export const OWNER_COMPLETED_STATUSES = ["completed", "picked_up"] as const;
/**
 * Printed and waiting to be handed over: the spec's groups leave these out (its statuses after
 * completed had no trigger), so the dashboard lists them on their own to offer Mark Picked Up and
 * Mark Shipped.
 */
export const OWNER_READY_STATUSES = ["ready_for_pickup", "ready_for_shipping"] as const;

const within = (list: readonly string[]) => (job: { status: string }) => list.includes(job.status);

/** New order requests (and the queue's pending requests): submitted. */
export const isOwnerPending = within(OWNER_PENDING_STATUSES);
/** Active orders (and the queue's active queue): accepted or printing. */
export const isOwnerActive = within(OWNER_ACTIVE_STATUSES);
/** Completed orders, whose printer profit is the owner's earnings: completed or picked_up. */
export const isOwnerCompleted = within(OWNER_COMPLETED_STATUSES);

/** Ready for pickup or shipping: printed, not yet handed over. */
export const isOwnerReady = within(OWNER_READY_STATUSES);

/** Total earnings in cents: the printer profit of completed or picked-up jobs. */
export function ownerEarningsCents(jobs: readonly { status: string; pricing: { printerProfitCents: number } }[]): number {
  return jobs.filter(isOwnerCompleted).reduce((sum, j) => sum + j.pricing.printerProfitCents, 0);
}

/**
 * What the owner earns from one order (DECISIONS.md "Payouts"): the print (printer profit) plus the
 * delivery fee or the shipping cost, since the owner delivers or pays the carrier. The ledger's
 * entry for the order holds this amount; the owner's screens show it per order.
 */
export function orderEarningsCents(pricing: { printerProfitCents: number; deliveryFeeCents: number }): number {
  return pricing.printerProfitCents + pricing.deliveryFeeCents;
}

/**
 * The tracking screen (spec 2 §2 "Printer tracking", §4 "Tracking lists", §9): pickup orders are
 * pickup (and local delivery) jobs in completed, ready_for_pickup or picked_up; shipping orders are
 * shipping jobs in completed, ready_for_shipping or shipped; completed counts picked_up or shipped;
 * earnings = the sum of totalCost (what the customer paid) over picked_up and shipped jobs.
 */
export const PICKUP_TRACKING_STATUSES = ["completed", "ready_for_pickup", "picked_up"] as const;
export const SHIPPING_TRACKING_STATUSES = ["completed", "ready_for_shipping", "shipped"] as const;
export const HANDED_OVER_STATUSES = ["picked_up", "shipped"] as const;

interface TrackedJob {
  status: string;
  deliveryMethod: string;
  pricing: { totalCents: number };
}

export const isPickupTracked = (j: TrackedJob) =>
  j.deliveryMethod !== "shipping" && (PICKUP_TRACKING_STATUSES as readonly string[]).includes(j.status);
export const isShippingTracked = (j: TrackedJob) =>
  j.deliveryMethod === "shipping" && (SHIPPING_TRACKING_STATUSES as readonly string[]).includes(j.status);
export const isHandedOver = within(HANDED_OVER_STATUSES);

export function trackingSummary(jobs: readonly TrackedJob[]) {
  const done = jobs.filter(isHandedOver);
  return {
    pickupCount: jobs.filter(isPickupTracked).length,
    shippingCount: jobs.filter(isShippingTracked).length,
    completedCount: done.length,
    earningsCents: done.reduce((sum, j) => sum + j.pricing.totalCents, 0),
  };
}

/**
 * The customer's dashboard tabs (spec 2 §4 "Customer tab grouping"): drafts = draft; completed =
 * ready_for_pickup, ready_for_shipping, picked_up, shipped; active = everything except those,
 * cancelled and draft (so a rejected order stays in view until the customer reads it); all =
 * everything. The default tab is active.
 */
export const CUSTOMER_COMPLETED_STATUSES = ["ready_for_pickup", "ready_for_shipping", "picked_up", "shipped"] as const;
export type CustomerTab = "drafts" | "active" | "completed" | "all";
export const CUSTOMER_TABS: readonly CustomerTab[] = ["drafts", "active", "completed", "all"];
export const DEFAULT_CUSTOMER_TAB: CustomerTab = "active";

export const isCustomerCompleted = within(CUSTOMER_COMPLETED_STATUSES);
export const isCustomerActive = (job: { status: string }) =>
  job.status !== "draft" && job.status !== "cancelled" && !isCustomerCompleted(job);

/** The jobs a tab lists. */
export function customerTabJobs<J extends { status: string }>(jobs: readonly J[], tab: CustomerTab): J[] {
  if (tab === "drafts") return jobs.filter((j) => j.status === "draft");
  if (tab === "active") return jobs.filter(isCustomerActive);
  if (tab === "completed") return jobs.filter(isCustomerCompleted);
  return [...jobs];
}

/**
 * The dashboard's stat cards (spec 2 §2): Total Orders (every order, not drafts), Active,
 * Completed (the tabs' rules) and Total Spent: what was paid for orders that were not cancelled,
 * rejected or left unpaid (an order counts once its card is authorised: `payment` amount).
 */
export function customerStats(orders: readonly { status: string; payment: { status: string; amountCents: number } | null }[]) {
  const submitted = orders.filter((o) => o.status !== "draft");
  const spent = submitted.filter((o) => o.payment && (o.payment.status === "authorized" || o.payment.status === "captured"));
  return {
    totalOrders: submitted.length,
    active: submitted.filter(isCustomerActive).length,
    completed: submitted.filter(isCustomerCompleted).length,
    totalSpentCents: spent.reduce((sum, o) => sum + (o.payment?.amountCents ?? 0), 0),
  };
}
