import { JOB_STATUSES, type JobStatus } from "./lifecycle.ts";

/**
 * The order statuses grouped by what they mean, each group named once (docs/architecture.md
 * "one home per rule"), and the screens' groupings built from them (spec 2 §4 "Owner grouping",
 * "Customer tab grouping", "Tracking lists", §2 Print Queue). Pure: the web imports this module.
 * A rule that asks "is this order paid / finished / closed?" reads the group here, never its own
 * list of statuses.
 */

/**
 * Waiting for the printer owner's answer: unpaid (submitted) or paid (confirmed). The spec's owner
 * "pending" says "submitted"; here payment comes first, so both are the owner's requests (a paid
 * one can be accepted, an unpaid one only declined), and both expire when left waiting.
 */
export const AWAITING_OWNER_STATUSES = ["submitted", "confirmed"] as const satisfies readonly JobStatus[];
/** Accepted and queued or on the printer. */
export const IN_PRODUCTION_STATUSES = ["accepted", "printing"] as const satisfies readonly JobStatus[];
/** Printed and waiting to be handed over (picked up, or shipped). */
export const READY_STATUSES = ["ready_for_pickup", "ready_for_shipping"] as const satisfies readonly JobStatus[];
/**
 * In the customer's hands: the order is finished. A printer's `totalJobs` and the landing page's
 * Orders Completed count these, and only then may the customer rate the printer.
 */
export const HANDED_OVER_STATUSES = ["picked_up", "shipped"] as const satisfies readonly JobStatus[];
/** Ended without a print: nothing is owed to the owner, and money still held goes back to the customer. */
export const CLOSED_STATUSES = ["cancelled", "rejected"] as const satisfies readonly JobStatus[];
/**
 * Accepted and not closed: the payment was captured on acceptance, so the owner's earning for the
 * order exists (its ledger entry), from the queue until the part is handed over.
 */
export const EARNING_STATUSES = [
  ...IN_PRODUCTION_STATUSES,
  "completed",
  ...READY_STATUSES,
  ...HANDED_OVER_STATUSES,
] as const satisfies readonly JobStatus[];
/** Paid for: the card was authorised (confirmed) and the order went on from there. */
export const PAID_STATUSES = ["confirmed", ...EARNING_STATUSES] as const satisfies readonly JobStatus[];

/** Whether a status is in a group (the groups are tuples of literals, so `includes` needs the widening). */
export const inGroup = (group: readonly JobStatus[], status: string): boolean => (group as readonly string[]).includes(status);
const within = (group: readonly JobStatus[]) => (job: { status: string }) => inGroup(group, job.status);

/** The owner's New Order Requests and the queue's pending requests. */
export const isOwnerPending = within(AWAITING_OWNER_STATUSES);
/** The owner's Active Orders and the queue's active queue. */
export const isOwnerActive = within(IN_PRODUCTION_STATUSES);
/** The owner's "Ready for Pickup or Shipping" list (the spec's groups leave these out: its statuses after completed had no trigger). */
export const isOwnerReady = within(READY_STATUSES);
/**
 * The owner's Completed Orders (spec: completed or picked_up): printed, or in the customer's hands.
 * Shipped is the shipping path's picked_up, so it is here too; a shipped order would otherwise
 * vanish from the dashboard (DECISIONS.md "Orders").
 */
export const OWNER_COMPLETED_STATUSES = ["completed", ...HANDED_OVER_STATUSES] as const satisfies readonly JobStatus[];
export const isOwnerCompleted = within(OWNER_COMPLETED_STATUSES);
/** Whether the order is finished (in the customer's hands). */
export const isHandedOver = within(HANDED_OVER_STATUSES);
/** Whether the order ended without a print. */
export const isClosed = within(CLOSED_STATUSES);
/** Whether the order was paid for (and not closed since). */
export const isPaid = within(PAID_STATUSES);

/**
 * The tracking screen (spec 2 §2 "Printer tracking", §4 "Tracking lists"): pickup orders are
 * pickup (and local delivery) jobs printed and not yet or already picked up; shipping orders are
 * shipping jobs printed and not yet or already shipped; completed counts the handed-over ones
 * (their money: shared/earnings.ts `handedOverMoney`).
 */
export const PICKUP_TRACKING_STATUSES = ["completed", "ready_for_pickup", "picked_up"] as const satisfies readonly JobStatus[];
export const SHIPPING_TRACKING_STATUSES = ["completed", "ready_for_shipping", "shipped"] as const satisfies readonly JobStatus[];

