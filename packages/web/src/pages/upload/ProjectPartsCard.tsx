import { MAX_PARTS } from "@printhood/core/shared/sizes";
import { type ChangeEvent, useEffect, useId } from "react";
import { UploadProgressBar } from "../../components/UploadProgressBar";
import { formatGrams } from "../../lib/format";
import { cardClass, inputClass } from "../../lib/styles";
import { UPLOAD_ACCEPT } from "../../lib/uploads";
import { useDesignUpload } from "../../upload/useDesignUpload";
import { PartChoices } from "./PartChoices";
import { mb, type Settings } from "./settings";
import type { ExtraPart, ProjectParts } from "./useProjectParts";

/**
 * Project Parts (issue 22 point 1): every part of the print with its own Quantity (1 to 1,000), the
 * new files each with its own progress and picture, Remove Part, and Add Parts for more files
 * (up to MAX_PARTS). The first part is the page's own upload and the Print Settings card is its;
 * every other part has its own choices (PartChoices), "Same as part 1" until changed.
 */
export function ProjectPartsCard(props: {
  parts: ProjectParts;
  firstName: string;
  firstThumbnail: string | null;
  settings: Settings;
  onAddFiles(files: File[]): void;
}) {
  const { parts } = props;
  const addId = useId();
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    props.onAddFiles([...(e.target.files ?? [])]);
    e.target.value = "";
  };
  return (
    <section aria-labelledby="project-parts-title" className={cardClass}>
      <h2 id="project-parts-title" className="text-lg font-semibold text-slate-900">
        Project Parts
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Print several parts in one order, each in any quantity from 1 to 1,000 (up to {MAX_PARTS} parts).
      </p>
      <ol className="mt-4 space-y-3">
        <PartRow
          number={1}
          name={props.firstName}
          thumbnail={props.firstThumbnail}
          quantity={parts.firstQuantity}
          onQuantity={parts.setFirstQuantity}
        />
        {parts.extras.map((x, i) =>
          x.file ? (
            <NewPartRow key={x.key} part={x} number={i + 2} parts={parts} settings={props.settings} />
          ) : (
            <PartRow
              key={x.key}
              number={i + 2}
              name={x.saved.fileName}
              thumbnail={x.saved.thumbnailUrl}
              detail={`${formatGrams(x.saved.estimatedWeight)} each · ${x.saved.filamentColor} ${x.saved.material}`}
              quantity={x.quantity}
              onQuantity={(q) => parts.setQuantity(x.key, q)}
              onRemove={() => parts.remove(x.key)}
            >
              <PartChoices part={x} number={i + 2} parts={parts} settings={props.settings} />
            </PartRow>
          ),
        )}
      </ol>
      {parts.partsError ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {parts.partsError}
        </p>
      ) : null}
      <div className="mt-4">
        <input id={addId} type="file" multiple accept={UPLOAD_ACCEPT} className="peer sr-only" onChange={onChange} aria-label="Add parts" />
        <label
          htmlFor={addId}
          className="inline-flex cursor-pointer rounded-lg border border-brand-300 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600"
        >
          Add Parts
        </label>
      </div>
    </section>
  );
}

/** One part: its picture, name, Quantity and (after the first) Remove Part. */
function PartRow(props: {
  number: number;
  name: string;
  thumbnail: string | null;
  detail?: string;
  quantity: string;
  onQuantity(q: string): void;
  onRemove?: () => void;
  children?: React.ReactNode;
}) {
  const qtyId = useId();
  return (
    <li aria-label={`Part ${props.number}: ${props.name}`} className="rounded-xl border border-slate-200 p-3">
      {/* On a phone the Quantity and Remove Part go under the name instead of squeezing it to nothing. */}
      <div className="flex flex-wrap items-center gap-3">
        {props.thumbnail ? (
          <img src={props.thumbnail} alt={props.name} className="h-12 w-12 flex-none rounded border border-slate-200 bg-white" />
        ) : (
          <div aria-hidden="true" className="h-12 w-12 flex-none rounded border border-dashed border-slate-300" />
        )}
        <div className="min-w-0 flex-1 basis-40">
          <p className="truncate font-semibold text-slate-900">
            Part {props.number}: {props.name}
          </p>
          {props.detail ? <p className="text-sm text-slate-600">{props.detail}</p> : null}
        </div>
        <div className="w-24">
          <label htmlFor={qtyId} className="block text-xs font-medium text-slate-600">
            Quantity
          </label>
          <input
            id={qtyId}
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            step={1}
            value={props.quantity}
            onChange={(e) => props.onQuantity(e.target.value)}
            className={inputClass}
          />
        </div>
        {props.onRemove ? (
          <button
            type="button"
            onClick={props.onRemove}
            aria-label={`Remove part ${props.number} (${props.name})`}
            className="rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            Remove Part
          </button>
        ) : null}
      </div>
      {props.children}
    </li>
  );
}

/** A new file as a part: uploaded and analysed on its own (its own progress), then its picture from the server. */
function NewPartRow({
  part,
  number,
  parts,
  settings,
}: {
  part: ExtraPart & { file: File };
  number: number;
  parts: ProjectParts;
  settings: Settings;
}) {
  const upload = useDesignUpload();
  const { pick, server, localGeometry, waitForServer, phase } = upload;
  const { report } = parts;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the row uploads its file once, when it appears
  useEffect(() => pick(part.file), []);
  const { positions } = upload;
  useEffect(
    () => report(part.key, { server, localGeometry, failed: phase === "error" || server?.status === "failed", waitForServer, positions }),
    [report, part.key, server, localGeometry, phase, waitForServer, positions],
  );
  const shown = parts.previewKey === part.key;
  const pct = Math.round(upload.progress * 100);
  const status =
    phase === "error"
      ? (upload.error ?? "Upload failed")
      : phase === "uploading"
        ? `Uploading... ${pct}%`
        : server?.status === "analyzed"
          ? "Analysed"
          : server?.status === "failed"
            ? (server.error?.message ?? "Could not be analysed")
            : "Analysing...";
  return (
    <PartRow
      number={number}
      name={part.file.name}
      thumbnail={server?.thumbnailUrl ?? null}
      detail={`${mb(part.file.size)} · ${status}`}
      quantity={part.quantity}
      onQuantity={(q) => parts.setQuantity(part.key, q)}
      onRemove={() => parts.remove(part.key)}
    >
      <PartChoices part={part} number={number} parts={parts} settings={settings} />
      {positions ? (
        <button
          type="button"
          aria-pressed={shown}
          onClick={() => parts.setPreviewKey(shown ? null : part.key)}
          className="mt-2 rounded-lg border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {shown ? `Showing part ${number} in 3D` : `Show part ${number} in 3D`}
        </button>
      ) : null}
      {phase === "uploading" ? <UploadProgressBar pct={pct} label={`Upload progress of ${part.file.name}`} className="mt-2" /> : null}
    </PartRow>
  );
}
