import { ORDER_MATERIAL_VALUES } from "@printhood/core/shared/materials";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { draftQuery } from "../api/jobs";
import type { Printer } from "../api/types";
import { PrinterChoiceCard, unselectable } from "../components/choose/PrinterChoiceCard";
import { SchematicMap } from "../components/choose/SchematicMap";
import { FilterField } from "../components/FilterField";
import { SearchIcon } from "../components/icons";
import { PageBody, PageHeading } from "../components/PageHeading";
import { ShowMore } from "../components/ShowMore";
import { Spinner } from "../components/Spinner";
import { formatDollars, formatGrams } from "../lib/format";
import { inputClass } from "../lib/styles";
import { CHOOSE_DEFAULTS, type ChoosePrinterSearch, choosePrintersQuery } from "./choosePrinterQuery";

const MATERIALS = ["all", ...ORDER_MATERIAL_VALUES] as const;
const LOCATIONS = ["all", "Berthoud", "Loveland", "Fort Collins"] as const;

export function ChoosePrinterPage({ search = {} }: { search?: ChoosePrinterSearch }) {
  const id = useId();
  const navigate = useNavigate();
  const draftId = search.draftId;
  const [text, setText] = useState(CHOOSE_DEFAULTS.text);
  const [material, setMaterial] = useState(CHOOSE_DEFAULTS.material);
  const [location, setLocation] = useState(CHOOSE_DEFAULTS.location);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const draft = useQuery({ ...draftQuery(draftId ?? ""), enabled: !!draftId });
  // The API applies the filters (choosePrinterQuery.ts): the list is its pages as they come, never
  // filtered again here, so no page can hide a matching printer. Whether each can take the saved
  // print is its card's note (PrinterChoiceCard), not a filter.
  const printers = useInfiniteQuery(choosePrintersQuery({ text, material, location }));
  const list = printers.data?.pages.flatMap((page) => page.items) ?? [];

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
            <p className="text-sm text-slate-700">Weight: {formatGrams(draft.data.estimatedWeight)}</p>
            <p className="text-sm text-slate-700">Estimated cost: {formatDollars(draft.data.totalCost)}</p>
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
              Available Printers ({list.length}
              {printers.hasNextPage ? "+" : ""})
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
              <>
                <ul className="mt-4 space-y-4">
                  {list.map((p) => (
                    <PrinterChoiceCard
                      key={p.id}
                      printer={p}
                      draft={draft.data}
                      selected={selectedId === p.id}
                      onSelect={() => select(p)}
                    />
                  ))}
                </ul>
                <ShowMore pages={printers} label="Show more printers" />
              </>
            )}
          </section>
          <div className="lg:sticky lg:top-24 lg:self-start">
            <SchematicMap
              printers={list}
              draftId={draftId}
              selectedId={selectedId}
              onSelect={setSelectedId}
              unselectable={(p) => unselectable(p, draft.data)}
            />
          </div>
        </div>
      </PageBody>
    </>
  );
}
