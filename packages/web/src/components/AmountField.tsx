import { DOLLAR_AMOUNT_HINT, dollarsToCents } from "@printhood/core/shared/dollars";
import { ERRORS } from "@printhood/core/shared/errors";
import { centsToDecimal } from "@printhood/core/shared/pricing";
import { useId } from "react";
import { formatCents } from "../lib/format";
import { inputClass } from "../lib/styles";

/** Why an amount typed in dollars cannot be refunded (at most `mostCents`), in the server's words; null when it can. */
export function refundAmountProblem(text: string, mostCents: number): string | null {
  const cents = dollarsToCents(text);
  if (cents === null || cents <= 0) return DOLLAR_AMOUNT_HINT;
  if (cents > mostCents) return ERRORS.refund_too_large.message({ most: centsToDecimal(mostCents) });
  return null;
}

/** The amount as the API takes it: dollars, as `totalCost` is ("12.50"). */
export const amountBody = (text: string) => text.trim().replace(/^\$/, "");

/**
 * A refund's amount in dollars (the owner's partial refund, staff's decision and refund by hand):
 * labelled, with steps of a cent and the most it may be said under it.
 */
export function AmountField({
  label,
  value,
  onChange,
  mostCents,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  mostCents: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0.01}
        max={mostCents / 100}
        step={0.01}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint`}
        className={`${inputClass} max-w-48`}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        At most {formatCents(mostCents)}, what is left of the customer's payment.
      </p>
    </div>
  );
}
