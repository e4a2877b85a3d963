import { ApiError } from "../../../api/client";
import { useDeletePrinter, useSetPrinterAvailability } from "../../../api/printers";
import type { Printer } from "../../../api/types";
import { primaryButton, secondaryButton } from "../../../lib/styles";
import { Modal } from "./Modal";

/**
 * Delete with the spec's confirmation (spec 2 §2, §8). A printer with open orders cannot be
 * deleted (DECISIONS.md "Orders"): the server's sentence says how many, and the dialog offers
 * setting the printer offline instead, so no new orders reach it.
 */
export function DeleteDialog({ printer, onClose }: { printer: Printer; onClose: () => void }) {
  const mutation = useDeletePrinter(printer.id);
  const offline = useSetPrinterAvailability(printer.id);
  const blocked = mutation.error instanceof ApiError && mutation.error.code === "printer_has_open_orders" ? mutation.error.message : null;
  return (
    <Modal open onClose={onClose} title="Delete Printer" description={printer.name}>
      {blocked ? (
        <>
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
            {blocked}
          </p>
          {printer.isAvailable ? null : <p className="mt-3 text-sm text-slate-600">It is offline already: no new orders reach it.</p>}
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={onClose}>
              Close
            </button>
            {printer.isAvailable ? (
              <button
                type="button"
                className={primaryButton}
                disabled={offline.isPending}
                onClick={() => offline.mutate(false, { onSuccess: onClose })}
              >
                {offline.isPending ? "Setting offline..." : "Set Offline Instead"}
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <p className="text-slate-700">Are you sure you want to delete this printer? This action cannot be undone.</p>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              onClick={() => mutation.mutate(undefined, { onSuccess: onClose })}
              disabled={mutation.isPending}
              className="rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
            >
              {mutation.isPending ? "Deleting..." : "Delete Printer"}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
