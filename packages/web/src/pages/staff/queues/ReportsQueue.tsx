import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { reportsQuery, useResolveReport } from "../../../api/staff";
import type { StaffReport } from "../../../api/types";
import { dateTimeText } from "../../../lib/orders";
import { cardClass, secondaryButton } from "../../../lib/styles";
import { Loading } from "../Loading";
import { ReasonDialog } from "../ReasonDialog";
import { SuspendButton } from "../SuspendButton";
import { EmptyQueue } from "./EmptyQueue";

/** Reported messages and accounts waiting for staff, oldest first (issue 21 point 6; GET /api/staff/reports). */
export function Queue() {
  const reports = useQuery(reportsQuery);
  if (reports.isPending) return <Loading what="reports" />;
  if (reports.isError) return <p role="alert">The reports could not be loaded. {reports.error.message}</p>;
  if (!reports.data.reports.length) return <EmptyQueue>No reports are waiting.</EmptyQueue>;
  return (
    <ul className="space-y-4" aria-label="Open reports">
      {reports.data.reports.map((r) => (
        <li key={r.id}>
          <ReportCard report={r} />
        </li>
      ))}
    </ul>
  );
}

function ReportCard({ report: r }: { report: StaffReport }) {
  const [closing, setClosing] = useState(false);
  const resolve = useResolveReport();
  const what = r.kind === "message" ? "A message" : "An account";
  const order = r.order.orderNumber ?? "an order";
  return (
    <article className={cardClass} aria-label={`${what} reported on ${order}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">
          {what} reported: {r.reasonWords}
        </h3>
        <p className="text-sm text-slate-600">{dateTimeText(r.createdAt)}</p>
      </header>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">Order</dt>
        <dd>
          {order}
          {r.order.fileName ? ` (${r.order.fileName})` : ""}
        </dd>
        <dt className="font-medium text-slate-700">Reported by</dt>
        <dd>
          {r.reporter.email ?? "an account that no longer exists"} (the {r.reporter.role})
        </dd>
        <dt className="font-medium text-slate-700">Reported account</dt>
        <dd>{r.reported ? `${r.reported.email}${r.reported.suspension ? " (suspended)" : ""}` : "an account that no longer exists"}</dd>
        {r.details ? (
          <>
            <dt className="font-medium text-slate-700">Their words</dt>
            <dd className="whitespace-pre-wrap wrap-anywhere">{r.details}</dd>
          </>
        ) : null}
      </dl>
      {r.message ? (
        <blockquote className="mt-3 whitespace-pre-wrap wrap-anywhere rounded-lg border-l-4 border-red-300 bg-red-50 p-3 text-slate-800">
          {r.message.text}
        </blockquote>
      ) : null}
      {r.thread.length ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            The conversation ({r.thread.length} latest messages)
          </summary>
          <ol className="mt-2 space-y-1 text-sm">
            {r.thread.map((m) => (
              <li key={m.id} className={m.id === r.message?.id ? "font-semibold" : ""}>
                <span className="text-slate-500">{m.senderRole === "customer" ? "Customer" : "Owner"}:</span>{" "}
                <span className="whitespace-pre-wrap wrap-anywhere">{m.text}</span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={`${secondaryButton} text-sm`} onClick={() => setClosing(true)}>
          Close report
        </button>
        {r.reported ? (
          <>
            <SuspendButton kind="user" id={r.reported.id} label={r.reported.email} suspended={!!r.reported.suspension} />
            <Link to="/staff" search={{ tab: "lookup", q: r.reported.email }} className={`${secondaryButton} text-sm`}>
              Look up {r.reported.email}
            </Link>
          </>
        ) : null}
      </div>
      {closing ? (
        <ReasonDialog<"resolved" | "dismissed">
          open={closing}
          onClose={() => setClosing(false)}
          title="Close this report"
          description="Resolved: you acted on it (a warning, a suspension). Dismissed: nothing was wrong."
          reasonLabel="Note"
          submitText="Close report"
          busy={resolve.isPending}
          choices={{
            legend: "Outcome",
            options: [
              { value: "resolved", label: "Resolved" },
              { value: "dismissed", label: "Dismissed" },
            ],
          }}
          onSubmit={(note, outcome) =>
            resolve.mutate({ id: r.id, body: { outcome: outcome ?? "resolved", note } }, { onSuccess: () => setClosing(false) })
          }
        />
      ) : null}
    </article>
  );
}
