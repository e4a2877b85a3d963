import type { ProjectQuote } from "@printhood/core/shared/quote";
import type { Job } from "../../api/types";
import { formatCents } from "../../lib/format";

/** What a part's line needs: its name, copies and price line (a job's part, or the upload page's). */
export interface PartLine {
  fileName: string;
  quantity: number;
  unitCents: number;
  discountPercent: number;
  lineTotalCents: number;
  thumbnailUrl?: string | null;
}

/** A job's parts as lines (the server's own price lines). */
export const linesOfJob = (job: Pick<Job, "parts">): PartLine[] =>
  job.parts.map((p) => ({
    fileName: p.fileName,
    quantity: p.quantity,
    unitCents: p.unitPriceCents,
    discountPercent: p.discountPercent,
    lineTotalCents: p.lineTotalCents,
    thumbnailUrl: p.thumbnailUrl,
  }));

/** A project's lines as a screen priced them (on the chosen printer, with core's quoteProject). */
export const linesOfQuote = (parts: Job["parts"], quote: ProjectQuote): PartLine[] =>
  parts.map((p, i) => {
    const l = quote.lines[i]!;
    return {
      fileName: p.fileName,
      quantity: l.quantity,
      unitCents: l.unit.subtotalCents,
      discountPercent: l.discountPercent,
      lineTotalCents: l.lineTotalCents,
      thumbnailUrl: p.thumbnailUrl,
    };
  });

/**
 * A project's price lines (issue 22 point 2): per part its picture, name, copies × one copy's price,
 * the quantity discount and the line. The same component on upload, submit, checkout and the order,
 * so every screen reads the same lines.
 */
export function PartLines({ lines, label = "Parts" }: { lines: readonly PartLine[]; label?: string }) {
  return (
    <ul aria-label={label} className="space-y-2">
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a part's position is its identity (the same file may be two parts)
        <li key={i} className="flex items-center gap-3 text-sm" aria-label={`Part ${i + 1}: ${l.fileName}`}>
          {l.thumbnailUrl ? (
            <img src={l.thumbnailUrl} alt={l.fileName} className="h-10 w-10 flex-none rounded border border-slate-200 bg-white" />
          ) : null}
          <span className="min-w-0 flex-1 truncate text-slate-700">
            {l.fileName} × {l.quantity}
            <span className="text-slate-500">
              {" "}
              ({formatCents(l.unitCents)} each{l.discountPercent ? `, ${l.discountPercent}% quantity discount` : ""})
            </span>
          </span>
          <span className="font-medium text-slate-900" data-testid="part-line-total">
            {formatCents(l.lineTotalCents)}
          </span>
        </li>
      ))}
    </ul>
  );
}
