import { AWAITING_QUALITY_TEST } from "@printhood/core/shared/quality-test";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { PrinterVerification } from "../../api/types";
import { printerVerificationQuery, qualityTestQuery } from "../../api/verification";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { VerifiedBadge } from "../../components/printers/VerifiedBadge";
import { Spinner } from "../../components/Spinner";
import { ResultsTable } from "../../components/verification/ResultsTable";
import { formatDateTime } from "../../lib/format";
import { cardClass } from "../../lib/styles";
import { MeasurementForm } from "./MeasurementForm";

const STATE_TITLE: Record<PrinterVerification["state"], string> = {
  awaiting_test: AWAITING_QUALITY_TEST,
  awaiting_review: "Waiting for review",
  retry_requested: "New attempt needed",
  verified: "Verified",
};

/** Where the printer stands: its badge, the state in words, what to do next, and staff's note when there is one. */
function StatusCard({ v }: { v: PrinterVerification }) {
  const note = v.latest?.note;
  return (
    <section aria-labelledby="test-status" className={cardClass}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="test-status" className="text-lg font-semibold text-slate-900">
          {STATE_TITLE[v.state]}
        </h2>
        {/* The heading says where the test stands; the dashboard's "Awaiting quality test" badge beside
            "Waiting for review" or "New attempt needed" would say two things at once. */}
        {v.state === "verified" ? <VerifiedBadge verified /> : null}
      </div>
      <p className="mt-2 text-slate-700">{v.nextStep}</p>
      {v.state === "verified" && v.verifiedAt ? (
        <p className="mt-1 text-sm text-slate-600">Passed on {formatDateTime(v.verifiedAt)}.</p>
      ) : null}
      {note ? (
        <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm font-medium text-slate-700">
            {v.state === "retry_requested" ? "What our team asks you to change" : "Our team's note"}
          </p>
          <blockquote className="mt-1 whitespace-pre-line wrap-anywhere text-slate-900">{note}</blockquote>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The quality test of one of the owner's printers (issue 21 point 1): where it stands, the last
 * attempt dimension by dimension, and (before it passes, unless an attempt is under review) the
 * test itself: download, print, measure, photograph, send.
 */
export function QualityTestPage({ printerId }: { printerId: string }) {
  const state = useQuery(printerVerificationQuery(printerId));
  const test = useQuery(qualityTestQuery());
  const v = state.data;

  return (
    <>
      <PageHeading
        title={v ? `Quality test: ${v.printerName}` : "Quality test"}
        subtitle="Every printer on Printhood passes our print quality test before it takes orders."
      />
      <PageBody className="space-y-6">
        <Link to="/printer-dashboard" className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 hover:underline">
          ← Back to your printers
        </Link>
        {state.isPending || test.isPending ? (
          <div role="status" aria-label="Loading the quality test" className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : state.isError || !v ? (
          <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-700">
            We could not find that printer among yours.
          </p>
        ) : (
          <>
            <StatusCard v={v} />
            {v.latest ? (
              <section aria-labelledby="last-attempt" className={cardClass}>
                <h2 id="last-attempt" className="text-lg font-semibold text-slate-900">
                  Attempt {v.latest.attempt}, sent {formatDateTime(v.latest.submittedAt)}
                </h2>
                <div className="mt-3">
                  <ResultsTable verification={v.latest} caption="Your measurements" />
                </div>
              </section>
            ) : null}
            {(v.state === "awaiting_test" || v.state === "retry_requested") && test.data ? (
              <MeasurementForm key={v.latest?.id ?? "first"} printerId={printerId} test={test.data} />
            ) : test.isError ? (
              <p role="alert" className="text-red-700">
                The test piece could not be loaded. Please reload the page.
              </p>
            ) : null}
          </>
        )}
      </PageBody>
    </>
  );
}
