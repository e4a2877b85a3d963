import { Switch } from "@headlessui/react";
import { type FormEvent, useState } from "react";
import { useUpdatePrinterSettings } from "../../../api/printers";
import type { Printer } from "../../../api/types";
import { inputClass, primaryButton, secondaryButton } from "../../../lib/styles";
import { TextField } from "../../TextField";
import { FilamentStockEditor, inventoryFrom, stockOf, toggled } from "./FilamentStockEditor";
import { MaterialsEditor } from "./MaterialsEditor";
import { Modal } from "./Modal";
import { type DiscountRow, discountsFrom, QuantityDiscountsEditor, rowsOf } from "./QuantityDiscountsEditor";

/** Printer Settings (spec 2 §2, §5): name, description, price, location, materials, availability, filament stock. */
export function SettingsDialog({ printer, onClose }: { printer: Printer; onClose: () => void }) {
  const [name, setName] = useState(printer.name);
  const [description, setDescription] = useState(printer.description ?? "");
  const [price, setPrice] = useState(String(printer.pricePerGram));
  const [location, setLocation] = useState(printer.location);
  const [materials, setMaterials] = useState<string[]>(printer.materials);
  const [available, setAvailable] = useState(printer.isAvailable);
  const [stock, setStock] = useState(() => stockOf(printer.filamentInventory));
  const [discountRows, setDiscountRows] = useState<DiscountRow[]>(() => rowsOf(printer.quantityDiscounts));
  const [errors, setErrors] = useState<{ name?: string; location?: string; price?: string; discounts?: string }>({});
  const mutation = useUpdatePrinterSettings(printer.id);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = "Printer name is required";
    if (!location.trim()) found.location = "Location is required";
    if (price.trim() === "" || !Number.isFinite(Number(price)) || Number(price) < 0) found.price = "Price per gram must be 0 or more";
    const discounts = discountsFrom(discountRows);
    if ("problem" in discounts) found.discounts = discounts.problem;
    setErrors(found);
    if (Object.keys(found).length > 0 || materials.length === 0 || "problem" in discounts) return;
    // Sent only when changed, so a form that leaves them alone sends what it always sent.
    const discountsChanged = JSON.stringify(discounts.discounts) !== JSON.stringify(printer.quantityDiscounts);
    mutation.mutate(
      {
        name: name.trim(),
        description: description.trim(),
        pricePerGram: Number(price),
        isAvailable: available,
        location: location.trim(),
        materials,
        filamentInventory: inventoryFrom(materials, stock, printer.filamentInventory),
        ...(discountsChanged ? { quantityDiscounts: discounts.discounts } : {}),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal open onClose={onClose} title="Printer Settings" description={printer.name} size="max-w-2xl">
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Printer Settings">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="set-name"
            label="Printer Name"
            required
            value={name}
            error={errors.name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            id="set-location"
            label="Location"
            required
            value={location}
            error={errors.location}
            onChange={(e) => setLocation(e.target.value)}
            placeholder="City, State"
          />
        </div>
        <div>
          <label htmlFor="set-description" className="block text-sm font-medium text-slate-700">
            Description
          </label>
          <textarea
            id="set-description"
            rows={2}
            className={inputClass}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="set-price"
            label="Price per Gram ($)"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={price}
            error={errors.price}
            onChange={(e) => setPrice(e.target.value)}
          />
          <div className="flex items-end">
            <div className="flex items-center gap-3 pb-2">
              <Switch
                checked={available}
                onChange={setAvailable}
                aria-label="Available for new jobs"
                className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition data-[checked]:bg-brand-600"
              >
                <span className="inline-block h-4 w-4 translate-x-1 rounded-full bg-white transition group-data-[checked]:translate-x-6" />
              </Switch>
              <span className="text-sm text-slate-700">{available ? "Available for new jobs" : "Offline (Busy)"}</span>
            </div>
          </div>
        </div>

        <MaterialsEditor materials={materials} onChange={setMaterials} />
        <FilamentStockEditor
          materials={materials}
          listed={printer.filamentInventory}
          stock={stock}
          onToggle={(material, color) => setStock((s) => toggled(s, material, color))}
        />
        <QuantityDiscountsEditor rows={discountRows} onChange={setDiscountRows} error={errors.discounts ?? null} />

        <div className="flex justify-end gap-3 border-t border-slate-100 pt-4">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={materials.length === 0 || mutation.isPending}>
            {mutation.isPending ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
