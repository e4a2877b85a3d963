import { AWAITING_QUALITY_TEST, nextStepFor } from "@printhood/core/shared/quality-test";
import { Link } from "@tanstack/react-router";
import type { OwnPrinter } from "../../../api/types";

const ACTION: Record<Exclude<OwnPrinter["verification"], "verified">, string> = {
  awaiting_test: "Take the quality test",
  awaiting_review: "See your quality test",
  retry_requested: "Send a new attempt",
};

/** The badge a printer carries on its owner's dashboard until it passes the quality test. */
export function AwaitingQualityTestBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      {AWAITING_QUALITY_TEST}
    </span>
  );
}

/**
 * On the owner's dashboard, for a printer that has not passed the quality test (issue 21): why
 * customers do not see it yet, what to do next, and the way to its quality test.
 */
export function QualityTestStatus({ printer }: { printer: OwnPrinter }) {
  if (printer.verification === "verified") return null;
  return (
    <div data-testid="quality-test-status" className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p>Customers do not see this printer yet. {nextStepFor(printer.verification)}</p>
      <Link
        to="/quality-test/$printerId"
        params={{ printerId: printer.id }}
        aria-label={`${ACTION[printer.verification]}: ${printer.name}`}
        className="mt-1 inline-block font-semibold text-brand-700 underline hover:text-brand-800"
      >
        {ACTION[printer.verification]}
      </Link>
    </div>
  );
}
