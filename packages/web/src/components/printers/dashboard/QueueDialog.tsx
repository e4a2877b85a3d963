import { isOwnerActive, isOwnerPending } from "@printhood/core/shared/job-groups";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { printerJobsQuery } from "../../../api/printers";
import type { OwnerJob, Printer } from "../../../api/types";
import { JobStatusBadge } from "../../JobStatusBadge";
import { Spinner } from "../../Spinner";
import { Modal } from "./Modal";

function JobRow({ job }: { job: OwnerJob }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2 text-sm">
      <span className="min-w-0 truncate text-slate-800">
        {job.fileName}
        {job.customer?.firstName || job.customer?.lastName ? (
          <span className="text-slate-500"> · {[job.customer.firstName, job.customer.lastName].filter(Boolean).join(" ")}</span>
        ) : null}
      </span>
      <span className="flex items-center gap-3">
        <JobStatusBadge status={job.status} />
        <Link to="/order/$id" params={{ id: job.id }} className="font-medium text-brand-700 hover:underline">
          View
        </Link>
      </span>
    </li>
  );
}

/** Print Queue (spec 2 §2): active = accepted or printing; pending requests = submitted. */
export function QueueDialog({ printer, onClose }: { printer: Printer; onClose: () => void }) {
  const jobs = useQuery(printerJobsQuery(printer.id));
  const active = (jobs.data ?? []).filter(isOwnerActive);
  const pending = (jobs.data ?? []).filter(isOwnerPending);
  return (
    <Modal open onClose={onClose} title="Print Queue" description={printer.name}>
      {jobs.isPending ? (
        <div role="status" aria-label="Loading queue" className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : jobs.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to fetch printer jobs
        </p>
      ) : (
        <div className="space-y-5">
          <section aria-labelledby="queue-active">
            <h3 id="queue-active" className="font-semibold text-slate-900">
              Active Queue ({active.length})
            </h3>
            {active.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">Nothing printing or queued.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {active.map((j) => (
                  <JobRow key={j.id} job={j} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="queue-pending">
            <h3 id="queue-pending" className="font-semibold text-slate-900">
              Pending Requests ({pending.length})
            </h3>
            {pending.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No pending requests.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {pending.map((j) => (
                  <JobRow key={j.id} job={j} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
