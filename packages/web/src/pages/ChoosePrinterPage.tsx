import { fitsBuildVolume } from "@printhood/core/shared/fit";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, useMemo, useState } from "react";
import { draftQuery } from "../api/jobs";
import { printersQuery } from "../api/printers";
import type { Job, Printer } from "../api/schemas";
import { SchematicMap } from "../components/choose/SchematicMap";
import { FilterField } from "../components/FilterField";
import { MapPinIcon, SearchIcon, StarIcon } from "../components/icons";
import { PageBody, PageHeading } from "../components/PageHeading";
import { PrinterImage } from "../components/printers/PrinterImage";
import { Spinner } from "../components/Spinner";
import { inputClass } from "../lib/styles";

export interface ChoosePrinterSearch {
  draftId?: string;
}

const MATERIALS = ["all", "PLA", "PETG", "ABS", "TPU"] as const;
const LOCATIONS = ["all", "Berthoud", "Loveland", "Fort Collins"] as const;

export interface ChooseFilters {
  text: string;
  material: string;
  location: string;
}

export const CHOOSE_DEFAULTS: ChooseFilters = { text: "", material: "all", location: "all" };

/** The printers for the filters (spec 1 §7: search, material, location): read by the page, prefetched by its route. */
export function choosePrintersQuery(f: ChooseFilters) {
  return printersQuery({ search: f.text, material: f.material, location: f.location });
}

/** Whether a printer can take the saved print, in a few words (null when it can). */
function fitNote(p: Printer, d: Job | undefined): string | null {
  if (!d) return null;
  if (d.boundingBox && !fitsBuildVolume(d.boundingBox, p)) return "Too small for your design";
  if (!p.materials.some((m) => m.toLowerCase() === d.material.toLowerCase())) return `Does not print ${d.material}`;
  return null;
}

