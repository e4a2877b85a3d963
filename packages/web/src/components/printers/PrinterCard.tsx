import { readyInWords } from "@printhood/core/shared/lead-time";
import { Link } from "@tanstack/react-router";
import type { ListedPrinter } from "../../api/types";
import { discountsText } from "../../lib/parts";
import { formatBuildVolume, formatMiles, formatPricePerGram, ownerShortName, uploadSearch } from "../../lib/printers";
import { MapPinIcon, StarIcon } from "../icons";
import { AvailabilityBadge } from "./AvailabilityBadge";
import { PrinterImage } from "./PrinterImage";
import { VerifiedBadge } from "./VerifiedBadge";

/** A printer in the finder's grid (spec 1 §2 "Printer card"). */
export function PrinterCard({ printer, compatible = false, draftId }: { printer: ListedPrinter; compatible?: boolean; draftId?: string }) {
  const headingId = `printer-${printer.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="printer-card"
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <div className="relative aspect-[4/3] bg-slate-100">
        <PrinterImage src={printer.imageUrl} alt={`${printer.model} printer`} className="h-full w-full object-cover" />
        <div className="absolute left-3 top-3">
          <AvailabilityBadge available={printer.isAvailable} />
        </div>
        {compatible ? (
          <span className="absolute right-3 top-3 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white shadow">
            Design-Compatible
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {printer.name}
          </h3>
          <VerifiedBadge verified={printer.verified} />
        </div>
        <p className="text-sm text-slate-500">{printer.model}</p>
        <p className="mt-1 text-sm text-slate-700">by {ownerShortName(printer.owner)}</p>
        <div className="mt-2 flex items-center gap-1 text-sm text-slate-700">
          <StarIcon className="h-4 w-4 text-amber-500" />
          {printer.rating !== null ? (
            <span>
              {printer.rating.toFixed(1)}
              {printer.totalReviews > 0 ? (
                <span className="text-slate-500">
                  {" "}
                  ({printer.totalReviews} {printer.totalReviews === 1 ? "review" : "reviews"})
                </span>
              ) : null}
            </span>
          ) : (
            <span>New</span>
          )}
        </div>
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
          <MapPinIcon className="h-4 w-4 text-slate-400" />
          {printer.location}
          {printer.distanceMiles !== undefined ? <span className="text-slate-500"> · {formatMiles(printer.distanceMiles)}</span> : null}
        </p>
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex gap-2">
            <dt className="text-slate-500">Build volume:</dt>
            <dd className="text-slate-800">{formatBuildVolume(printer)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-500">Materials:</dt>
            <dd className="text-slate-800">{printer.materials.join(", ")}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xl font-bold text-slate-900">{formatPricePerGram(printer.pricePerGram)}</p>
        <p className="mt-1 text-sm text-slate-700">{readyInWords(printer.queueMinutes)}</p>
        {discountsText(printer) ? <p className="mt-1 text-sm text-emerald-700">{discountsText(printer)}</p> : null}
        <div className="mt-auto pt-4">
          {printer.isAvailable ? (
            <Link
              to="/upload"
              search={uploadSearch(printer.id, draftId)}
              aria-label={`Select Printer ${printer.name}`}
              className="block w-full rounded-lg bg-brand-600 px-4 py-2 text-center font-semibold text-white hover:bg-brand-700"
            >
              Select Printer
            </Link>
          ) : (
            <button
              type="button"
              disabled
              className="block w-full cursor-not-allowed rounded-lg bg-slate-200 px-4 py-2 font-semibold text-slate-500"
            >
              Currently Busy
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
