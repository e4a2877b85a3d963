import {
  discountProblem,
  QUANTITY_DISCOUNT_STEPS_MAX,
  type QuantityDiscount,
  sortedDiscounts,
} from "@printhood/core/shared/quantity-discounts";
import { useId } from "react";
import { inputClass } from "../../../lib/styles";

/** A step as typed: the copies it starts from and the percentage off, as text until saved. */
export interface DiscountRow {
  minQuantity: string;
  percent: string;
}

export const rowsOf = (discounts: readonly QuantityDiscount[]): DiscountRow[] =>
  discounts.map((d) => ({ minQuantity: String(d.minQuantity), percent: String(d.percent) }));

/** The rows as the server takes them, fewest copies first; or the first row's problem (core's sentence). */
export function discountsFrom(rows: readonly DiscountRow[]): { discounts: QuantityDiscount[] } | { problem: string } {
  const discounts = rows.map((r) => ({ minQuantity: Number(r.minQuantity), percent: Number(r.percent) }));
  const problem = discounts.map(discountProblem).find(Boolean);
  return problem ? { problem } : { discounts: sortedDiscounts(discounts) };
}

/**
 * Quantity discounts (issue 22 point 2): a percentage off a part's line from a number of copies of
 * it, up to QUANTITY_DISCOUNT_STEPS_MAX steps; customers see them on the printer's cards.
 */
export function QuantityDiscountsEditor(props: { rows: DiscountRow[]; onChange(rows: DiscountRow[]): void; error?: string | null }) {
  const id = useId();
  const { rows, onChange } = props;
  const set = (i: number, k: keyof DiscountRow, v: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Quantity discounts</legend>
      <p className="text-xs text-slate-500">For example 10% off a part ordered in 10 copies or more.</p>
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a step's position is its identity while it is edited
        <div key={i} className="flex items-end gap-3">
          <StepField
            id={`${id}-copies-${i}`}
            label={`From copies (discount ${i + 1})`}
            min={2}
            value={r.minQuantity}
            onChange={(v) => set(i, "minQuantity", v)}
          />
          <StepField
            id={`${id}-percent-${i}`}
            label={`Percent off (discount ${i + 1})`}
            min={1}
            value={r.percent}
            onChange={(v) => set(i, "percent", v)}
          />
          <button
            type="button"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
            aria-label={`Remove discount ${i + 1}`}
            className="rounded-lg px-2 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            Remove
          </button>
        </div>
      ))}
      {rows.length < QUANTITY_DISCOUNT_STEPS_MAX ? (
        <button
          type="button"
          onClick={() => onChange([...rows, { minQuantity: "10", percent: "10" }])}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          Add Discount
        </button>
      ) : null}
      {props.error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}

function StepField(props: { id: string; label: string; min: number; value: string; onChange(v: string): void }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-xs text-slate-600">
        {props.label}
      </label>
      <input
        id={props.id}
        type="number"
        min={props.min}
        step={1}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={inputClass}
      />
    </div>
  );
}