export function ChoosePrinterPage({ search = {} }: { search?: ChoosePrinterSearch }) {
  const id = useId();
  const navigate = useNavigate();
  const draftId = search.draftId;
  const [text, setText] = useState(CHOOSE_DEFAULTS.text);
  const [material, setMaterial] = useState(CHOOSE_DEFAULTS.material);
  const [location, setLocation] = useState(CHOOSE_DEFAULTS.location);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const draft = useQuery({ ...draftQuery(draftId ?? ""), enabled: !!draftId });
  const printers = useQuery(choosePrintersQuery({ text, material, location }));

  // the same filters on the client, so the list is right whatever the server supports
  const list = useMemo(() => {
    const s = text.trim().toLowerCase();
    return (printers.data ?? []).filter(
      (p) =>
        (!s || p.name.toLowerCase().includes(s) || p.location.toLowerCase().includes(s)) &&
        (material === "all" || p.materials.some((m) => m.toLowerCase() === material.toLowerCase())) &&
        (location === "all" || p.location.toLowerCase().includes(location.toLowerCase())),
    );
  }, [printers.data, text, material, location]);

  const select = (p: Printer) => void navigate({ to: "/submit-print", search: { printerId: p.id, ...(draftId ? { draftId } : {}) } });
  const clear = () => {
    setText("");
    setMaterial("all");
    setLocation("all");
  };

  return (
    <>
      <PageHeading title="Choose a Printer" subtitle="Pick a local printer owner for your print." />
      <PageBody>
        {draft.data ? (
          <section
            className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-2 rounded-2xl border border-brand-200 bg-brand-50 px-5 py-4"
            aria-label="Saved Print"
          >
            <p className="font-semibold text-slate-900">Saved Print: {draft.data.fileName}</p>
            <p className="text-sm text-slate-700">Material: {draft.data.material}</p>
            <p className="text-sm text-slate-700">Weight: {draft.data.estimatedWeight}g</p>
            <p className="text-sm text-slate-700">Estimated cost: ${draft.data.totalCost}</p>
          </section>
        ) : null}

        <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3">
          <FilterField id={`${id}-search`} label="Search">
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute left-3 top-1/2 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400" />
              <input
                id={`${id}-search`}
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="Printer name or location"
                className={`${inputClass} pl-9`}
              />
            </div>
          </FilterField>
          <FilterField id={`${id}-material`} label="Material">
            <select id={`${id}-material`} value={material} onChange={(e) => setMaterial(e.target.value)} className={inputClass}>
              {MATERIALS.map((m) => (
                <option key={m} value={m}>
                  {m === "all" ? "All" : m}
                </option>
              ))}
            </select>
          </FilterField>
          <FilterField id={`${id}-location`} label="Location">
            <select id={`${id}-location`} value={location} onChange={(e) => setLocation(e.target.value)} className={inputClass}>
              {LOCATIONS.map((l) => (
                <option key={l} value={l}>
                  {l === "all" ? "All" : l}
                </option>
              ))}
            </select>
          </FilterField>
        </div>

        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <section aria-labelledby={`${id}-list`}>
            <h2 id={`${id}-list`} className="text-xl font-semibold text-slate-900">
              Available Printers ({list.length})
            </h2>
            {printers.isPending ? (
              <div role="status" aria-label="Loading printers" className="flex justify-center py-16">
                <Spinner />
              </div>
            ) : printers.isError ? (
              <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-700">
                Failed to fetch printers
              </p>
            ) : list.length === 0 ? (
              <div className="mt-4 rounded-2xl border border-dashed border-slate-300 p-8 text-center">
                <p className="text-slate-700">No printers found matching your criteria.</p>
                <button
                  type="button"
                  onClick={clear}
                  className="mt-4 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
                >
                  Clear Filters
                </button>
              </div>
            ) : (
              <ul className="mt-4 space-y-4">
                {list.map((p) => {
                  const note = fitNote(p, draft.data);
                  return (
                    <li
                      key={p.id}
                      className={`flex gap-4 rounded-2xl border bg-white p-4 shadow-sm ${selectedId === p.id ? "border-blue-500 ring-2 ring-blue-200" : "border-slate-200"}`}
                    >
                      <PrinterImage src={p.imageUrl} alt={p.name} className="h-24 w-24 flex-none rounded-xl bg-slate-100 object-cover" />
                      <div className="min-w-0 flex-1">
                        <div className="flex flex-wrap items-start justify-between gap-2">
                          <div>
                            <h3 className="font-semibold text-slate-900">{p.name}</h3>
                            <p className="text-sm text-slate-600">
                              {[p.owner?.firstName, p.owner?.lastName].filter(Boolean).join(" ") || p.owner?.username}
                            </p>
                          </div>
                          {!p.available ? (
                            <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                              Currently Unavailable
                            </span>
                          ) : null}
                        </div>
                        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                          <span className="flex items-center gap-1">
                            <StarIcon className="h-4 w-4 text-amber-500" /> {(p.rating ?? 0).toFixed(1)}
                          </span>
                          <span>{p.totalJobs} jobs</span>
                          <span className="flex items-center gap-1">
                            <MapPinIcon className="h-4 w-4" /> {p.location}
                          </span>
                        </p>
                        <div className="mt-2 flex flex-wrap gap-1.5">
                          {p.materials.map((m) => (
                            <span key={m} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                              {m}
                            </span>
                          ))}
                        </div>
                        {note ? <p className="mt-2 text-sm font-medium text-amber-700">{note}</p> : null}
                        <div className="mt-3 flex items-center justify-between gap-3">
                          <span className="text-sm font-semibold text-slate-900">
                            {p.hourlyRate !== null ? `$${p.hourlyRate.toFixed(2)}/hour` : "Rate on request"}
                          </span>
                          <button
                            type="button"
                            onClick={() => select(p)}
                            disabled={!p.available}
                            aria-label={`Select Printer ${p.name}`}
                            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300"
                          >
                            Select Printer
                          </button>
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <div className="lg:sticky lg:top-24 lg:self-start">
            <SchematicMap printers={list} draftId={draftId} selectedId={selectedId} onSelect={setSelectedId} />
          </div>
        </div>
      </PageBody>
    </>
  );
}
