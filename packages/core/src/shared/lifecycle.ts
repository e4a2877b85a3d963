import { fail } from "./errors.ts";

/**
 * The job (order) lifecycle of docs/architecture.md "Jobs": one pure table that every status change goes
 * through. The store writes the change conditionally on the `from` status, so two racing
 * requests can never both win; the table says which changes exist, who may make them and
 * which timestamp each records.
 */
export const JOB_STATUSES = [
  "draft",
  "submitted",
  "confirmed",
  "accepted",
  "rejected",
  "printing",
  "completed",
  "ready_for_pickup",
  "ready_for_shipping",
  "picked_up",
  "shipped",
  "cancelled",
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** `staff`: Printhood's staff, through the staff console (issue 21 point 5). */
export type JobActor = "customer" | "owner" | "system" | "staff";

export const JOB_ACTIONS = [
  "submit",
  "confirmPayment",
  "accept",
  "reject",
  "startPrinting",
  "complete",
  "readyForPickup",
  "readyForShipping",
  "pickUp",
  "ship",
  "cancel",
  "expire",
  "staffCancel",
] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/** Why staff cancelled an order (the order's `cancelReason`): who was suspended (core/staff/suspend.ts). */
export const STAFF_CANCEL_REASONS = ["owner_suspended", "printer_suspended", "customer_suspended"] as const;
export type StaffCancelReason = (typeof STAFF_CANCEL_REASONS)[number];

/** Timestamp attributes a transition records (the job entity has each). */
export type JobTimestamp =
  | "submittedAt"
  | "confirmedAt"
  | "acceptedAt"
  | "rejectedAt"
  | "printingStartedAt"
  | "completedAt"
  | "readyAt"
  | "pickedUpAt"
  | "shippedAt"
  | "cancelledAt";

/** How the part reaches the customer (kept here so the table can name it; pricing re-exports the same list). */
export type JobDelivery = "pickup" | "delivery" | "shipping";

export interface Transition {
  from: JobStatus;
  action: JobAction;
  to: JobStatus;
  by: readonly JobActor[];
  stamp: JobTimestamp;
  /** Only for orders with one of these delivery methods (absent: any). */
  delivery?: readonly JobDelivery[];
}

const t = (
  from: JobStatus,
  action: JobAction,
  to: JobStatus,
  by: JobActor[],
  stamp: JobTimestamp,
  delivery?: JobDelivery[],
): Transition => ({ from, action, to, by, stamp, ...(delivery ? { delivery } : {}) });

/**
 * Every move an order can make (DECISIONS.md "Orders"). An owner accepts only a paid
 * (`confirmed`) order, since accepting captures the held payment; an owner may decline an order
 * that is still unpaid. The customer may cancel until printing starts. Local delivery follows the
 * pickup path (the owner hands the part over); only shipping orders are shipped.
 */
export const TRANSITIONS: readonly Transition[] = [
  t("draft", "submit", "submitted", ["customer"], "submittedAt"),
  t("submitted", "confirmPayment", "confirmed", ["system"], "confirmedAt"),
  t("submitted", "reject", "rejected", ["owner"], "rejectedAt"),
  t("submitted", "cancel", "cancelled", ["customer"], "cancelledAt"),
  t("submitted", "expire", "cancelled", ["system"], "cancelledAt"),
  t("confirmed", "accept", "accepted", ["owner"], "acceptedAt"),
  t("confirmed", "reject", "rejected", ["owner"], "rejectedAt"),
  t("confirmed", "cancel", "cancelled", ["customer"], "cancelledAt"),
  t("confirmed", "expire", "cancelled", ["system"], "cancelledAt"),
  t("accepted", "startPrinting", "printing", ["owner"], "printingStartedAt"),
  t("accepted", "cancel", "cancelled", ["customer"], "cancelledAt"),
  t("printing", "complete", "completed", ["owner"], "completedAt"),
  t("completed", "readyForPickup", "ready_for_pickup", ["owner"], "readyAt", ["pickup", "delivery"]),
  t("completed", "readyForShipping", "ready_for_shipping", ["owner"], "readyAt", ["shipping"]),
  t("ready_for_pickup", "pickUp", "picked_up", ["owner", "customer"], "pickedUpAt"),
  t("ready_for_shipping", "ship", "shipped", ["owner"], "shippedAt"),
  // Staff cancel what a suspension stops (core/staff/suspend.ts; DECISIONS.md "Suspension"): anything
  // before the part exists. A finished part (completed, ready, handed over) is left to its owner and customer.
  t("submitted", "staffCancel", "cancelled", ["staff"], "cancelledAt"),
  t("confirmed", "staffCancel", "cancelled", ["staff"], "cancelledAt"),
  t("accepted", "staffCancel", "cancelled", ["staff"], "cancelledAt"),
  t("printing", "staffCancel", "cancelled", ["staff"], "cancelledAt"),
];

export function findTransition(from: JobStatus, action: JobAction): Transition | null {
  return TRANSITIONS.find((x) => x.from === from && x.action === action) ?? null;
}

/**
 * The moves `actor` may make now on an order in `status` with this delivery method: the buttons a
 * screen offers (the owner's Accept, Reject, Start Printing, ...; the customer's Cancel). The same
 * table the server plans with, so a screen never offers a move the server would refuse.
 */
export function movesFor(status: JobStatus, actor: JobActor, delivery?: JobDelivery): Transition[] {
  return TRANSITIONS.filter(
    (x) => x.from === status && x.by.includes(actor) && (!x.delivery || !delivery || x.delivery.includes(delivery)),
  );
}

/** Statuses from which nothing further happens. */
export function isFinal(status: JobStatus): boolean {
  return !TRANSITIONS.some((x) => x.from === status);
}

/** An order still in progress: submitted and not yet finished (a printer with one cannot be deleted). */
export function isOpenOrder(status: JobStatus): boolean {
  return status !== "draft" && !isFinal(status);
}

export const ACTION_WORDS: Record<JobAction, string> = {
  submit: "submitted",
  confirmPayment: "paid for",
  accept: "accepted",
  reject: "rejected",
  startPrinting: "started",
  complete: "marked complete",
  readyForPickup: "marked ready for pickup",
  readyForShipping: "marked ready for shipping",
  pickUp: "marked picked up",
  ship: "marked shipped",
  cancel: "cancelled",
  expire: "expired",
  staffCancel: "cancelled by Printhood",
};

export const STATUS_WORDS: Record<JobStatus, string> = {
  draft: "a saved print",
  submitted: "submitted and awaiting payment",
  confirmed: "paid and waiting for the printer owner",
  accepted: "accepted",
  rejected: "rejected",
  printing: "printing",
  completed: "complete",
  ready_for_pickup: "ready for pickup",
  ready_for_shipping: "ready for shipping",
  picked_up: "picked up",
  shipped: "shipped",
  cancelled: "cancelled",
};

const DELIVERY_WORDS: Record<JobDelivery, string> = { pickup: "pickup", delivery: "local delivery", shipping: "shipping" };

/**
 * The transition for `action` from `from` by `actor`, or a VisibleError a person understands:
 * 409 when the job is not in a state that allows it (or its delivery method does not take that
 * step), 403 when this actor may not do it.
 */
export function planTransition(from: JobStatus, action: JobAction, actor: JobActor, delivery?: JobDelivery): Transition {
  const tr = findTransition(from, action);
  if (!tr) {
    throw fail("invalid_transition", { status: STATUS_WORDS[from], action: ACTION_WORDS[action] });
  }
  if (!tr.by.includes(actor)) throw fail("not_allowed", { action: ACTION_WORDS[action] });
  if (tr.delivery && delivery && !tr.delivery.includes(delivery)) {
    throw fail("wrong_delivery_step", { delivery: DELIVERY_WORDS[delivery], action: ACTION_WORDS[action] });
  }
  return tr;
}

/**
 * The action that takes an order from `from` to the status `to` for this actor (the spec's
 * `PUT /api/print-jobs/{id}` names a status, not an action): the same table, so no step can be
 * skipped. A status no single step reaches is a 409.
 */
export function actionForStatus(from: JobStatus, to: JobStatus, actor: JobActor): JobAction {
  const steps = TRANSITIONS.filter((x) => x.from === from && x.to === to);
  const mine = steps.find((x) => x.by.includes(actor)) ?? steps[0];
  if (!mine) throw fail("invalid_status_change", { status: STATUS_WORDS[from], target: STATUS_WORDS[to] });
  return mine.action;
}

/** Whether the order's customer may still take `action` from `status` (the screens offer a button only then). */
export function customerMay(status: JobStatus, action: JobAction): boolean {
  return findTransition(status, action)?.by.includes("customer") ?? false;
}
