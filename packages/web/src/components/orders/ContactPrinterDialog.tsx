import { useState } from "react";
import { useContactPrinter } from "../../api/orders";
import type { Order } from "../../api/types";
import { orderLabel } from "../../lib/orders";
import { Modal, primaryButton, secondaryButton } from "../printers/dashboard/Modal";

/**
 * Contact Printer: a minimal message box to the order's printer owner (POST /api/jobs/{id}/contact).
 * Kept on its own so the messages work (threads, history) can replace it whole.
 */
export function ContactPrinterDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [text, setText] = useState("");
  const mutation = useContactPrinter();
  const message = text.trim();
  return (
    <Modal open onClose={onClose} title="Contact Printer Owner" description={`${orderLabel(order)} · ${order.printer?.name ?? ""}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (message) mutation.mutate({ jobId: order.id, message }, { onSuccess: onClose });
        }}
      >
        <label htmlFor="contact-printer-message" className="block text-sm font-medium text-slate-700">
          Message
        </label>
        <textarea
          id="contact-printer-message"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <div className="mt-4 flex justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Close
          </button>
          <button type="submit" className={primaryButton} disabled={!message || mutation.isPending}>
            {mutation.isPending ? "Sending..." : "Send Message"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
