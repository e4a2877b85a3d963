import { ORDER_MATERIALS } from "@printhood/core/shared/materials";
import { DELIVERY_OPTIONS, INFILL_OPTIONS, QUALITY_OPTIONS, SUPPORT_OPTIONS, UPLOAD_COLORS } from "@printhood/core/shared/options";
import { useId } from "react";
import { SpecialInstructionsField } from "../../components/SpecialInstructionsField";
import { cardClass, inputClass } from "../../lib/styles";
import type { SetSetting, Settings } from "./settings";

/** Print Settings (spec 1 §2): material, colour, layer height, infill, supports, delivery and special instructions. */
export function PrintSettingsCard({ settings, set, ofProject = false }: { settings: Settings; set: SetSetting; ofProject?: boolean }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Print Settings
      </h2>
      {ofProject ? <p className="mt-1 text-sm text-slate-600">For part 1, and for every part whose choice is "Same as part 1".</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Select
          id={`${id}-material`}
          label="Material"
          value={settings.material}
          onChange={(v) => set("material", v)}
          options={ORDER_MATERIALS.map((m) => ({ value: m.value, label: m.label }))}
        />
        <Select
          id={`${id}-color`}
          label="Color"
          value={settings.filamentColor}
          onChange={(v) => set("filamentColor", v)}
          options={UPLOAD_COLORS.map((c) => ({ value: c, label: c }))}
        />
        <Select
          id={`${id}-quality`}
          label="Layer Height"
          value={String(settings.quality)}
          onChange={(v) => set("quality", Number(v))}
          options={QUALITY_OPTIONS.map((q) => ({ value: String(q.value), label: q.label }))}
        />
        <Select
          id={`${id}-infill`}
          label="Infill"
          value={String(settings.infill)}
          onChange={(v) => set("infill", Number(v))}
          options={INFILL_OPTIONS.map((n) => ({ value: String(n), label: `${n}%` }))}
        />
        <Select
          id={`${id}-supports`}
          label="Supports"
          value={settings.supports}
          onChange={(v) => set("supports", v)}
          options={SUPPORT_OPTIONS.map((s) => ({ value: s.value, label: s.label }))}
        />
        <Select
          id={`${id}-delivery`}
          label="Delivery Method"
          value={settings.deliveryMethod}
          onChange={(v) => set("deliveryMethod", v)}
          options={DELIVERY_OPTIONS.map((d) => ({ value: d.value, label: d.label }))}
        />
      </div>
      <SpecialInstructionsField
        id={`${id}-notes`}
        value={settings.specialInstructions}
        onChange={(v) => set("specialInstructions", v)}
        placeholder="Anything the printer owner should know..."
        labelClassName="mt-4 block text-sm font-medium text-slate-700"
        inputClassName={inputClass}
      />
    </section>
  );
}

/** A select over a fixed list: it hands back the option chosen, typed as the list's values. */
function Select<V extends string>(props: {
  id: string;
  label: string;
  value: V;
  onChange: (v: V) => void;
  options: readonly { value: V; label: string }[];
}) {
  const pick = (raw: string) => {
    const chosen = props.options.find((o) => o.value === raw);
    if (chosen) props.onChange(chosen.value);
  };
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      <select id={props.id} value={props.value} onChange={(e) => pick(e.target.value)} className={inputClass}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
