import { PRINTER_MATERIALS } from "@printhood/core/shared/materials";
import { DASHBOARD_MODELS, PRINTER_IMAGE_PATH, pricePerGramFromSpool, SPOOL_WEIGHTS } from "@printhood/core/shared/printer-models";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useCreatePrinter } from "../../../api/printers";
import { PRINTER_ADDED } from "../../../lib/printers";
import { inputClass, primaryButton, secondaryButton } from "../../../lib/styles";
import { TextField } from "../../TextField";
import { Modal } from "./Modal";

/** The dashboard's Add Your 3D Printer dialog (spec 2 §2, §3, §5, §9). */
export function AddPrinterDialog({ open, onClose, userId }: { open: boolean; onClose: () => void; userId: string }) {
  const [model, setModel] = useState("");
  const [name, setName] = useState("");
  const [materials, setMaterials] = useState<string[]>([]);
  const [cost, setCost] = useState("");
  const [spool, setSpool] = useState("1000");
  const [street, setStreet] = useState("");
  const [city, setCity] = useState("");
  const [state, setState] = useState("");
  const [zip, setZip] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Each refused Add Printer counts, so the same reason twice takes the focus twice.
  const [refusals, setRefusals] = useState(0);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // The reason sits above the fields, out of sight when the dialog is scrolled to its button (a
  // phone): focusing it scrolls it into view, and a screen reader reads it where the focus lands.
  useEffect(() => {
    if (refusals > 0) errorRef.current?.focus();
  }, [refusals]);
  const [serverRefusals, setServerRefusals] = useState(0);
  const submitRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (serverRefusals > 0) submitRef.current?.focus();
  }, [serverRefusals]);

  const chosen = DASHBOARD_MODELS.find((m) => m.name === model);
  const costValue = Number(cost);
  const price = cost.trim() && Number.isFinite(costValue) ? pricePerGramFromSpool(costValue, Number(spool)) : null;

  const reset = () => {
    setModel("");
    setName("");
    setMaterials([]);
    setCost("");
    setSpool("1000");
    setStreet("");
    setCity("");
    setState("");
    setZip("");
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const mutation = useCreatePrinter({ title: "Success", description: PRINTER_ADDED });
  const create = () => {
    if (!chosen || price === null) return;
    mutation.mutate(
      {
        ownerId: userId,
        name: name.trim() || chosen.name,
        model: chosen.name,
        buildVolumeX: chosen.buildVolumeX,
        buildVolumeY: chosen.buildVolumeY,
        buildVolumeZ: chosen.buildVolumeZ,
        materials,
        pricePerGram: price,
        location: `${city.trim()}, ${state}`,
        street: street.trim(),
        city: city.trim(),
        state,
        zipCode: zip,
        imageUrl: `${PRINTER_IMAGE_PATH}${chosen.image}.svg`,
        isAvailable: true,
      },
      {
        onSuccess: close,
        // The server's refusal (an unknown ZIP code) is the spec's Error toast, read out at once; the
        // button was disabled while sending, which left the focus nowhere: it goes back to the button.
        onError: () => setServerRefusals((n) => n + 1),
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    let message: string | null = null;
    if (!chosen) message = "Please select a printer model";
    else if (materials.length === 0) message = "Please select at least one material";
    else if (!cost.trim() || !Number.isFinite(costValue) || costValue < 0 || !spool) message = "Please enter filament cost and weight";
    else if (!street.trim() || !city.trim() || !/^[A-Z]{2}$/.test(state) || !/^\d{5}$/.test(zip))
      message = "Please enter complete address information";
    setError(message);
    if (message) setRefusals((n) => n + 1);
    else create();
  };

  const toggle = (m: string) => setMaterials((list) => (list.includes(m) ? list.filter((x) => x !== m) : [...list, m]));

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add Your 3D Printer"
      description="Choose your model, materials and filament cost; we work out your price per gram."
      size="max-w-2xl"
    >
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Add Your 3D Printer">
        {error ? (
          <p
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 focus:outline-none"
          >
            {error}
          </p>
        ) : null}
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Printer Model</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {DASHBOARD_MODELS.map((m) => (
              <label
                key={m.name}
                className={`flex cursor-pointer flex-col items-center rounded-xl border p-2 text-center text-xs font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                  model === m.name ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-200 text-slate-700 hover:bg-slate-50"
                }`}
              >
                <input
                  type="radio"
                  name="dashboard-model"
                  value={m.name}
                  checked={model === m.name}
                  onChange={() => setModel(m.name)}
                  className="sr-only"
                />
                <img src={`${PRINTER_IMAGE_PATH}${m.image}.svg`} alt="" className="h-16 w-20 object-contain" />
                <span className="mt-1">{m.name}</span>
                <span className="text-[11px] font-normal text-slate-500">
                  {m.buildVolumeX}×{m.buildVolumeY}×{m.buildVolumeZ}
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <TextField
          id="dlg-name"
          label="Printer Name (optional)"
          value={name}
          placeholder={chosen?.name ?? "Defaults to the model"}
          onChange={(e) => setName(e.target.value)}
        />

        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Materials</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {PRINTER_MATERIALS.map((m) => (
              <label key={m} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800">
                <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={materials.includes(m)} onChange={() => toggle(m)} />
                {m}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id="dlg-cost"
            label="Filament Cost ($)"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={cost}
            onChange={(e) => setCost(e.target.value)}
            placeholder="24.99"
          />
          <div>
            <label htmlFor="dlg-spool" className="block text-sm font-medium text-slate-700">
              Spool Weight
            </label>
            <select id="dlg-spool" className={inputClass} value={spool} onChange={(e) => setSpool(e.target.value)}>
              {SPOOL_WEIGHTS.map((w) => (
                <option key={w.grams} value={String(w.grams)}>
                  {w.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <p className="block text-sm font-medium text-slate-700">Price per Gram</p>
            <p
              className="mt-1 rounded-lg bg-slate-100 px-3 py-2 font-semibold text-slate-900"
              aria-live="polite"
              data-testid="derived-price"
            >
              {price === null ? "—" : `$${price.toFixed(4)}`}
            </p>
          </div>
        </div>

        <fieldset className="grid gap-4 sm:grid-cols-6">
          <legend className="col-span-full text-sm font-medium text-slate-700">Address (only your city is shown publicly)</legend>
          <TextField
            id="dlg-street"
            label="Street"
            className="sm:col-span-6"
            autoComplete="street-address"
            value={street}
            onChange={(e) => setStreet(e.target.value)}
          />
          <TextField
            id="dlg-city"
            label="City"
            className="sm:col-span-3"
            autoComplete="address-level2"
            value={city}
            onChange={(e) => setCity(e.target.value)}
          />
          <TextField
            id="dlg-state"
            label="State"
            className="sm:col-span-1"
            inputClassName="uppercase"
            maxLength={2}
            autoComplete="address-level1"
            value={state}
            onChange={(e) =>
              setState(
                e.target.value
                  .toUpperCase()
                  .replace(/[^A-Z]/g, "")
                  .slice(0, 2),
              )
            }
          />
          <TextField
            id="dlg-zip"
            label="ZIP"
            className="sm:col-span-2"
            maxLength={5}
            inputMode="numeric"
            autoComplete="postal-code"
            value={zip}
            onChange={(e) => setZip(e.target.value.replace(/\D/g, "").slice(0, 5))}
          />
        </fieldset>

        <div className="flex justify-end gap-3 border-t border-slate-100 pt-4">
          <button type="button" className={secondaryButton} onClick={close}>
            Cancel
          </button>
          <button ref={submitRef} type="submit" className={primaryButton} disabled={mutation.isPending}>
            {mutation.isPending ? "Adding Printer..." : "Add Printer"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
