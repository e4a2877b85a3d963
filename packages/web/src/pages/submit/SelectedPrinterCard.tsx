import { projectProblem } from "@printhood/core/shared/compatibility";
import { Link } from "@tanstack/react-router";
import type { Job, Printer } from "../../api/types";
import { PrinterImage } from "../../components/printers/PrinterImage";
import { formatFilamentPrice } from "../../lib/printers";
import { cardClass } from "../../lib/styles";

/**
 * What stands in the way of this printer taking the draft: submit-order's own refusal (core's
 * printerProblem, the same sentence the server would answer with), checked before the customer
 * submits. The colour is left to Print Settings, where the customer picks it (OrderChoicesCard).
 */
function problemWith(printer: Printer, draft: Job): string | null {
  // Every part of a project (issue 22): a project of one part answers as printerProblem always did.
  const problem = projectProblem(printer, draft.parts);
  return problem && problem.code !== "color_out_of_stock" ? problem.message : null;
}

/** Selected Printer (spec 1 §2) with a Change Printer link back to /choose-printer. */
export function SelectedPrinterCard({ id, draft, printer: p }: { id: string; draft: Job; printer: Printer }) {
  const problem = problemWith(p, draft);
  return (
    <section aria-labelledby={id} className={cardClass}>
      <div className="flex items-center justify-between">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          Selected Printer
        </h2>
        <Link
          to="/choose-printer"
          search={{ draftId: draft.id }}
          className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline"
        >
          Change Printer
        </Link>
      </div>
      <div className="mt-4 flex gap-4">
        <PrinterImage src={p.imageUrl} alt={p.name} className="h-20 w-20 rounded-xl bg-slate-100 object-cover" />
        <div className="text-sm">
          <p className="text-base font-semibold text-slate-900">{p.name}</p>
          <p className="text-slate-600">{p.model}</p>
          <p className="text-slate-600">{p.location}</p>
          <p className="text-slate-600">
            Build volume {p.buildVolumeX}×{p.buildVolumeY}×{p.buildVolumeZ} mm · {formatFilamentPrice(p.pricePerGram)}
          </p>
        </div>
      </div>
      {problem ? (
        <p role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
