import { lazy, Suspense, useState } from "react";
import type { ReportTarget } from "../reports/ReportDialog";
import { MessageThread } from "./MessageThread";
import { messageSentToast } from "./sentToast";

// Loaded only when someone reports (issue 21 point 6): the order page does not carry it otherwise.
const ReportDialog = lazy(() => import("../reports/ReportDialog").then((m) => ({ default: m.ReportDialog })));

/**
 * The message thread on /order/{id} (spec 2 §2 Order details, §7: GET and POST
 * /api/print-jobs/{id}/messages), for the order's customer and its printer's owner. Each of the
 * other person's messages can be reported, and so can the other person (issue 21 point 6).
 */
export function OrderThread({ orderId, viewerId, other }: { orderId: string; viewerId: string; other: "customer" | "printer owner" }) {
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  return (
    <section aria-labelledby="order-thread-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="order-thread-heading" className="text-lg font-semibold text-slate-900">
          Messages
        </h2>
        <button
          type="button"
          onClick={() => setReporting({ kind: "account", who: `the ${other}` })}
          className="inline-flex min-h-6 items-center text-sm font-medium text-slate-600 underline-offset-2 hover:text-red-700 hover:underline"
        >
          Report the {other}
        </button>
      </div>
      <div className="mt-3">
        <MessageThread
          jobId={orderId}
          viewerId={viewerId}
          threadPath="print-jobs"
          sendPath="print-jobs"
          success={messageSentToast()}
          onReport={(m) => setReporting({ kind: "message", messageId: m.id, preview: m.content })}
        />
      </div>
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog orderId={orderId} target={reporting} onClose={() => setReporting(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
