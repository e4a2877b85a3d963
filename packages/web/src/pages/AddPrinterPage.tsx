import { ADD_PRINTER_MATERIALS, CUSTOM_MODEL, MODEL_PRESETS } from "@printhood/core/shared/printer-models";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useCreatePrinter } from "../api/printers";
import { useSignedInUser } from "../auth/signedInUser";
import { PageBody, PageHeading } from "../components/PageHeading";
import { TextField } from "../components/TextField";

interface FormState {
  name: string;
  preset: string;
  customModel: string;
  description: string;
  location: string;
  buildVolumeX: string;
  buildVolumeY: string;
  buildVolumeZ: string;
  materials: string[];
  pricePerGram: string;
}

type Errors = Partial<
  Record<"name" | "model" | "location" | "buildVolumeX" | "buildVolumeY" | "buildVolumeZ" | "materials" | "pricePerGram", string>
>;

const EMPTY: FormState = {
  name: "",
  preset: "",
  customModel: "",
  description: "",
  location: "",
  buildVolumeX: "",
  buildVolumeY: "",
  buildVolumeZ: "",
  materials: [],
  pricePerGram: "",
};

/** The spec's messages (spec 2 §5, add-printer screen). */
export function validateAddPrinter(f: FormState): Errors {
  const errors: Errors = {};
  const model = f.preset === CUSTOM_MODEL ? f.customModel.trim() : f.preset;
  const atLeastOne = (v: string) => Number.isFinite(Number(v)) && v.trim() !== "" && Number(v) >= 1;
  if (!f.name.trim()) errors.name = "Printer name is required";
  if (!model) errors.model = "Printer model is required";
  if (!f.location.trim()) errors.location = "Location is required";
  if (!atLeastOne(f.buildVolumeX)) errors.buildVolumeX = "Build volume X is required";
  if (!atLeastOne(f.buildVolumeY)) errors.buildVolumeY = "Build volume Y is required";
  if (!atLeastOne(f.buildVolumeZ)) errors.buildVolumeZ = "Build volume Z is required";
  if (f.materials.length === 0) errors.materials = "At least one material is required";
  if (f.pricePerGram.trim() === "" || !Number.isFinite(Number(f.pricePerGram))) errors.pricePerGram = "Price per gram is required";
  return errors;
}

