import { type PriceInput, priceJob } from "@printhood/core/shared/pricing";
import { useId } from "react";
import { PriceLine } from "../../components/PriceLine";
import { formatCents } from "../../lib/format";
import { cardClass } from "../../lib/styles";

/**
 * Three worked examples at typical filament prices (PLA $20, PETG $28, ABS $25 per kg), priced by
 * the same core function as every order. Printers set their own filament price per gram (most
 * between $0.018 and $0.035), which replaces the material's price once one is chosen, so a real
 * order lands in the same range.
 */
const EXAMPLES: { title: string; text: string; input: PriceInput }[] = [
  {
    title: "Keychain",
    text: "20 g of PLA, one colour, about 1 hour, picked up",
    input: { grams: 20, material: "PLA", numberOfColors: 1, printTimeMinutes: 60, deliveryMethod: "pickup" },
  },
  {
    title: "Two-colour phone stand",
    text: "150 g of PETG, two colours, 3 hours, picked up",
    input: { grams: 150, material: "PETG", numberOfColors: 2, printTimeMinutes: 180, deliveryMethod: "pickup" },
  },
  {
    title: "Enclosure box",
    text: "400 g of ABS, one colour, 10 hours, local delivery",
    input: { grams: 400, material: "ABS", numberOfColors: 1, printTimeMinutes: 600, deliveryMethod: "delivery" },
  },
];

export function ExampleCalculations() {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        Example Calculations
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        At typical filament prices. Each printer owner sets a price per gram for their filament (most charge $0.018 to $0.035); when you
        choose a printer, its price replaces the material's, and your order is priced exactly like these.
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-3">
        {EXAMPLES.map((ex) => {
          const p = priceJob(ex.input);
          return (
            <article key={ex.title} className={cardClass}>
              <h3 className="font-semibold text-slate-900">{ex.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{ex.text}</p>
              <dl className="mt-4 space-y-1 text-sm">
                <PriceLine label="Print Service" value={formatCents(p.subtotalCents)} />
                <PriceLine label="Platform Fee" value={formatCents(p.platformFeeCents)} />
                {p.deliveryFeeCents ? <PriceLine label="Local Delivery" value={formatCents(p.deliveryFeeCents)} /> : null}
                <div className="flex justify-between border-t border-slate-200 pt-2 font-semibold text-slate-900">
                  <dt>Total</dt>
                  <dd>{formatCents(p.totalCents)}</dd>
                </div>
              </dl>
            </article>
          );
        })}
      </div>
    </section>
  );
}
