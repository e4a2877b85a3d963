import type { Job } from "../api/types";

/** A job's status in words: "ready for pickup" (shown capitalised where it stands alone). */
export const statusLabel = (status: Job["status"]) => status.replace(/_/g, " ");

/** A job's status as a badge, wherever jobs are listed (the owner's dashboard and queues). */
export function JobStatusBadge({ status }: { status: Job["status"] }) {
  return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium capitalize text-slate-700">{statusLabel(status)}</span>;
}
