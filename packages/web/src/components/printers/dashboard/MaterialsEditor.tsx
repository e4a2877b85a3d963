import { sameMaterial } from "@printhood/core/shared/compatibility";
import { useState } from "react";
import { inputClass, secondaryButton } from "../../../lib/styles";

/** Printer Settings' materials (spec 2 §5): free text, one chip each, duplicates refused ignoring case. */
export function MaterialsEditor({ materials, onChange }: { materials: string[]; onChange(materials: string[]): void }) {
  const [newMaterial, setNewMaterial] = useState("");
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const m = newMaterial.trim();
    if (!m) {
      setError("Please enter a material name.");
      return;
    }
    if (materials.some((x) => sameMaterial(x, m))) {
      setError(`${m} is already in the list.`);
      return;
    }
    onChange([...materials, m]);
    setNewMaterial("");
    setError(null);
  };

  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Materials</legend>
      {materials.length === 0 ? <p className="mt-2 text-sm text-amber-700">No materials added yet. Add at least one material.</p> : null}
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Materials">
        {materials.map((m) => (
          <li
            key={m}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200"
          >
            {m}
            <button
              type="button"
              onClick={() => onChange(materials.filter((x) => x !== m))}
              aria-label={`Remove ${m}`}
              className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-brand-100"
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
            className={inputClass.replace("mt-1 ", "")}
            placeholder="Add a material, e.g. ASA"
            value={newMaterial}
            onChange={(e) => setNewMaterial(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                add();
              }
            }}
            aria-describedby={error ? "set-material-error" : undefined}
          />
        </div>
        <button type="button" className={secondaryButton} onClick={add}>
          Add Material
        </button>
      </div>
      {error ? (
        <p id="set-material-error" role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
