import { isOwnerActive, isOwnerPending } from "@printhood/core/shared/job-groups";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { printerFiguresQuery, printerOpenJobPagesQuery } from "../../../api/printers";
import type { Printer } from "../../../api/types";
import { useOwnerJobDetails } from "../../orders/OwnerJobDetailsDialog";
import { OwnerOrderCard } from "../../orders/OwnerOrderCard";
import { ShowMore } from "../../ShowMore";
import { Spinner } from "../../Spinner";
import { Modal } from "./Modal";

/**
 * Print Queue (spec 2 §2): active = accepted or printing; pending requests = submitted (and paid),
 * each with the owner's moves; Job Details opens over the queue (a dialog inside this one). The
 * printer's unfinished orders are read a page at a time; the headings' counts are the server's.
 */
export function QueueDialog({ printer, onClose }: { printer: Printer; onClose: () => void }) {
  const jobs = useInfiniteQuery(printerOpenJobPagesQuery(printer.id));
  const figures = useQuery(printerFiguresQuery(printer.id));
  const open = jobs.data?.pages.flatMap((p) => p.items) ?? [];
  const active = open.filter(isOwnerActive);
  const pending = open.filter(isOwnerPending);
  const details = useOwnerJobDetails(open);
  return (
    <Modal open onClose={onClose} title="Print Queue" description={printer.name} size="max-w-2xl">
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
              Active Queue ({figures.data?.active ?? active.length})
            </h3>
            {active.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">Nothing printing or queued.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {active.map((j) => (
                  <li key={j.id}>
                    <OwnerOrderCard order={j} compact onDetails={details.open} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="queue-pending">
            <h3 id="queue-pending" className="font-semibold text-slate-900">
              Pending Requests ({figures.data?.pending ?? pending.length})
            </h3>
            {pending.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No pending requests.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {pending.map((j) => (
                  <li key={j.id}>
                    <OwnerOrderCard order={j} compact onDetails={details.open} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ShowMore pages={jobs} label="Show more orders" />
        </div>
      )}
      {details.dialog}
    </Modal>
  );
}
