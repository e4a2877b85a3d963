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

export type JobActor = "customer" | "owner" | "system";

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
] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

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

export interface Transition {
  from: JobStatus;
  action: JobAction;
  to: JobStatus;
  by: readonly JobActor[];
  stamp: JobTimestamp;
}

const t = (from: JobStatus, action: JobAction, to: JobStatus, by: JobActor[], stamp: JobTimestamp): Transition => ({
  from,
  action,
  to,
  by,
  stamp,
});

export const TRANSITIONS: readonly Transition[] = [
  t("draft", "submit", "submitted", ["customer"], "submittedAt"),
  t("submitted", "confirmPayment", "confirmed", ["system"], "confirmedAt"),
  t("submitted", "cancel", "cancelled", ["customer"], "cancelledAt"),
  t("submitted", "expire", "cancelled", ["system"], "cancelledAt"),
  t("confirmed", "accept", "accepted", ["owner"], "acceptedAt"),
  t("confirmed", "reject", "rejected", ["owner"], "rejectedAt"),
  t("confirmed", "cancel", "cancelled", ["customer"], "cancelledAt"),
  t("confirmed", "expire", "cancelled", ["system"], "cancelledAt"),
  t("accepted", "startPrinting", "printing", ["owner"], "printingStartedAt"),
  t("accepted", "cancel", "cancelled", ["customer"], "cancelledAt"),
  t("printing", "complete", "completed", ["owner"], "completedAt"),
  t("completed", "readyForPickup", "ready_for_pickup", ["owner"], "readyAt"),
  t("completed", "readyForShipping", "ready_for_shipping", ["owner"], "readyAt"),
  t("ready_for_pickup", "pickUp", "picked_up", ["owner", "customer"], "pickedUpAt"),
  t("ready_for_shipping", "ship", "shipped", ["owner"], "shippedAt"),
];

export function findTransition(from: JobStatus, action: JobAction): Transition | null {
  return TRANSITIONS.find((x) => x.from === from && x.action === action) ?? null;
}

/** Statuses from which nothing further happens. */
export function isFinal(status: JobStatus): boolean {
  return !TRANSITIONS.some((x) => x.from === status);
}

const ACTION_WORDS: Record<JobAction, string> = {
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
};

const STATUS_WORDS: Record<JobStatus, string> = {
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

/**
 * The transition for `action` from `from` by `actor`, or a VisibleError a person understands:
 * 409 when the job is not in a state that allows it, 403 when this actor may not do it.
 */
export function planTransition(from: JobStatus, action: JobAction, actor: JobActor): Transition {
  const tr = findTransition(from, action);
  if (!tr) {
    throw fail("invalid_transition", { status: STATUS_WORDS[from], action: ACTION_WORDS[action] });
  }
  if (!tr.by.includes(actor)) throw fail("not_allowed", { action: ACTION_WORDS[action] });
  return tr;
}
