import { type FormEvent, type ReactNode, useId, useState } from "react";
import { FormError } from "../../components/DialogForm";
import { Modal } from "../../components/printers/dashboard/Modal";
import { inputClass, primaryButton, secondaryButton } from "../../lib/styles";

/**
 * Every staff action asks why (issue 21 point 5: the audit log keeps who, when, what and why): a
 * dialog with one labelled reason and the action's button. `choices` adds a choice before the
 * reason (a report: resolved or dismissed; a claim's outcome), `extra` fields after it (an amount,
 * which may depend on the choice), and `problem` what stops the form (said in an alert).
 */
export function ReasonDialog<C extends string>(p: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  reasonLabel: string;
  submitText: string;
  busy: boolean;
  choices?: { legend: string; options: { value: C; label: string }[] };
  extra?: (choice: C | undefined) => ReactNode;
  problem?: (choice: C | undefined) => string | null;
  onSubmit: (reason: string, choice: C | undefined) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [choice, setChoice] = useState<C | undefined>(p.choices?.options[0]?.value);
  const [error, setError] = useState<string | null>(null);
  const tooShort = reason.trim().length < 3;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = p.problem?.(choice) ?? null;
    setError(problem);
    if (!tooShort && !problem) p.onSubmit(reason.trim(), choice);
  }
  return (
    <Modal open={p.open} onClose={p.onClose} title={p.title} description={p.description}>
      <form onSubmit={submit} className="space-y-4">
        {p.choices ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">{p.choices.legend}</legend>
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              {p.choices.options.map((o) => (
                <label key={o.value} className="flex items-center gap-2 text-slate-800">
                  <input
                    type="radio"
                    name={`${id}-choice`}
                    value={o.value}
                    checked={choice === o.value}
                    onChange={() => setChoice(o.value)}
                  />
                  {o.label}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {p.extra?.(choice)}
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-700">
            {p.reasonLabel}
          </label>
          <textarea
            id={`${id}-reason`}
            required
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={inputClass}
            aria-describedby={`${id}-help`}
          />
          <p id={`${id}-help`} className="mt-1 text-sm text-slate-600">
            Kept in the audit log with your name.
          </p>
        </div>
        <FormError id={`${id}-error`} error={error} />
        <div className="flex justify-end gap-3">
          <button type="button" onClick={p.onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" disabled={p.busy || tooShort} className={primaryButton}>
            {p.submitText}
          </button>
        </div>
      </form>
    </Modal>
  );
}
