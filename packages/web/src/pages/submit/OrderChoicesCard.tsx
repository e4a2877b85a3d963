import { SWATCH_COLORS } from "@printhood/core/shared/colors";
import { hasColorInStock } from "@printhood/core/shared/compatibility";
import { DELIVERY_OPTIONS } from "@printhood/core/shared/options";
import { DELIVERY_FEE_CENTS } from "@printhood/core/shared/pricing";
import { lowestShippingCents } from "@printhood/core/shared/shipping-rates";
import type { DeliveryMethod, Job, Printer } from "../../api/types";
import { SpecialInstructionsField } from "../../components/SpecialInstructionsField";
import { formatCents } from "../../lib/format";
import { cardClass, inputClass } from "../../lib/styles";
import type { SwatchName } from "./SubmitPrintForm";

/**
 * What each delivery choice means here; the choices and their names are core's (DELIVERY_OPTIONS).
 * Shipping starts at the rate table's cheapest price for the design's weight.
 */
const deliveryHints = (grams: number): Record<DeliveryMethod, string> => ({
  pickup: "Collect it from the printer owner (free)",
  delivery: `Delivered to you locally (+${formatCents(DELIVERY_FEE_CENTS.delivery)})`,
  shipping: `Shipped to your address (from ${formatCents(lowestShippingCents(grams))}; options at checkout)`,
});

/**
 * Print Settings of the submit step (spec 1 §2): the filament colour from the 10 swatches (those
 * out of stock at this printer are dimmed but selectable: the server explains a refusal), the
 * delivery method (the upload page's Ship to Me too) and the special instructions.
 */
export function OrderChoicesCard(props: {
  id: string;
  draft: Job;
  printer: Printer;
  color: SwatchName | null;
  onColor(color: SwatchName): void;
  delivery: DeliveryMethod;
  onDelivery(delivery: DeliveryMethod): void;
  notes: string;
  onNotes(notes: string): void;
}) {
  const { id, draft, printer, color, delivery } = props;
  const hints = deliveryHints(draft.estimatedWeight);
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        Print Settings
      </h2>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-700">
          Filament Color <span className="text-red-600">*</span>
        </legend>
        <div className="mt-2 grid grid-cols-5 gap-3 sm:grid-cols-10">
          {SWATCH_COLORS.map((c) => {
            const available = hasColorInStock(printer, c.name, draft.material);
            return (
              <button
                key={c.name}
                type="button"
                aria-label={available ? c.name : `${c.name} (out of stock)`}
                aria-pressed={color === c.name}
                onClick={() => props.onColor(c.name)}
                title={available ? c.name : `${c.name} is out of stock at this printer`}
                className={`flex flex-col items-center gap-1 rounded-lg p-1 text-xs ${color === c.name ? "ring-2 ring-brand-600" : "hover:bg-slate-50"}`}
              >
                {/* Out of stock: the swatch is dimmed and the name struck through, still legible (4.5:1). */}
                <span
                  className={`h-8 w-8 rounded-full border border-slate-300 shadow-inner ${available ? "" : "opacity-40"}`}
                  style={{ background: c.hex }}
                />
                <span className={available ? "text-slate-700" : "text-slate-600 line-through"}>{c.name}</span>
              </button>
            );
          })}
        </div>
        {!color ? <p className="mt-2 text-sm text-slate-500">Please select a filament color.</p> : null}
        {color && !hasColorInStock(printer, color, draft.material) ? (
          <p className="mt-2 text-sm font-medium text-amber-800">
            {color} {draft.material} is out of stock at {printer.name}: the order would be refused. Please choose another colour or printer.
          </p>
        ) : null}
      </fieldset>
      <fieldset className="mt-6">
        <legend className="text-sm font-medium text-slate-700">Delivery Method</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {DELIVERY_OPTIONS.map(({ value, label }) => (
            <label
              key={value}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${delivery === value ? "border-brand-500 bg-brand-50" : "border-slate-200"}`}
            >
              <input
                type="radio"
                name={`${id}-delivery`}
                value={value}
                checked={delivery === value}
                onChange={() => props.onDelivery(value)}
                className="mt-1"
              />
              <span>
                <span className="block font-medium text-slate-900">{label}</span>
                <span className="block text-sm text-slate-600">{hints[value]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <SpecialInstructionsField
        id={`${id}-notes`}
        value={props.notes}
        onChange={props.onNotes}
        labelClassName="mt-6 block text-sm font-medium text-slate-700"
        inputClassName={inputClass}
      />
    </section>
  );
}
