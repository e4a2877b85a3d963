import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState } from "react";
import { MessageThread } from "./MessageThread";
import { messageSentToast } from "./sentToast";

export interface ContactJob {
  id: string;
  fileName: string;
  /** The printer's name, when known. */
  printerName?: string | null;
}

/** The customer's title (spec 2 §2 customer dashboard "Contact Printer Owner"). */
export const CONTACT_OWNER_TITLE = "Contact Printer Owner";
/** The printer owner's title (spec 2 §2 Printer Owner Dashboard dialogs: "Message History"). */
export const MESSAGE_HISTORY_TITLE = "Message History";

/**
 * The order's message history with a message box, in a dialog (focus trapped, Escape closes):
 * the customer's Contact Printer (titled "Contact Printer Owner") and the owner's Message History
 * (spec 2 §2). The dashboard sends through POST /api/jobs/{id}/contact, the orders list through
 * POST /api/print-jobs/message (`via`); both read GET /api/jobs/{id}/messages while open.
 */
export function ContactPrinterDialog({
  job,
  viewerId,
  open,
  onClose,
  via = "contact",
  title = CONTACT_OWNER_TITLE,
  subtitle,
  sent = "Your message has been sent to the printer owner",
}: {
  job: ContactJob;
  viewerId: string;
  open: boolean;
  onClose: () => void;
  via?: "contact" | "message";
  /** The dialog's title: the customer's "Contact Printer Owner" unless told. */
  title?: string;
  /** The line under the title (default: file · printer name). */
  subtitle?: string;
  /** The "Message Sent" toast's sentence. */
  sent?: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
              <p className="mt-0.5 truncate text-sm text-slate-600">
                {subtitle ?? `${job.fileName}${job.printerName ? ` · ${job.printerName}` : ""}`}
              </p>
            </div>
            <button type="button" onClick={onClose} aria-label="Close" className="rounded-lg p-1 text-slate-500 hover:bg-slate-100">
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
                <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
              </svg>
            </button>
          </div>
          {title === MESSAGE_HISTORY_TITLE ? null : <h3 className="mt-4 text-sm font-semibold text-slate-700">Message History</h3>}
          <div className={`${title === MESSAGE_HISTORY_TITLE ? "mt-4" : "mt-2"} rounded-xl border border-slate-100 bg-slate-50 p-2`}>
            {open ? (
              <MessageThread
                jobId={job.id}
                viewerId={viewerId}
                threadPath="jobs"
                sendPath={via}
                success={messageSentToast(sent)}
                listClassName="h-64"
              />
            ) : null}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** A Contact Printer button that opens the dialog. */
export function ContactPrinterButton({
  job,
  viewerId,
  via = "contact",
  className = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50",
}: {
  job: ContactJob;
  viewerId: string;
  via?: "contact" | "message";
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        Contact Printer
      </button>
      <ContactPrinterDialog job={job} viewerId={viewerId} open={open} onClose={() => setOpen(false)} via={via} />
    </>
  );
}
