import {
  DELIVERY_FEE_CENTS,
  type DeliveryMethod,
  FILAMENT_PRICE_PER_KG_CENTS,
  type PriceInput,
  priceJob,
  WEIGHT_TIERS,
} from "@printhood/core/shared/pricing";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { PageBody, PageHeading } from "../components/PageHeading";
import { PriceLine } from "../components/PriceLine";
import { formatCents } from "../lib/format";
import { cardClass } from "../lib/styles";

const MATERIALS = Object.keys(FILAMENT_PRICE_PER_KG_CENTS) as (keyof typeof FILAMENT_PRICE_PER_KG_CENTS)[];
const DELIVERY_LABELS: Record<DeliveryMethod, string> = {
  pickup: "Pickup (free)",
  delivery: "Local Delivery (+$5.00)",
  shipping: "Shipping (+$5.99)",
};

/** Three worked examples, priced by the same core function as every order. */
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

export function PricingPage() {
  const id = useId();
  const [weight, setWeight] = useState(51);
  const [colors, setColors] = useState(1);
  const [hours, setHours] = useState(2);
  const [material, setMaterial] = useState<string>("PLA");
  const [delivery, setDelivery] = useState<DeliveryMethod>("pickup");
  const price = priceJob({ grams: weight, material, numberOfColors: colors, printTimeMinutes: hours * 60, deliveryMethod: delivery });

  return (
    <>
      <PageHeading
        title="Transparent Pricing"
        subtitle="Fair, weight-based prices you can see before you order. Printer owners earn for every print; you only pay for what you print."
      >
        <Link
          to="/upload"
          className="mt-6 inline-flex rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Upload Your Design
        </Link>
      </PageHeading>
      <PageBody className="space-y-10">
        <section aria-labelledby={`${id}-calc`} className="grid gap-8 lg:grid-cols-2">
          <div className={cardClass}>
            <h2 id={`${id}-calc`} className="text-xl font-semibold text-slate-900">
              Pricing Calculator
            </h2>
            <div className="mt-6 space-y-6">
              <Range id={`${id}-weight`} label="Weight" unit="g" min={1} max={1000} step={5} value={weight} onChange={setWeight} />
              <Range id={`${id}-colors`} label="Colors" unit="" min={1} max={8} step={1} value={colors} onChange={setColors} />
              <Range id={`${id}-time`} label="Print Time" unit=" h" min={0.5} max={48} step={0.5} value={hours} onChange={setHours} />
              <div className="grid gap-4 sm:grid-cols-2">
                <div>
                  <label htmlFor={`${id}-material`} className="block text-sm font-medium text-slate-700">
                    Material
                  </label>
                  <select
                    id={`${id}-material`}
                    value={material}
                    onChange={(e) => setMaterial(e.target.value)}
                    className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
                  >
                    {MATERIALS.map((m) => (
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
                    value={delivery}
                    onChange={(e) => setDelivery(e.target.value as DeliveryMethod)}
                    className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
                  >
                    {(Object.keys(DELIVERY_LABELS) as DeliveryMethod[]).map((d) => (
                      <option key={d} value={d}>
                        {DELIVERY_LABELS[d]}
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
                label={`Material (${weight} g × $${price.filamentCostPer1000gCents / 100}/kg)`}
                value={formatCents(price.materialCostCents)}
              />
              <PriceLine label="Print Service (2 × material)" value={formatCents(price.basePrintCostCents)} />
              {price.multicolorPremiumCents ? (
                <PriceLine label={`Extra colors (${colors - 1} × $2.00)`} value={formatCents(price.multicolorPremiumCents)} />
              ) : null}
              {price.timePremiumCents ? (
                <PriceLine
                  label={`Multicolor time (${price.timePremiumCents / 50} × 15 min × $0.50)`}
                  value={formatCents(price.timePremiumCents)}
                />
              ) : null}
              <PriceLine label="Platform Fee (15% + $2.00)" value={formatCents(price.platformFeeCents)} />
              {price.deliveryFeeCents ? (
                <PriceLine label={delivery === "delivery" ? "Local Delivery" : "Shipping"} value={formatCents(price.deliveryFeeCents)} />
              ) : null}
              <div className="flex justify-between border-t border-slate-200 pt-3 text-lg font-bold text-slate-900">
                <dt>Total</dt>
                <dd data-testid="calculator-total">{formatCents(price.totalCents)}</dd>
              </div>
              <PriceLine label="Printer owner earns" value={formatCents(price.printerProfitCents)} />
              <p className="pt-2 text-xs text-slate-500">Weight tier: {price.weightTier.label}</p>
            </dl>
          </div>
        </section>

        <section aria-labelledby={`${id}-tiers`}>
          <h2 id={`${id}-tiers`} className="text-xl font-semibold text-slate-900">
            Weight Tiers
          </h2>
          <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {WEIGHT_TIERS.map((t) => {
              const min = Math.max(1, t.min);
              const active = price.weightTier.label === t.label;
              return (
                <button
                  key={t.label}
                  type="button"
                  aria-pressed={active}
                  onClick={() => setWeight(min)}
                  className={`rounded-xl border p-3 text-left ${active ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white hover:bg-slate-50"}`}
                >
                  <span className="block font-semibold text-slate-900">{t.label}</span>
                  {t.note ? <span className="block text-xs capitalize text-slate-500">{t.note}</span> : null}
                </button>
              );
            })}
          </div>
        </section>

        <section className="grid gap-6 md:grid-cols-2">
          <div className={cardClass}>
            <h2 className="text-lg font-semibold text-slate-900">Multicolor Prints</h2>
            <p className="mt-2 text-slate-600">
              Each colour beyond the first adds $2.00. Multicolour prints also add $0.50 for every started 15 minutes of print time, for the
              filament changes.
            </p>
          </div>
          <div className={cardClass}>
            <h2 className="text-lg font-semibold text-slate-900">Delivery Options</h2>
            <p className="mt-2 text-slate-600">
              Pickup from the printer owner is free. Local delivery adds ${(DELIVERY_FEE_CENTS.delivery / 100).toFixed(2)}; shipping starts
              at ${(DELIVERY_FEE_CENTS.shipping / 100).toFixed(2)}.
            </p>
          </div>
        </section>

        <section aria-labelledby={`${id}-examples`}>
          <h2 id={`${id}-examples`} className="text-xl font-semibold text-slate-900">
            Example Calculations
          </h2>
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

        <div className="text-center">
          <Link
            to="/upload"
            className="inline-flex rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Upload Your Design
          </Link>
        </div>
      </PageBody>
    </>
  );
}

function Range({
  id,
  label,
  unit,
  min,
  max,
  step,
  value,
  onChange,
}: {
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
        <label htmlFor={id} className="font-medium text-slate-700">
          {label}
        </label>
        <output htmlFor={id} className="font-semibold text-slate-900">
          {value}
          {unit}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-2 w-full accent-brand-600"
      />
    </div>
  );
}