export function AddPrinterPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>(EMPTY);
  // After the first submit, messages follow the form as it is corrected.
  const [submitted, setSubmitted] = useState(false);
  const errors: Errors = submitted ? validateAddPrinter(form) : {};

  const preset = MODEL_PRESETS.find((p) => p.name === form.preset);
  // Build volumes are locked to the preset unless the model is Custom/Other or none is chosen.
  const locked = preset !== undefined && preset.name !== CUSTOM_MODEL;
  const materialOptions = [
    ...ADD_PRINTER_MATERIALS,
    ...(preset?.materials ?? []).filter((m) => !(ADD_PRINTER_MATERIALS as readonly string[]).includes(m)),
  ];

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const choosePreset = (name: string) => {
    const p = MODEL_PRESETS.find((m) => m.name === name);
    setForm((f) => {
      if (!p) return { ...f, preset: "" };
      if (p.name === CUSTOM_MODEL) {
        // Custom/Other clears the previous preset's values: the owner types their own.
        return {
          ...f,
          preset: p.name,
          buildVolumeX: "",
          buildVolumeY: "",
          buildVolumeZ: "",
          materials: [...p.materials],
          pricePerGram: p.pricePerGram.toFixed(2),
        };
      }
      return {
        ...f,
        preset: p.name,
        buildVolumeX: String(p.buildVolumeX),
        buildVolumeY: String(p.buildVolumeY),
        buildVolumeZ: String(p.buildVolumeZ),
        materials: [...p.materials],
        pricePerGram: p.pricePerGram.toFixed(2),
      };
    });
  };

  const toggleMaterial = (m: string) =>
    setForm((f) => ({ ...f, materials: f.materials.includes(m) ? f.materials.filter((x) => x !== m) : [...f.materials, m] }));

  const mutation = useCreatePrinter({
    title: "Printer Added Successfully!",
    description: "Your printer has been listed on the marketplace.",
  });
  const create = () =>
    mutation.mutate(
      {
        ownerId: user.id,
        name: form.name.trim(),
        model: form.preset === CUSTOM_MODEL ? form.customModel.trim() : form.preset,
        ...(form.description.trim() ? { description: form.description.trim() } : {}),
        location: form.location.trim(),
        buildVolumeX: Number(form.buildVolumeX),
        buildVolumeY: Number(form.buildVolumeY),
        buildVolumeZ: Number(form.buildVolumeZ),
        materials: form.materials,
        pricePerGram: Number(form.pricePerGram),
        isAvailable: true,
      },
      // The account is read again first (a customer who lists a printer becomes "both").
      { onSuccess: () => void navigate({ to: "/printer-dashboard" }) },
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAddPrinter(form);
    setSubmitted(true);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document
        .getElementById(first === "model" ? "printer-model" : first === "materials" ? "materials-legend" : `printer-${first}`)
        ?.focus();
      return;
    }
    create();
  };

  return (
    <>
      <PageHeading title="Add Your 3D Printer" subtitle="List your printer on the marketplace and start earning from its idle hours." />
      <PageBody className="max-w-3xl">
        <form
          noValidate
          onSubmit={submit}
          className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          aria-label="Add printer"
        >
          <TextField
            id="printer-name"
            label="Printer Name"
            value={form.name}
            error={errors.name}
            onChange={(e) => set("name", e.target.value)}
            placeholder="e.g. Garage Prusa"
          />

          <div>
            <label htmlFor="printer-model" className="block text-sm font-medium text-slate-700">
              Printer Model
            </label>
            <select
              id="printer-model"
              value={form.preset}
              onChange={(e) => choosePreset(e.target.value)}
              aria-invalid={errors.model ? true : undefined}
              aria-describedby={errors.model ? "printer-model-error" : undefined}
              className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 ${errors.model ? "border-red-400" : "border-slate-300"}`}
            >
              <option value="">Select a model</option>
              {MODEL_PRESETS.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.name}
                </option>
              ))}
            </select>
            {errors.model ? (
              <p id="printer-model-error" className="mt-1 text-sm text-red-600">
                {errors.model}
              </p>
            ) : null}
          </div>

          {form.preset === CUSTOM_MODEL ? (
            <TextField
              id="printer-custom-model"
              label="Model Name"
              value={form.customModel}
              onChange={(e) => set("customModel", e.target.value)}
              placeholder="e.g. Voron 2.4"
            />
          ) : null}

          <div>
            <label htmlFor="printer-description" className="block text-sm font-medium text-slate-700">
              Description (optional)
            </label>
            <textarea
              id="printer-description"
              rows={3}
              value={form.description}
              onChange={(e) => set("description", e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
            />
          </div>

          <TextField
            id="printer-location"
            label="Location"
            value={form.location}
            error={errors.location}
            onChange={(e) => set("location", e.target.value)}
            placeholder="City, State (e.g. Loveland, CO)"
          />

          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Build Volume (mm)</legend>
            {locked ? (
              <p className="mt-1 text-xs text-slate-500">Set by the {form.preset} preset. Choose Custom/Other to enter your own.</p>
            ) : null}
            <div className="mt-2 grid grid-cols-3 gap-3">
              {(["X", "Y", "Z"] as const).map((axis) => {
                const key = `buildVolume${axis}` as const;
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
                    onChange={(e) => set(key, e.target.value)}
                  />
                );
              })}
            </div>
          </fieldset>

          <fieldset aria-describedby={errors.materials ? "materials-error" : undefined}>
            <legend id="materials-legend" tabIndex={-1} className="text-sm font-medium text-slate-700">
              Materials
            </legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {materialOptions.map((m) => (
                <label
                  key={m}
                  className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50"
                >
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={form.materials.includes(m)}
                    onChange={() => toggleMaterial(m)}
                  />
                  {m}
                </label>
              ))}
            </div>
            {errors.materials ? (
              <p id="materials-error" className="mt-1 text-sm text-red-600">
                {errors.materials}
              </p>
            ) : null}
          </fieldset>

          <TextField
            id="printer-pricePerGram"
            label="Price per Gram ($)"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={form.pricePerGram}
            error={errors.pricePerGram}
            onChange={(e) => set("pricePerGram", e.target.value)}
          />

          <div className="flex justify-end gap-3 border-t border-slate-100 pt-5">
            <Link to="/dashboard" className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50">
              Cancel
            </Link>
            <button
              type="submit"
              disabled={mutation.isPending}
              className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {mutation.isPending ? "Adding Printer..." : "Add Printer"}
            </button>
          </div>
        </form>
      </PageBody>
    </>
  );
}
