import type { ReactNode } from "react";
import { inputClass } from "../lib/styles";

/** One filter of a printer search: its label above the control (which carries `id`). */
export function FilterField({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter picked from a list, with "all" (shown as `allLabel`) first. */
export function FilterSelect({
  id,
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  options: readonly string[];
  value: string;
  onChange(value: string): void;
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="all">{allLabel}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
