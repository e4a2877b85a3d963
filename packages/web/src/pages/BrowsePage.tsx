import { ORDER_MATERIAL_VALUES } from "@printhood/core/shared/materials";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FilterField, FilterSelect } from "../components/FilterField";
import { SearchIcon, StarIcon } from "../components/icons";
import { PageBody, PageHeading } from "../components/PageHeading";
import { LazyPrinterMap } from "../components/printers/LazyPrinterMap";
import { PrinterCard } from "../components/printers/PrinterCard";
import { NoPrintersFound, PrintersLoadError, PrintersLoading } from "../components/printers/PrinterListStatus";
import { ShowMore } from "../components/ShowMore";
import { formatMiles, uploadSearch } from "../lib/printers";
import { inputClass } from "../lib/styles";
import { BROWSE_DEFAULTS, browseFilters, browseQuery } from "./browseQuery";

/** /browse: the spec's other finder (spec 1 §2 "older variant"), with real ratings only. */
export function BrowsePage() {
  const [view, setView] = useState(BROWSE_DEFAULTS.view);
  const [location, setLocation] = useState(BROWSE_DEFAULTS.location);
  const [material, setMaterial] = useState(BROWSE_DEFAULTS.material);
  const [availability, setAvailability] = useState(BROWSE_DEFAULTS.availability);
  const [area, setArea] = useState(BROWSE_DEFAULTS.area);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const filters = { view, location, material, availability, area };
  const query = useInfiniteQuery(browseQuery(filters));
  const printers = query.data?.pages.flatMap((page) => page.items) ?? [];
  const inArea = printers.filter((p) => p.isAvailable);

  return (
    <>
      <PageHeading
        title="Find 3D Printers Near You"
        subtitle="Printer owners in Berthoud, Loveland, Fort Collins and across Northern Colorado, ready to print your design."
      />
      <PageBody>
        <div className="flex flex-wrap items-end justify-between gap-4">
          {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some supported browsers; the role says the same */}
          <form
            role="search"
            aria-label="Filter printers"
            onSubmit={(e) => e.preventDefault()}
            className="grid flex-1 gap-4 sm:grid-cols-3"
          >
            <FilterField id="browse-location" label="Location">
              <input
                id="browse-location"
                className={inputClass}
                placeholder="City"
                value={location}
                onChange={(e) => setLocation(e.target.value)}
              />
            </FilterField>
            <FilterSelect
              id="browse-material"
              label="Material"
              allLabel="All"
              options={ORDER_MATERIAL_VALUES}
              value={material}
              onChange={setMaterial}
            />
            <FilterField id="browse-availability" label="Availability">
              <select
                id="browse-availability"
                className={inputClass}
                value={availability}
                onChange={(e) => setAvailability(e.target.value as "available" | "all")}
              >
                <option value="all">All Printers</option>
                <option value="available">Available Now</option>
              </select>
            </FilterField>
          </form>
          <fieldset aria-label="View" className="inline-flex rounded-xl bg-slate-100 p-1">
            {(
              [
                ["list", "List View"],
                ["map", "Map View"],
              ] as const
            ).map(([key, label]) => (
              <button
                key={key}
                type="button"
                aria-pressed={view === key}
                onClick={() => setView(key)}
                className={`rounded-lg px-4 py-2 text-sm font-semibold ${view === key ? "bg-white text-brand-700 shadow" : "text-slate-600 hover:text-slate-900"}`}
              >
                {label}
              </button>
            ))}
          </fieldset>
        </div>

        {view === "map" ? (
          <div className="mt-6">
            <label htmlFor="browse-area" className="sr-only">
              Search area
            </label>
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" />
              <input
                id="browse-area"
                type="search"
                className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-10 pr-3 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
                placeholder="Search by city, state, or ZIP code..."
                value={area}
                onChange={(e) => setArea(e.target.value)}
              />
            </div>
          </div>
        ) : null}

        {query.isPending ? (
          <PrintersLoading />
        ) : query.isError ? (
          <PrintersLoadError error={query.error} />
        ) : printers.length === 0 ? (
          <NoPrintersFound title="No printers found" message="Own a 3D printer? Earn from its idle hours by printing for your neighbours.">
            <Link to="/auth" className="mt-4 inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline">
              List Your Printer
            </Link>
          </NoPrintersFound>
        ) : view === "list" ? (
          <>
            {/* The cards' names are h3s: this keeps the outline h1 > h2 > h3 for screen readers. */}
            <h2 className="sr-only">Printer list</h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {printers.map((p) => (
                <PrinterCard key={p.id} printer={p} />
              ))}
            </div>
            <ShowMore pages={query} label="Show more printers" />
          </>
        ) : (
          <div className="mt-6 grid gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <LazyPrinterMap printers={printers} filters={browseFilters(filters)} selectedId={selectedId} onSelect={setSelectedId} />
            </div>
            <section aria-labelledby="in-area-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 id="in-area-heading" className="text-lg font-semibold text-slate-900">
                Available Printers in Area
              </h2>
              {inArea.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">No available printers in this area right now.</p>
              ) : (
                <ul className="mt-3 divide-y divide-slate-100">
                  {inArea.map((p) => (
                    <li key={p.id} className="flex items-start justify-between gap-3 py-3">
                      <button
                        type="button"
                        className="text-left"
                        onClick={() => setSelectedId(p.id)}
                        aria-label={`Show ${p.name} on the map`}
                      >
                        <p className="font-medium text-slate-900">{p.name}</p>
                        <p className="text-sm text-slate-500">{p.model}</p>
                        <p className="text-sm text-slate-600">
                          {p.location}
                          {p.distanceMiles !== undefined ? ` · ${formatMiles(p.distanceMiles)}` : ""}
                        </p>
                        <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-700">
                          <StarIcon className="h-4 w-4 text-amber-500" />
                          {p.rating !== null ? p.rating.toFixed(1) : "New"}
                        </p>
                      </button>
                      <Link
                        to="/upload"
                        search={uploadSearch(p.id)}
                        aria-label={`Select ${p.name}`}
                        className="shrink-0 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
                      >
                        Select
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <div className="lg:col-span-3">
              <ShowMore pages={query} label="Show more printers" />
            </div>
          </div>
        )}
      </PageBody>
    </>
  );
}
