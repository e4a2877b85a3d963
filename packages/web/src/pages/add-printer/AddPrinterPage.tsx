import { PRINTER_MATERIALS } from "@printhood/core/shared/materials";
import { CUSTOM_MODEL, MODEL_PRESETS } from "@printhood/core/shared/printer-models";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useCreatePrinter } from "../../api/printers";
import { useSignedInUser } from "../../auth/signedInUser";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { TextField } from "../../components/TextField";
import { PRINTER_ADDED } from "../../lib/printers";
import {
  createPayload,
  EMPTY,
  type Errors,
  type FieldName,
  type FormState,
  fieldElementId,
  validateAddPrinter,
  withPreset,
} from "./addPrinterForm";
import { BuildVolumeFields } from "./BuildVolumeFields";
import { MaterialsField } from "./MaterialsField";
import { PrinterModelField } from "./PrinterModelField";

/** /add-printer (spec 2 §2, §5): the full form; on success to /printer-dashboard. */
export function AddPrinterPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>(EMPTY);
  // After the first submit, messages follow the form as it is corrected.
  const [submitted, setSubmitted] = useState(false);
  const errors: Errors = submitted ? validateAddPrinter(form) : {};
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const preset = MODEL_PRESETS.find((p) => p.name === form.preset);
  // Build volumes are locked to the preset unless the model is Custom/Other or none is chosen.
  const locked = preset !== undefined && preset.name !== CUSTOM_MODEL;
  // Resin presets add their resin materials to the list.
  const materialOptions = [
    ...PRINTER_MATERIALS,
    ...(preset?.materials ?? []).filter((m) => !(PRINTER_MATERIALS as readonly string[]).includes(m)),
  ];
  const toggleMaterial = (m: string) =>
    setForm((f) => ({ ...f, materials: f.materials.includes(m) ? f.materials.filter((x) => x !== m) : [...f.materials, m] }));

  const mutation = useCreatePrinter({
    title: "Printer Added Successfully!",
    description: PRINTER_ADDED,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = Object.keys(validateAddPrinter(form)) as FieldName[];
    setSubmitted(true);
    if (found[0]) {
      document.getElementById(fieldElementId(found[0]))?.focus();
      return;
    }
    // The hook reads the account again first (a customer who lists a printer becomes "both").
    mutation.mutate(createPayload(form, user.id), { onSuccess: () => void navigate({ to: "/printer-dashboard" }) });
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
          <PrinterModelField
            preset={form.preset}
            customModel={form.customModel}
            error={errors.model}
            onPreset={(name) => setForm((f) => withPreset(f, name))}
            onCustomModel={(name) => set("customModel", name)}
          />
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
          <BuildVolumeFields form={form} errors={errors} locked={locked} onChange={set} />
          <MaterialsField options={materialOptions} chosen={form.materials} error={errors.materials} onToggle={toggleMaterial} />
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
