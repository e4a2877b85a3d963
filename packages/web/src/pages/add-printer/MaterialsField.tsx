/** Materials: one checkbox each; the message when none is ticked. */
export function MaterialsField(props: {
  options: readonly string[];
  chosen: string[];
  error: string | undefined;
  onToggle(material: string): void;
}) {
  const { error } = props;
  return (
    <fieldset aria-describedby={error ? "materials-error" : undefined}>
      <legend id="materials-legend" tabIndex={-1} className="text-sm font-medium text-slate-700">
        Materials
      </legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {props.options.map((m) => (
          <label
            key={m}
            className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              checked={props.chosen.includes(m)}
              onChange={() => props.onToggle(m)}
            />
            {m}
          </label>
        ))}
      </div>
      {error ? (
        <p id="materials-error" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
