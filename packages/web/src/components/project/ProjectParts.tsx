import type { Job } from "../../api/types";
import { formatGrams } from "../../lib/format";

type Part = Job["parts"][number];

/** "0.2 mm layers, 20% infill, supports auto, scale 100%": a part's print settings in words. */
export const settingsText = (s: Pick<Part["printSettings"], "quality" | "infill" | "supports" | "scale">) =>
  `${s.quality} mm layers, ${s.infill}% infill, supports ${s.supports}, scale ${Number((s.scale * 100).toFixed(1))}%`;

/**
 * Every part of a project (issue 22 point 4): its picture, name, copies, material and colour, its
 * settings and printed size; with `onDownload`, a Download button per part (the owner's order view).
 */
export function ProjectParts(props: { parts: readonly Part[]; onDownload?: (partNumber: number) => void; downloading?: boolean }) {
  return (
    <ol aria-label="Project parts" className="mt-4 space-y-3">
      {props.parts.map((p) => (
        <li
          key={p.number}
          aria-label={`Part ${p.number}: ${p.fileName}`}
          className="flex gap-3 rounded-xl border border-slate-200 p-3 text-sm"
        >
          {p.thumbnailUrl ? (
            <img src={p.thumbnailUrl} alt={p.fileName} className="h-16 w-16 flex-none rounded border border-slate-200 bg-white" />
          ) : null}
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-slate-900">
              Part {p.number}: {p.fileName}
            </p>
            <p className="text-slate-700">
              Quantity: {p.quantity} · {p.filamentColor} {p.material} · {formatGrams(p.estimatedWeight)} each
            </p>
            <p className="text-slate-600">{settingsText(p.printSettings)}</p>
            {p.printedSize ? <p className="text-slate-600">Printed size: {p.printedSize}</p> : null}
          </div>
          {props.onDownload ? (
            <button
              type="button"
              disabled={props.downloading}
              onClick={() => props.onDownload?.(p.number)}
              aria-label={`Download part ${p.number} (${p.fileName})`}
              className="h-fit rounded-lg border border-slate-300 px-3 py-1.5 font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50"
            >
              Download
            </button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
