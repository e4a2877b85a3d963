import { useInfiniteQuery } from "@tanstack/react-query";
import { auditQuery } from "../../api/staff";
import { dateTimeText } from "../../lib/orders";
import { cardClass, secondaryButton } from "../../lib/styles";
import { Loading } from "./Loading";
import { StaffTable } from "./StaffTable";

/** The audit log, newest first (GET /api/staff/audit): read-only, as it is everywhere. */
export function AuditPanel() {
  const log = useInfiniteQuery(auditQuery);
  if (log.isPending) return <Loading what="the audit log" />;
  if (log.isError) return <p role="alert">The audit log could not be loaded. {log.error.message}</p>;
  const entries = log.data.pages.flatMap((p) => p.entries);
  return (
    <section aria-labelledby="audit-heading" className={cardClass}>
      <h3 id="audit-heading" className="text-lg font-semibold text-slate-900">
        Every staff action, newest first
      </h3>
      <StaffTable columns={["When", "Who", "What", "On", "Why"]}>
        {entries.map((e) => (
          <tr key={e.id}>
            <td className="whitespace-nowrap py-2 pr-4">{dateTimeText(e.at)}</td>
            <td className="py-2 pr-4">{e.staffEmail}</td>
            <td className="py-2 pr-4">{e.action}</td>
            <td className="py-2 pr-4">
              {e.targetKind} {e.targetLabel ?? e.targetId}
            </td>
            <td className="whitespace-pre-wrap wrap-anywhere py-2 pr-4">{e.reason}</td>
          </tr>
        ))}
      </StaffTable>
      {entries.length === 0 ? <p className="mt-3 text-slate-600">No staff actions yet.</p> : null}
      {log.hasNextPage ? (
        <button
          type="button"
          className={`${secondaryButton} mt-4`}
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? "Loading…" : "Show older"}
        </button>
      ) : null}
    </section>
  );
}
