import { CUSTOM_MODEL, MODEL_PRESETS } from "@printhood/core/shared/printer-models";
import { TextField } from "../../components/TextField";

/** Printer Model: the presets (spec 2 §9), and a Model Name field for Custom/Other. */
export function PrinterModelField(props: {
  preset: string;
  customModel: string;
  error: string | undefined;
  onPreset(name: string): void;
  onCustomModel(name: string): void;
}) {
  const { preset, error } = props;
  return (
    <>
      <div>
        <label htmlFor="printer-model" className="block text-sm font-medium text-slate-700">
          Printer Model
        </label>
        <select
          id="printer-model"
          value={preset}
          onChange={(e) => props.onPreset(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "printer-model-error" : undefined}
          className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 ${error ? "border-red-400" : "border-slate-300"}`}
        >
          <option value="">Select a model</option>
          {MODEL_PRESETS.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
        {error ? (
          <p id="printer-model-error" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      {preset === CUSTOM_MODEL ? (
        <TextField
          id="printer-custom-model"
          label="Model Name"
          value={props.customModel}
          onChange={(e) => props.onCustomModel(e.target.value)}
          placeholder="e.g. Voron 2.4"
        />
      ) : null}
    </>
  );
}
