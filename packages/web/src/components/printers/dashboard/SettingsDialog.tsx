import { Switch } from "@headlessui/react";
import { colorKey, sameMaterial } from "@printhood/core/shared/compatibility";
import { type FormEvent, useState } from "react";
import { useUpdatePrinterSettings } from "../../../api/printers";
import type { InventoryItem, Printer } from "../../../api/schemas";
import { FILAMENT_COLORS } from "../../../lib/printers";
import { fieldClass, Modal, primaryButton, secondaryButton } from "./Modal";

/** Colours in stock per material, keyed "material|colorKey". */
function stockMap(inventory: InventoryItem[]) {
  const map = new Map<string, boolean>();
  for (const i of inventory) map.set(`${i.material.toLowerCase()}|${colorKey(i.color)}`, i.inStock);
  return map;
}

/** Printer Settings (spec 2 §2, §5): name, description, price, location, materials, availability, filament stock. */
export function SettingsDialog({ printer, onClose }: { printer: Printer; onClose: () => void }) {
  const [name, setName] = useState(printer.name);
  const [description, setDescription] = useState(printer.description ?? "");
  const [price, setPrice] = useState(String(printer.pricePerGram));
  const [location, setLocation] = useState(printer.location);
  const [materials, setMaterials] = useState<string[]>(printer.materials);
  const [newMaterial, setNewMaterial] = useState("");
  const [materialError, setMaterialError] = useState<string | null>(null);
  const [available, setAvailable] = useState(printer.available);
  const [stock, setStock] = useState(() => stockMap(printer.filamentInventory));
  const [errors, setErrors] = useState<{ name?: string; location?: string; price?: string }>({});

  const addMaterial = () => {
    const m = newMaterial.trim();
    if (!m) {
      setMaterialError("Please enter a material name.");
      return;
    }
    if (materials.some((x) => sameMaterial(x, m))) {
      setMaterialError(`${m} is already in the list.`);
      return;
    }
    setMaterials((list) => [...list, m]);
    setNewMaterial("");
    setMaterialError(null);
  };

  const colorsFor = (material: string) => {
    const extra = printer.filamentInventory
      .filter((i) => sameMaterial(i.material, material) && !FILAMENT_COLORS.some((c) => colorKey(c) === colorKey(i.color)))
      .map((i) => i.color);
    return [...FILAMENT_COLORS, ...extra];
  };
  const stockKey = (material: string, color: string) => `${material.toLowerCase()}|${colorKey(color)}`;
  const toggleStock = (material: string, color: string) =>
    setStock((m) => {
      const next = new Map(m);
      next.set(stockKey(material, color), !(m.get(stockKey(material, color)) ?? false));
      return next;
    });

  const inventory = (): InventoryItem[] =>
    materials.flatMap((material) =>
      colorsFor(material).flatMap((color) => {
        const v = stock.get(stockKey(material, color));
        return v === undefined ? [] : [{ material, color, inStock: v }];
      }),
    );

  const mutation = useUpdatePrinterSettings(printer.id);
  const save = () =>
    mutation.mutate(
      {
        name: name.trim(),
        description: description.trim(),
        pricePerGram: Number(price),
        isAvailable: available,
        location: location.trim(),
        materials,
        filamentInventory: inventory(),
      },
      { onSuccess: onClose },
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = "Printer name is required";
    if (!location.trim()) found.location = "Location is required";
    if (price.trim() === "" || !Number.isFinite(Number(price)) || Number(price) < 0) found.price = "Price per gram must be 0 or more";
    setErrors(found);
    if (Object.keys(found).length === 0 && materials.length > 0) save();
  };

  return (
    <Modal open onClose={onClose} title="Printer Settings" description={printer.name} size="max-w-2xl">
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Printer Settings">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="set-name" className="block text-sm font-medium text-slate-700">
              Printer Name
            </label>
            <input
              id="set-name"
              required
              className={fieldClass}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "set-name-error" : undefined}
            />
            {errors.name ? (
              <p id="set-name-error" className="mt-1 text-sm text-red-600">
                {errors.name}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="set-location" className="block text-sm font-medium text-slate-700">
              Location
            </label>
            <input
              id="set-location"
              required
              className={fieldClass}
              value={location}
              onChange={(e) => setLocation(e.target.value)}
              placeholder="City, State"
              aria-invalid={errors.location ? true : undefined}
              aria-describedby={errors.location ? "set-location-error" : undefined}
            />
            {errors.location ? (
              <p id="set-location-error" className="mt-1 text-sm text-red-600">
                {errors.location}
              </p>
            ) : null}
          </div>
        </div>
        <div>
          <label htmlFor="set-description" className="block text-sm font-medium text-slate-700">
            Description
          </label>
          <textarea
            id="set-description"
            rows={2}
            className={fieldClass}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="set-price" className="block text-sm font-medium text-slate-700">
              Price per Gram ($)
            </label>
            <input
              id="set-price"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              className={fieldClass}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              aria-invalid={errors.price ? true : undefined}
              aria-describedby={errors.price ? "set-price-error" : undefined}
            />
            {errors.price ? (
              <p id="set-price-error" className="mt-1 text-sm text-red-600">
                {errors.price}
              </p>
            ) : null}
          </div>
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

        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Materials</legend>
          {materials.length === 0 ? (
            <p className="mt-2 text-sm text-amber-700">No materials added yet. Add at least one material.</p>
          ) : null}
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Materials">
            {materials.map((m) => (
              <li
                key={m}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200"
              >
                {m}
                <button
                  type="button"
                  onClick={() => setMaterials((list) => list.filter((x) => x !== m))}
                  aria-label={`Remove ${m}`}
                  className="rounded-full p-0.5 hover:bg-brand-100"
                >
                  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
                    <path d="M6.3 6.3a1 1 0 0 1 1.4 0L10 8.6l2.3-2.3a1 1 0 1 1 1.4 1.4L11.4 10l2.3 2.3a1 1 0 0 1-1.4 1.4L10 11.4l-2.3 2.3a1 1 0 0 1-1.4-1.4L8.6 10 6.3 7.7a1 1 0 0 1 0-1.4Z" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex gap-2">
            <div className="flex-1">
              <label htmlFor="set-new-material" className="sr-only">
                New material
              </label>
              <input
                id="set-new-material"
                className={fieldClass.replace("mt-1 ", "")}
                placeholder="Add a material, e.g. ASA"
                value={newMaterial}
                onChange={(e) => setNewMaterial(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    addMaterial();
                  }
                }}
                aria-describedby={materialError ? "set-material-error" : undefined}
              />
            </div>
            <button type="button" className={secondaryButton} onClick={addMaterial}>
              Add Material
            </button>
          </div>
          {materialError ? (
            <p id="set-material-error" className="mt-1 text-sm text-red-600">
              {materialError}
            </p>
          ) : null}
        </fieldset>

        {materials.length > 0 ? (
          <details className="rounded-xl border border-slate-200 p-4">
            <summary className="cursor-pointer text-sm font-medium text-slate-800">
              Filament in stock (used to match designs by colour)
            </summary>
            <div className="mt-3 space-y-4">
              {materials.map((material) => (
                <fieldset key={material}>
                  <legend className="text-sm font-semibold text-slate-700">{material} colours in stock</legend>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {colorsFor(material).map((color) => (
                      <label
                        key={color}
                        className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 px-2 py-1 text-sm text-slate-700"
                      >
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-brand-600"
                          checked={stock.get(stockKey(material, color)) ?? false}
                          onChange={() => toggleStock(material, color)}
                          aria-label={`${material} ${color} in stock`}
                        />
                        {color}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
          </details>
        ) : null}

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
