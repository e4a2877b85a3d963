import { projectProblem } from "@printhood/core/shared/compatibility";
import type { ErrorCode } from "@printhood/core/shared/errors";
import { readyInWords } from "@printhood/core/shared/lead-time";
import type { Job, Printer } from "../../api/types";
import { formatCents } from "../../lib/format";
import { discountsText } from "../../lib/parts";
import { projectQuote } from "../../lib/project";
import { MapPinIcon, StarIcon } from "../icons";
import { PrinterImage } from "../printers/PrinterImage";
import { VerifiedBadge } from "../printers/VerifiedBadge";

/** The card's few words for each reason submit-order would refuse the print (core's printerProblem decides which). */
const NOTES: Record<string, (d: Job) => string> = {
  too_big_for_printer: () => "Too small for your design",
  material_not_offered: (d) => `Does not print ${d.material}`,
  color_out_of_stock: (d) => `No ${d.filamentColor} ${d.material} in stock`,
} satisfies Partial<Record<ErrorCode, (d: Job) => string>>;

/**
 * Whether a printer can take the saved print, in a few words (null when it can). Availability is
 * the card's Currently Unavailable badge, so the note says what else stands in the way. For a
 * project of several parts, core's sentence names the part that cannot be made (issue 22 point 3).
 */
function fitNote(p: Printer, d: Job): string | null {
  const problem = projectProblem({ ...p, isAvailable: true }, d.parts);
  if (!problem) return null;
  return NOTES[problem.code]?.(d) ?? problem.message;
}

/**
 * Why Select Printer is not offered for this printer (null when it is): it is unavailable, or it
 * cannot make every part of a project of several parts (a single design keeps the spec's card,
 * selectable; the submit screen says why it cannot be sent). The card and the map's details alike.
 */
export function unselectable(p: Printer, draft: Job | undefined): string | null {
  if (!p.isAvailable) return "Currently Unavailable";
  if (!draft || draft.parts.length < 2) return null;
  return fitNote(p, draft);
}

/**
 * One printer on Choose a Printer (spec 1 §2): image, name, owner, rating with 1 decimal (0.0 if
 * none), jobs, location, materials, hourly rate, Select Printer, Currently Unavailable. With a saved
 * print, what it would cost on this printer (the total /submit-print and the order show) and
 * whether the printer can take it.
 */
export function PrinterChoiceCard(props: { printer: Printer; draft: Job | undefined; selected: boolean; onSelect(): void }) {
  const { printer: p, draft } = props;
  const note = draft ? fitNote(p, draft) : null;
  const total = draft ? projectQuote(draft, p).pricing.totalCents : null;
  const blocked = !!unselectable(p, draft);
  const discounts = discountsText(p);
  return (
    <li
      className={`flex gap-4 rounded-2xl border bg-white p-4 shadow-sm ${props.selected ? "border-blue-500 ring-2 ring-blue-200" : "border-slate-200"}`}
    >
      <PrinterImage src={p.imageUrl} alt={p.name} className="h-24 w-24 flex-none rounded-xl bg-slate-100 object-cover" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold text-slate-900">{p.name}</h3>
              <VerifiedBadge verified={p.verified} />
            </div>
            <p className="text-sm text-slate-600">{[p.owner.firstName, p.owner.lastName].filter(Boolean).join(" ") || p.owner.username}</p>
          </div>
          {!p.isAvailable ? (
            <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Currently Unavailable</span>
          ) : null}
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="flex items-center gap-1">
            <StarIcon className="h-4 w-4 text-amber-500" /> {(p.rating ?? 0).toFixed(1)}
            {p.totalReviews > 0 ? (
              <span className="text-slate-500">
                ({p.totalReviews} {p.totalReviews === 1 ? "review" : "reviews"})
              </span>
            ) : null}
          </span>
          <span>{p.totalJobs === 1 ? "1 job" : `${p.totalJobs} jobs`}</span>
          <span className="flex items-center gap-1">
            <MapPinIcon className="h-4 w-4" /> {p.location}
          </span>
        </p>
        <div className="mt-2 flex flex-wrap gap-1.5">
          {p.materials.map((m) => (
            <span key={m} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
              {m}
            </span>
          ))}
        </div>
        {note ? <p className="mt-2 text-sm font-medium text-amber-700">{note}</p> : null}
        <p className="mt-2 text-sm text-slate-700">{readyInWords(p.queueMinutes, draft?.printTimeMinutes ?? 0)}</p>
        {discounts ? <p className="mt-1 text-sm text-emerald-700">{discounts}</p> : null}
        {total !== null ? (
          <p className="mt-2 text-sm text-slate-700">
            Total for your print: <span className="font-semibold text-slate-900">{formatCents(total)}</span>
          </p>
        ) : null}
        <div className="mt-3 flex items-center justify-between gap-3">
          <span className="text-sm font-semibold text-slate-900">
            {p.hourlyRate !== null ? `$${p.hourlyRate.toFixed(2)}/hour` : "Rate on request"}
          </span>
          <button
            type="button"
            onClick={props.onSelect}
            disabled={!p.isAvailable || blocked}
            aria-label={`Select Printer ${p.name}`}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300"
          >
            Select Printer
          </button>
        </div>
      </div>
    </li>
  );
}
