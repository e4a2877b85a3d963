import { statusInWords } from "@printhood/core/shared/words";
import type { Job } from "../api/types";

/** A job's status in words inside a sentence: "ready for pickup" ("ready for delivery" for a local delivery). */
export const statusLabel = (status: Job["status"], deliveryMethod?: string | null) => statusInWords(status, deliveryMethod);

/**
 * A job's status standing alone (spec 2 §4): the first letter capitalised only ("Ready for
 * pickup"); in an order's details a completed print reads "Print Complete".
 */
export function statusTitle(status: Job["status"], inDetails = false, deliveryMethod?: string | null): string {
  if (inDetails && status === "completed") return "Print Complete";
  const words = statusLabel(status, deliveryMethod);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Badge colours by status (spec 2 §4); any other value gray. */
const BADGE: Partial<Record<Job["status"], string>> = {
  submitted: "bg-yellow-100 text-yellow-800",
  accepted: "bg-blue-100 text-blue-800",
  confirmed: "bg-green-100 text-green-800",
  printing: "bg-purple-100 text-purple-800",
  completed: "bg-emerald-100 text-emerald-800",
  ready_for_pickup: "bg-blue-100 text-blue-800",
  ready_for_shipping: "bg-blue-100 text-blue-800",
  shipped: "bg-gray-100 text-gray-800",
  picked_up: "bg-slate-200 text-slate-800",
  cancelled: "bg-red-100 text-red-800",
};

/**
 * A job's status as a badge, wherever jobs are listed, in the spec's colours. `inDetails`: the
 * badge stands in an order's details (its page, the details dialogs, the confirmation).
 */
export function JobStatusBadge({
  status,
  inDetails = false,
  deliveryMethod,
}: {
  status: Job["status"];
  inDetails?: boolean;
  /** The order's; a local delivery's pickup statuses read as a delivery. */
  deliveryMethod?: string | null | undefined;
}) {
  return (
    <span className={`whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${BADGE[status] ?? "bg-gray-100 text-gray-700"}`}>
      {statusTitle(status, inDetails, deliveryMethod)}
    </span>
  );
}