interface TrackedJob {
  status: string;
  deliveryMethod: string;
}

export const isPickupTracked = (j: TrackedJob) => j.deliveryMethod !== "shipping" && inGroup(PICKUP_TRACKING_STATUSES, j.status);
export const isShippingTracked = (j: TrackedJob) => j.deliveryMethod === "shipping" && inGroup(SHIPPING_TRACKING_STATUSES, j.status);
/** The tracking screen's order tabs, each read a page at a time by its rule (GET /api/printers/{id}/jobs?group=…). */
export const TRACKING_GROUPS = ["pickup", "shipping"] as const;
export type TrackingGroup = (typeof TRACKING_GROUPS)[number];
export const TRACKING_RULES: Record<TrackingGroup, (j: TrackedJob) => boolean> = { pickup: isPickupTracked, shipping: isShippingTracked };

export function trackingSummary(jobs: readonly TrackedJob[]) {
  const done = jobs.filter(isHandedOver);
  return {
    pickupCount: jobs.filter(isPickupTracked).length,
    shippingCount: jobs.filter(isShippingTracked).length,
    completedCount: done.length,
  };
}

/**
 * The customer's dashboard tabs (spec 2 §4 "Customer tab grouping"): drafts = draft; completed =
 * ready or handed over (ready_for_pickup, ready_for_shipping, picked_up, shipped); active =
 * everything except those, cancelled and draft (so a rejected order stays in view until the
 * customer reads it); all = everything. The default tab is active.
 */
export const CUSTOMER_COMPLETED_STATUSES = [...READY_STATUSES, ...HANDED_OVER_STATUSES] as const satisfies readonly JobStatus[];
export type CustomerTab = "drafts" | "active" | "completed" | "all";
export const CUSTOMER_TABS: readonly CustomerTab[] = ["drafts", "active", "completed", "all"];
export const DEFAULT_CUSTOMER_TAB: CustomerTab = "active";

export const isCustomerCompleted = within(CUSTOMER_COMPLETED_STATUSES);
export const isCustomerActive = (job: { status: string }) =>
  job.status !== "draft" && job.status !== "cancelled" && !isCustomerCompleted(job);

/**
 * Contact Printer on the dashboard's job cards (spec 2 §4): paid and not yet handed over
 * (confirmed, accepted, printing, completed, ready_for_pickup, ready_for_shipping).
 */
export const CUSTOMER_CONTACT_STATUSES = [
  "confirmed",
  ...IN_PRODUCTION_STATUSES,
  "completed",
  ...READY_STATUSES,
] as const satisfies readonly JobStatus[];
export const mayContactPrinter = within(CUSTOMER_CONTACT_STATUSES);
/** Arrange Pickup on the dashboard's job cards (spec 2 §4): ready_for_pickup or ready_for_shipping. */
export const mayArrangePickup = within(READY_STATUSES);

/** Whether a tab lists a job in this status (the server's tab lists and the tallies' counts both ask here). */
export function customerTabHas(tab: CustomerTab, status: string): boolean {
  if (tab === "drafts") return status === "draft";
  if (tab === "active") return isCustomerActive({ status });
  if (tab === "completed") return isCustomerCompleted({ status });
  return true;
}

/** The order tabs a customer's list is read by (`?group=`), and each one's statuses: the rule above, listed once. */
export const CUSTOMER_ORDER_GROUPS = ["active", "completed"] as const;
export type CustomerOrderGroup = (typeof CUSTOMER_ORDER_GROUPS)[number];
export const CUSTOMER_GROUP_STATUSES: Record<CustomerOrderGroup, readonly JobStatus[]> = {
  active: JOB_STATUSES.filter((s) => customerTabHas("active", s)),
  completed: JOB_STATUSES.filter((s) => customerTabHas("completed", s)),
};

/** A payment the customer has made: held on the card (authorised) or taken (captured). */
export const PAYMENT_TAKEN_STATUSES = ["authorized", "captured"] as const;
export const paymentTaken = (payment: { status: string } | null | undefined): boolean =>
  !!payment && (PAYMENT_TAKEN_STATUSES as readonly string[]).includes(payment.status);

/** A finished order (handed over, cancelled or declined) can be ordered again as a new saved print (issue 22 point 6). */
export const REORDERABLE_STATUSES = [...HANDED_OVER_STATUSES, ...CLOSED_STATUSES] as const satisfies readonly JobStatus[];
export const mayReorder = within(REORDERABLE_STATUSES);
