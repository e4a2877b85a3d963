/**
 * One choice among a few, as radio buttons under a legend (the guarantee's forms: a claim's reason
 * and remedy, the owner's answer, staff's decision). Keyboard: Tab reaches the group, arrows move.
 */
export function ChoiceField<C extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  columns = false,
}: {
  legend: string;
  name: string;
  options: readonly { value: C; label: string }[];
  value: C | null;
  onChange: (value: C) => void;
  /** Lay the choices out in two columns from small screens up (long lists). */
  columns?: boolean;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className={`mt-2 grid grid-cols-1 gap-2 ${columns ? "sm:grid-cols-2" : ""}`}>
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="h-4 w-4 accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The options of a choice field from a record of words (core's words for each code). */
export const optionsOf = <C extends string>(codes: readonly C[], words: Record<C, string>) =>
  codes.map((value) => ({ value, label: words[value] }));
