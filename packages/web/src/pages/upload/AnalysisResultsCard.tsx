import { Spinner } from "../../components/Spinner";
import { formatGrams } from "../../lib/format";
import { cardClass } from "../../lib/styles";
import { gramsRangeText, lessCertainText, minutesText } from "../../upload/certainty";
import { dims } from "../../upload/checks";
import { DesignChecks } from "./DesignChecks";
import type { UploadPageState } from "./useUploadPage";

/**
 * File Analysis Results (spec 1 §2): volume, layer height, supports, weight, time and size from
 * the browser's instant estimate, then the server's; the checks before ordering; and, once the
 * server's analysis is in, Find Compatible Printers.
 */
export function AnalysisResultsCard({ state }: { state: UploadPageState }) {
  return (
    <section aria-labelledby="analysis-title" className={cardClass}>
      <h2 id="analysis-title" className="text-lg font-semibold text-slate-900">
        File Analysis Results
      </h2>
      <AnalysisResults state={state} />
      <DesignChecks checks={state.checks} onRescale={(scale) => state.set("scale", scale)} />
      {state.source === "server" ? (
        <button
          type="button"
          onClick={state.findPrinters}
          className="mt-5 inline-flex items-center gap-2 rounded-lg border border-brand-300 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          Find Compatible Printers
        </button>
      ) : null}
    </section>
  );
}

function AnalysisResults({ state }: { state: UploadPageState }) {
  const { analysis: a, upload } = state;
  if (state.basicEstimate) {
    const reason = state.serverError ?? upload.localError;
    return (
      <div className="mt-4 space-y-3">
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">Analysis Warning: Using basic estimation. Upload will still work.</p>
          {reason ? <p className="mt-1">{reason}</p> : null}
        </div>
        {state.weight !== null ? (
          <p className="text-sm text-slate-700">Estimated weight from the file size: {formatGrams(state.weight)}</p>
        ) : null}
      </div>
    );
  }
  if (!a) {
    return state.waitingForAnalysis ? (
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" /> Analyzing your design...
      </p>
    ) : (
      <p className="mt-4 text-sm text-slate-600">Upload a design to see its volume, weight and print time.</p>
    );
  }
  return (
    <div className="mt-4">
      <p className={`text-xs font-medium ${state.source === "server" ? "text-emerald-700" : "text-slate-500"}`} role="status">
        {state.source === "server"
          ? "Confirmed by our server's analysis"
          : `Instant estimate from your browser${upload.localMs !== null ? ` (${upload.localMs} ms)` : ""}; our server is confirming it...`}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <Stat label="Volume" value={`${a.volume.toFixed(2)} cm³`} />
        <Stat label="Layer Height" value={`${state.settings.quality}mm`} />
        <Stat label="Support Material" value={a.supportMaterial ? "Required" : "Not needed"} />
        <Stat label="Estimated Weight" value={formatGrams(a.estimatedWeight)} note={`likely ${gramsRangeText(a.range)}`} />
        <Stat
          label="Print Time"
          value={minutesText(a.estimatedTimeMinutes)}
          note={`likely ${minutesText(a.range.minutes.low)} to ${minutesText(a.range.minutes.high)}`}
        />
        <Stat label="Dimensions" value={dims(a.boundingBox)} />
      </dl>
      {a.range.level === "less-certain" ? (
        <p
          role="note"
          aria-label="How sure this estimate is"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {lessCertainText(a.range, state.priceRange)}
        </p>
      ) : null}
    </div>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
      {note ? <dd className="text-xs text-slate-600">{note}</dd> : null}
    </div>
  );
}
