import {
  DELIVERY_FEE_CENTS,
  type DeliveryMethod,
  EXTRA_COLOR_CENTS,
  FILAMENT_PRICE_PER_KG_CENTS,
  PLATFORM_FEE_PERCENT,
  PLATFORM_FIXED_FEE_CENTS,
  type PriceResult,
  TIME_BLOCK_CENTS,
  TIME_BLOCK_MINUTES,
} from "@printhood/core/shared/pricing";
import { lowestShippingCents } from "@printhood/core/shared/shipping-rates";
import { useId } from "react";
import { PriceLine } from "../../components/PriceLine";
import { formatCents } from "../../lib/format";
import { cardClass } from "../../lib/styles";

export const CALCULATOR_MATERIALS = Object.keys(FILAMENT_PRICE_PER_KG_CENTS) as (keyof typeof FILAMENT_PRICE_PER_KG_CENTS)[];

/** The delivery choices with their prices; shipping's is what it starts at for this weight (the rate table's). */
const deliveryLabels = (grams: number): Record<DeliveryMethod, string> => ({
  pickup: "Pickup (free)",
  delivery: `Local Delivery (+${formatCents(DELIVERY_FEE_CENTS.delivery)})`,
  shipping: `Shipping (from ${formatCents(lowestShippingCents(grams))})`,
});

export interface CalculatorInput {
  weight: number;
  colors: number;
  hours: number;
  material: string;
  delivery: DeliveryMethod;
}

/**
 * The interactive calculator (spec 1 §2 Pricing page; ranges: weight 1-1000 g step 5, colours
 * 1-8, print time 0.5-48 h step 0.5) and its estimate, priced by core's one pricing function.
 */
export function PricingCalculator(props: { input: CalculatorInput; price: PriceResult; onChange(input: Partial<CalculatorInput>): void }) {
  const id = useId();
  const { input, price, onChange } = props;
  return (
    <section aria-labelledby={`${id}-calc`} className="grid grid-cols-1 gap-8 lg:grid-cols-2">
      <div className={cardClass}>
        <h2 id={`${id}-calc`} className="text-xl font-semibold text-slate-900">
          Pricing Calculator
        </h2>
        <div className="mt-6 space-y-6">
          <Range
            id={`${id}-weight`}
            label="Weight"
            unit="g"
            min={1}
            max={1000}
            step={5}
            value={input.weight}
            onChange={(weight) => onChange({ weight })}
          />
          <Range
            id={`${id}-colors`}
            label="Colors"
            unit=""
            min={1}
            max={8}
            step={1}
            value={input.colors}
            onChange={(colors) => onChange({ colors })}
          />
          <Range
            id={`${id}-time`}
            label="Print Time"
            unit=" h"
            min={0.5}
            max={48}
            step={0.5}
            value={input.hours}
            onChange={(hours) => onChange({ hours })}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-material`} className="block text-sm font-medium text-slate-700">
                Material
              </label>
              <select
                id={`${id}-material`}
                value={input.material}
                onChange={(e) => onChange({ material: e.target.value })}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
              >
                {CALCULATOR_MATERIALS.map((m) => (
                  <option key={m} value={m}>
                    {m} (${FILAMENT_PRICE_PER_KG_CENTS[m] / 100}/kg)
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-delivery`} className="block text-sm font-medium text-slate-700">
                Delivery
              </label>
              <select
                id={`${id}-delivery`}
                value={input.delivery}
                onChange={(e) => onChange({ delivery: e.target.value as DeliveryMethod })}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
              >
                {Object.entries(deliveryLabels(input.weight)).map(([d, label]) => (
                  <option key={d} value={d}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
      </div>
      <div className={cardClass} aria-live="polite">
        <h2 className="text-xl font-semibold text-slate-900">Your Estimate</h2>
        <dl className="mt-6 space-y-2 text-sm">
          <PriceLine
            label={`Material (${input.weight} g × $${price.filamentCostPer1000gCents / 100}/kg)`}
            value={formatCents(price.materialCostCents)}
          />
          <PriceLine label="Print Service (2 × material)" value={formatCents(price.basePrintCostCents)} />
          {price.multicolorPremiumCents ? (
            <PriceLine
              label={`Extra colors (${input.colors - 1} × ${formatCents(EXTRA_COLOR_CENTS)})`}
              value={formatCents(price.multicolorPremiumCents)}
            />
          ) : null}
          {price.timePremiumCents ? (
            <PriceLine
              label={`Multicolor time (${price.timePremiumCents / TIME_BLOCK_CENTS} × ${TIME_BLOCK_MINUTES} min × ${formatCents(TIME_BLOCK_CENTS)})`}
              value={formatCents(price.timePremiumCents)}
            />
          ) : null}
          <PriceLine
            label={`Platform Fee (${PLATFORM_FEE_PERCENT}% + ${formatCents(PLATFORM_FIXED_FEE_CENTS)})`}
            value={formatCents(price.platformFeeCents)}
          />
          {price.deliveryFeeCents ? (
            <PriceLine
              label={input.delivery === "delivery" ? "Local Delivery" : "Shipping (from)"}
              value={formatCents(price.deliveryFeeCents)}
            />
          ) : null}
          <div className="flex justify-between border-t border-slate-200 pt-3 text-lg font-bold text-slate-900">
            <dt>Total</dt>
            <dd data-testid="calculator-total">{formatCents(price.totalCents)}</dd>
          </div>
          <PriceLine label="Printer owner earns" value={formatCents(price.printerProfitCents)} />
        </dl>
        <p className="pt-4 text-xs text-slate-600">Weight tier: {price.weightTier.label}</p>
      </div>
    </section>
  );
}

function Range(props: {
  id: string;
  label: string;
  unit: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onChange(v: number): void;
}) {
  return (
    <div>
      <div className="flex justify-between text-sm">
        <label htmlFor={props.id} className="font-medium text-slate-700">
          {props.label}
        </label>
        <output htmlFor={props.id} className="font-semibold text-slate-900">
          {props.value}
          {props.unit}
        </output>
      </div>
      <input
        id={props.id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
        className="mt-2 h-6 w-full accent-brand-600"
      />
    </div>
  );
}
