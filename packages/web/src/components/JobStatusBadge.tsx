import type { Job } from "../api/types";

/** A job's status in words: "ready for pickup" (shown capitalised where it stands alone). */
export const statusLabel = (status: Job["status"]) => status.replace(/_/g, " ");

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

/** A job's status as a badge, wherever jobs are listed, in the spec's colours. */
export function JobStatusBadge({ status }: { status: Job["status"] }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${BADGE[status] ?? "bg-gray-100 text-gray-700"}`}>
      {statusLabel(status)}
    </span>
  );
}
