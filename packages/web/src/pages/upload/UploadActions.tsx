import { Link } from "@tanstack/react-router";

/**
 * Save Print and the submit button (spec 1 §2): Choose Printer, or Submit to Printer #{number} when
 * a printer is chosen (its short public number, never the id; issue 14); Saving... / Processing...
 * while pending; both disabled until a file exists, and the submit button while the server says it
 * cannot read the file (an order of it would be refused).
 */
export function UploadActions(props: {
  hasFile: boolean;
  /** Why the print can be saved but not ordered (the server could not analyse its file or a part's); null when it can. */
  notOrderable: string | null;
  pending: null | "save" | "submit";
  printerId: string | undefined;
  /** The chosen printer's public number, once its details have loaded. */
  printerNumber: number | null | undefined;
  onSave(kind: "save" | "submit"): void;
}) {
  const { hasFile, notOrderable, pending, printerId, printerNumber, onSave } = props;
  const submitLabel = printerId ? (printerNumber ? `Submit to Printer #${printerNumber}` : "Submit to Printer") : "Choose Printer";
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          disabled={!hasFile || pending !== null}
          onClick={() => onSave("save")}
          className="flex-1 rounded-xl border border-brand-600 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {pending === "save" ? "Saving..." : "Save Print"}
        </button>
        <button
          type="button"
          disabled={!hasFile || !!notOrderable || pending !== null}
          aria-describedby={hasFile && notOrderable ? "not-orderable" : undefined}
          onClick={() => onSave("submit")}
          className="flex-1 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {pending === "submit" ? "Processing..." : submitLabel}
        </button>
      </div>
      {hasFile && notOrderable ? (
        <p id="not-orderable" className="text-center text-sm text-amber-800">
          {notOrderable}
        </p>
      ) : null}
      <p className="text-center text-sm text-slate-500">
        Your saved prints are under{" "}
        <Link to="/saved-prints" className="font-medium text-brand-700 hover:underline">
          Saved Prints
        </Link>
        .
      </p>
    </>
  );
}
