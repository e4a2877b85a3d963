import { type DimensionKey, judgeDimension } from "@printhood/core/shared/quality-test";
import { type FormEvent, useState } from "react";
import type { QualityTest } from "../../api/types";
import { useSendVerification } from "../../api/verification";
import { PhotoUploader } from "../../components/photos/PhotoUploader";
import { cardClass, inputClass, primaryButton } from "../../lib/styles";
import { TestPieceDrawing } from "./TestPieceDrawing";

type Dimension = QualityTest["dimensions"][number];

/** A measurement as typed: a number of millimetres (a comma is read as the decimal point), else null. */
function parseMm(text: string): number | null {
  const n = Number(text.trim().replace(",", "."));
  return text.trim() && Number.isFinite(n) && n > 0 ? n : null;
}

/** What the owner's number says against the tolerance, as they type it (the rule the server stores). */
function Judgement({ d, text }: { d: Dimension; text: string }) {
  const measured = parseMm(text);
  if (measured === null) return null;
  const r = judgeDimension(d.key, d.nominalMm, measured);
  return r.withinTolerance ? (
    <span className="text-green-700">Within tolerance</span>
  ) : (
    <span className="text-red-700">
      Outside tolerance ({r.deviationMm > 0 ? "+" : "−"}
      {Math.abs(r.deviationMm).toFixed(2)} mm)
    </span>
  );
}

function MeasurementField({ d, value, onChange }: { d: Dimension; value: string; onChange(v: string): void }) {
  const id = `measure-${d.key}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {d.key}: {d.label} ({d.axis}), mm
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint`}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Nominal {d.nominalMm.toFixed(2)} mm ± {d.toleranceMm.toFixed(2)}: {d.howTo}. <Judgement d={d} text={value} />
      </p>
    </div>
  );
}

/**
 * The quality test's three steps (issue 21 point 1): download and print the test piece, measure it
 * with calipers (each number judged as it is typed), photograph it; then send it for review.
 */
export function MeasurementForm({ printerId, test }: { printerId: string; test: QualityTest }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [photoIds, setPhotoIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const send = useSendVerification(printerId);
  const measured = test.dimensions.map((d) => [d.key, parseMm(values[d.key] ?? "")] as const);
  const missing = measured.filter(([, v]) => v === null).map(([k]) => k);
  const enoughPhotos = photoIds.length >= test.minimumPhotos;
  const ready = missing.length === 0 && enoughPhotos && !busy && !send.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    send.mutate({ photoIds, measurements: Object.fromEntries(measured) as Record<DimensionKey, number> });
  };

  return (
    <form onSubmit={onSubmit} aria-labelledby="quality-test-form" className="space-y-6">
      <h2 id="quality-test-form" className="sr-only">
        Send your quality test
      </h2>
      <section aria-labelledby="step-print" className={cardClass}>
        <h3 id="step-print" className="text-lg font-semibold text-slate-900">
          1. Download and print the test piece
        </h3>
        <p className="mt-2 text-sm text-slate-700">Print it with: {test.settings}</p>
        <a
          href={test.downloadUrl}
          download={test.fileName}
          className="mt-3 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Download the test piece (STL)
        </a>
      </section>

      <section aria-labelledby="step-measure" className={cardClass}>
        <h3 id="step-measure" className="text-lg font-semibold text-slate-900">
          2. Measure it with calipers
        </h3>
        <p className="mt-2 text-sm text-slate-700">
          Each dimension must be within ±{test.tolerance.minimumMm} mm or {test.tolerance.percent}% of its size, whichever is larger.
        </p>
        <div className="mt-4">
          <TestPieceDrawing />
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {test.dimensions.map((d) => (
            <MeasurementField
              key={d.key}
              d={d}
              value={values[d.key] ?? ""}
              onChange={(v) => setValues((all) => ({ ...all, [d.key]: v }))}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="step-photos" className={cardClass}>
        <h3 id="step-photos" className="text-lg font-semibold text-slate-900">
          3. Photograph it
        </h3>
        <div className="mt-3">
          <PhotoUploader
            purpose="verification"
            min={test.minimumPhotos}
            hint="Photograph the printed piece from above and from the side, with your calipers on it if you can."
            onChange={setPhotoIds}
            onBusyChange={setBusy}
          />
        </div>
      </section>

      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={!ready} className={primaryButton}>
          {send.isPending ? "Sending..." : "Send for review"}
        </button>
        <p className="text-sm text-slate-600" aria-live="polite">
          {missing.length > 0
            ? `Still to measure: ${missing.join(", ")}.`
            : !enoughPhotos
              ? `Add at least ${test.minimumPhotos} photos.`
              : busy
                ? "Waiting for your photos to finish."
                : "Ready to send."}
        </p>
      </div>
    </form>
  );
}
