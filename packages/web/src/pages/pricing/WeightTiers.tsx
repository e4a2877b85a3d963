import { WEIGHT_TIERS, type WeightTier } from "@printhood/core/shared/pricing";
import { useId } from "react";

/** The weight tiers (spec 1 §9); a tier's button sets the calculator's weight to the tier's minimum. */
export function WeightTiers({ active, onWeight }: { active: WeightTier; onWeight(grams: number): void }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        Weight Tiers
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {WEIGHT_TIERS.map((t) => {
          const on = active.label === t.label;
          return (
            <button
              key={t.label}
              type="button"
              aria-pressed={on}
              onClick={() => onWeight(Math.max(1, t.min))}
              className={`rounded-xl border p-3 text-left ${on ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white hover:bg-slate-50"}`}
            >
              <span className="block font-semibold text-slate-900">{t.label}</span>
              {t.note ? <span className="block text-xs capitalize text-slate-500">{t.note}</span> : null}
            </button>
          );
        })}
      </div>
    </section>
  );
}
