import { Radio, RadioGroup } from "@headlessui/react";
import type { ShippingOption } from "../../api/types";
import { Spinner } from "../../components/Spinner";
import { formatCents } from "../../lib/format";

/** The shipping options for the entered ZIP, the default preselected (spec 2 §2 Checkout). */
export function ShippingOptions({
  options,
  loading,
  zipComplete,
  selected,
  onSelect,
  saving,
}: {
  options: readonly ShippingOption[] | undefined;
  loading: boolean;
  zipComplete: boolean;
  selected: string | null;
  onSelect: (id: string) => void;
  saving: boolean;
}) {
  if (!zipComplete) return <p className="text-sm text-slate-600">Enter your 5-digit ZIP code to see shipping options.</p>;
  if (loading)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" /> Finding shipping options...
      </p>
    );
  if (!options?.length) return <p className="text-sm text-slate-600">No shipping options for this ZIP code.</p>;
  return (
    <RadioGroup
      value={selected ?? ""}
      onChange={(id: string) => onSelect(id)}
      aria-label="Shipping option"
      disabled={saving}
      className="space-y-2"
    >
      <span className="block text-sm font-medium text-slate-700">Shipping option</span>
      {options.map((o) => (
        <Radio
          key={o.id}
          value={o.id}
          aria-label={`${o.carrier} ${o.service}, ${formatCents(o.estimatedCostCents)}`}
          className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-300 px-4 py-3 text-sm data-[checked]:border-brand-600 data-[checked]:bg-brand-50 data-[focus]:ring-2 data-[focus]:ring-brand-200"
        >
          <span>
            <span className="block font-medium text-slate-900">
              {o.carrier} {o.service}
            </span>
            <span className="block text-slate-600">{o.description}</span>
          </span>
          <span className="font-semibold text-slate-900">{formatCents(o.estimatedCostCents)}</span>
        </Radio>
      ))}
    </RadioGroup>
  );
}
