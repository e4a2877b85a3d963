import { REPORT_DETAILS_MAX, REPORT_REASON_WORDS, REPORT_REASONS, type ReportReason } from "@printhood/core/shared/reports";
import { type FormEvent, useId, useState } from "react";
import { useFileReport } from "../../api/reports";
import { inputClass, primaryButton, secondaryButton } from "../../lib/styles";
import { Modal } from "../printers/dashboard/Modal";

/** What is reported: one message of the order's thread, or the other person's account. */
export type ReportTarget = { kind: "message"; messageId: string; preview: string } | { kind: "account"; who: string };

/**
 * Report a message or the other account of an order (issue 21 point 6; POST /api/reports): a reason
 * from the short list (core/shared/reports.ts, the list the server checks) and the person's words,
 * needed for "Something else". The report goes to Printhood's staff; the other person is not told.
 */
export function ReportDialog({ orderId, target, onClose }: { orderId: string; target: ReportTarget; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const report = useFileReport(onClose);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) return setProblem("Please choose a reason.");
    if (reason === "other" && !details.trim()) return setProblem("Please tell us what is wrong.");
    setProblem(null);
    report.mutate({
      orderId,
      reason,
      ...(details.trim() ? { details: details.trim() } : {}),
      ...(target.kind === "message" ? { kind: "message" as const, messageId: target.messageId } : { kind: "account" as const }),
    });
  }

  const title = target.kind === "message" ? "Report this message" : `Report ${target.who}`;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description="Printhood's staff will look at it. The other person is not told who reported them."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {target.kind === "message" ? (
          <blockquote className="max-h-32 overflow-y-auto whitespace-pre-wrap wrap-anywhere rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
            {target.preview}
          </blockquote>
        ) : null}
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Reason</legend>
          <div className="mt-2 space-y-2">
            {REPORT_REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 text-slate-800">
                <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
                {REPORT_REASON_WORDS[r]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-details`} className="block text-sm font-medium text-slate-700">
            What happened? {reason === "other" ? "" : "(optional)"}
          </label>
          <textarea
            id={`${id}-details`}
            rows={3}
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            className={inputClass}
          />
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" disabled={report.isPending} className={primaryButton}>
            {report.isPending ? "Sending…" : "Send report"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
