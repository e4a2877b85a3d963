import { useState } from "react";
import { ContactPrinterDialog, MESSAGE_HISTORY_TITLE } from "./ContactPrinterDialog";

/**
 * The printer owner's "message the customer" (spec 2 §2 Printer Owner Dashboard): opens the
 * order's Message History dialog, the customer's Contact Printer dialog under the owner's title,
 * with the thread and a message box (POST /api/jobs/{id}/contact).
 */
export function MessageHistoryButton({
  order,
  viewerId,
  customer,
  className = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50",
}: {
  order: { id: string; fileName: string; orderNumber?: string | null };
  viewerId: string;
  /** The customer's name as the owner sees it. */
  customer: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        Message Customer
      </button>
      <ContactPrinterDialog
        job={{ id: order.id, fileName: order.fileName }}
        viewerId={viewerId}
        open={open}
        onClose={() => setOpen(false)}
        title={MESSAGE_HISTORY_TITLE}
        subtitle={`${order.orderNumber ? `${order.orderNumber} · ` : ""}${order.fileName} · ${customer}`}
        sent="Your message has been sent to the customer"
      />
    </>
  );
}
