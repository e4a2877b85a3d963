import { MAX_PHOTO_MB, MAX_PHOTOS_PER_LINK, PHOTO_CONTENT_TYPES } from "@printhood/core/shared/photos";
import { type ChangeEvent, useEffect, useId, useRef } from "react";
import type { PhotoPurpose } from "../../api/types";
import { useFileDrop } from "../../lib/useFileDrop";
import { UploadIcon } from "../icons";
import { type PhotoItem, usePhotoUploads } from "./usePhotoUploads";

export interface PhotoUploaderProps {
  /** What the photos are for (the server keeps a photo to that purpose): `verification`, `completion` or `claim`. */
  purpose: PhotoPurpose;
  /** The ids of the photos that are ready (checked and processed by the server), in order, whenever they change. */
  onChange: (readyPhotoIds: string[]) => void;
  /** Whether any photo is still being sent or processed: a form keeps its submit button disabled meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  /** How many are needed (said in the hint) and allowed (default the server's MAX_PHOTOS_PER_LINK). */
  min?: number;
  max?: number;
  /** The field's label (default "Photos"); the hint says what to photograph. */
  label?: string;
  hint?: string;
  disabled?: boolean;
}

const PHASE_TEXT: Record<PhotoItem["phase"], string> = {
  uploading: "Uploading",
  processing: "Checking the photo…",
  ready: "Ready",
  failed: "Not added",
};

/**
 * The photo field (issue 21 point 2), the same wherever photos are asked for: the quality test,
 * Mark Complete, claims. A labelled file input (keyboard and screen readers use it as it is; a
 * drop area around it takes dragged files), a list with each photo's preview, a real progress bar,
 * its state in words and a Remove button; a live region announces what happens. Previews are the
 * local file until the server's thumbnail (no metadata) is ready.
 */
export function PhotoUploader({
  purpose,
  onChange,
  onBusyChange,
  min = 1,
  max = MAX_PHOTOS_PER_LINK,
  label = "Photos",
  hint,
  disabled = false,
}: PhotoUploaderProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { items, add, remove, announcement } = usePhotoUploads(purpose, max);
  const { over, dropProps } = useFileDrop((files) => {
    if (!disabled) add(files);
  });

  const readyIds = items.flatMap((i) => (i.phase === "ready" && i.photoId ? [i.photoId] : []));
  const readyKey = readyIds.join(",");
  const busy = items.some((i) => i.phase === "uploading" || i.phase === "processing");
  // Reported when they change (by value), not on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: readyKey stands for readyIds
  useEffect(() => onChange(readyIds), [readyKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the value matters
  useEffect(() => onBusyChange?.(busy), [busy]);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    if (e.target.files?.length) add(e.target.files);
    e.target.value = "";
  };
  const onRemove = (key: string) => {
    remove(key);
    inputRef.current?.focus();
  };
  const full = items.length >= max;

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {hint ? `${hint} ` : ""}
        {min > 1 ? `At least ${min}, up` : "Up"} to {max} photos: JPEG, PNG or WebP, at most {MAX_PHOTO_MB} MB each. We remove their
        location and camera details.
      </p>
      <div
        {...dropProps}
        className={`mt-2 flex flex-wrap items-center gap-3 rounded-xl border-2 border-dashed px-4 py-4 ${over ? "border-brand-500 bg-brand-50" : "border-slate-300"}`}
      >
        <UploadIcon className="h-6 w-6 text-brand-600" />
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_CONTENT_TYPES.join(",")}
          aria-describedby={hintId}
          disabled={disabled || full}
          onChange={onPick}
          className="text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-1.5 file:font-semibold file:text-white hover:file:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        />
        <span className="text-sm text-slate-500">or drop photos here</span>
      </div>
      {items.length > 0 ? (
        <ul aria-label={`${label}: ${items.length} added`} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {items.map((item) => (
            <PhotoTile key={item.key} item={item} onRemove={() => onRemove(item.key)} />
          ))}
        </ul>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function PhotoTile({ item, onRemove }: { item: PhotoItem; onRemove: () => void }) {
  const pct = Math.round(item.progress * 100);
  const src = item.thumbnail ?? item.preview;
  return (
    <li data-testid="photo-tile" className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="aspect-[4/3] bg-slate-100">
        {src ? <img src={src} alt={`Preview of ${item.name}`} className="h-full w-full object-cover" /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2 text-sm">
        <p className="truncate font-medium text-slate-900" title={item.name}>
          {item.name}
        </p>
        {item.phase === "uploading" ? (
          <div
            role="progressbar"
            aria-label={`Uploading ${item.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
          </div>
        ) : null}
        <p className={item.phase === "failed" ? "font-medium text-red-700" : item.phase === "ready" ? "text-green-700" : "text-slate-600"}>
          {item.phase === "uploading" ? `${PHASE_TEXT.uploading} ${pct}%` : PHASE_TEXT[item.phase]}
        </p>
        {item.error ? <p className="text-red-700">{item.error}</p> : null}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${item.name}`}
          className="mt-auto self-start rounded-lg px-2 py-1 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Remove
        </button>
      </div>
    </li>
  );
}
