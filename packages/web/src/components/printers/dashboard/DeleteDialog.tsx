import { useDeletePrinter } from "../../../api/printers";
import type { Printer } from "../../../api/types";
import { Modal, secondaryButton } from "./Modal";

/** Delete with the spec's confirmation (spec 2 §2, §8). */
export function DeleteDialog({ printer, onClose }: { printer: Printer; onClose: () => void }) {
  const mutation = useDeletePrinter(printer.id);
  return (
    <Modal open onClose={onClose} title="Delete Printer" description={printer.name}>
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
    </Modal>
  );
}
