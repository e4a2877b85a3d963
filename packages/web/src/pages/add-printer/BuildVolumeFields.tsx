import { TextField } from "../../components/TextField";
import type { Errors, FormState } from "./addPrinterForm";

type Axis = "buildVolumeX" | "buildVolumeY" | "buildVolumeZ";

/** Build Volume (mm): X, Y and Z, read-only while a model preset (other than Custom/Other) sets them. */
export function BuildVolumeFields(props: { form: FormState; errors: Errors; locked: boolean; onChange(axis: Axis, value: string): void }) {
  const { form, errors, locked } = props;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Build Volume (mm)</legend>
      {locked ? (
        <p className="mt-1 text-xs text-slate-500">Set by the {form.preset} preset. Choose Custom/Other to enter your own.</p>
      ) : null}
      <div className="mt-2 grid grid-cols-3 gap-3">
        {(["X", "Y", "Z"] as const).map((axis) => {
          const key: Axis = `buildVolume${axis}`;
          return (
            <TextField
              key={axis}
              id={`printer-${key}`}
              label={`Build Volume ${axis}`}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              readOnly={locked}
              aria-readonly={locked || undefined}
              className={locked ? "[&_input]:bg-slate-100 [&_input]:text-slate-600" : ""}
              value={form[key]}
              error={errors[key]}
              onChange={(e) => props.onChange(key, e.target.value)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
