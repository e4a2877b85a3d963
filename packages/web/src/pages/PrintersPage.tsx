import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { type DesignNeeds, isCompatible } from "@printhood/core/shared/compatibility";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { printersQuery } from "../api/printers";
import type { Printer } from "../api/schemas";
import { useAuth } from "../auth/useAuth";
import { FilterField, FilterSelect } from "../components/FilterField";
import { PageBody, PageHeading } from "../components/PageHeading";
import { LazyPrinterMap } from "../components/printers/LazyPrinterMap";
import { PrinterCard } from "../components/printers/PrinterCard";
import { NoPrintersFound, PrintersLoadError, PrintersLoading } from "../components/printers/PrinterListStatus";
import { FILAMENT_COLORS, FINDER_MATERIALS } from "../lib/printers";
import { inputClass } from "../lib/styles";

/** Query parameters of /printers (spec 1 §2): a design's needs, from the upload flow. */
export interface PrintersSearch {
  material?: string;
  color?: string;
  weight?: number;
  jobId?: string;
  minX?: number;
  minY?: number;
  minZ?: number;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 60) : undefined);
const positive = (v: unknown) => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

export function validatePrintersSearch(search: Record<string, unknown>): PrintersSearch {
  const out: PrintersSearch = {};
  const material = text(search.material);
  const color = text(search.color);
  const jobId = text(search.jobId) ?? (typeof search.jobId === "number" ? String(search.jobId) : undefined);
  const weight = positive(search.weight);
  const minX = positive(search.minX);
  const minY = positive(search.minY);
  const minZ = positive(search.minZ);
  if (material) out.material = material;
  if (color) out.color = color;
  if (jobId) out.jobId = jobId;
  if (weight !== undefined) out.weight = weight;
  if (minX !== undefined) out.minX = minX;
  if (minY !== undefined) out.minY = minY;
  if (minZ !== undefined) out.minZ = minZ;
  return out;
}

/** The finder's filters; it opens with All Printers, nearest first from the account's ZIP (DECISIONS.md). */
export interface FinderFilters {
  location: string;
  material: string;
  color: string;
  status: "all" | "available";
  zip: string;
}

export const isZip = (zip: string) => /^\d{5}$/.test(zip);

/** The finder's printer list for its filters: read by the page, prefetched by its route. */
export function finderQuery(f: FinderFilters) {
  const zip = f.zip.trim();
  return printersQuery({
    location: f.location,
    material: f.material,
    color: f.color,
    available: f.status === "available" ? "true" : undefined,
    zip: isZip(zip) ? zip : undefined,
  });
}

export const finderDefaults = (zip: string | null | undefined): FinderFilters => ({
  location: "",
  material: "all",
  color: "all",
  status: "all",
  zip: zip ?? "",
});

function tabClass({ selected }: { selected: boolean }) {
  return `rounded-lg px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
    selected ? "bg-white text-brand-700 shadow" : "text-slate-600 hover:text-slate-900"
  }`;
}

export function PrintersPage({ search }: { search: PrintersSearch }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [location, setLocation] = useState("");
  const [material, setMaterial] = useState("all");
  const [color, setColor] = useState("all");
  const [status, setStatus] = useState<"all" | "available">("all");
  const [zipText, setZipText] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  // Nearest first from the visitor's ZIP: the one they type, else their account's.
  const zip = (zipText ?? user?.zipCode ?? "").trim();
  const zipValid = isZip(zip);

  const jobId = search.jobId;
  const design: DesignNeeds | null =
    search.material ||
    search.color ||
    search.minX !== undefined ||
    search.minY !== undefined ||
    search.minZ !== undefined ||
    search.weight !== undefined
      ? { material: search.material, color: search.color, minX: search.minX, minY: search.minY, minZ: search.minZ }
      : null;

  const query = useQuery(finderQuery({ location, material, color, status, zip }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the design's fields are the inputs; the object itself is new on every render
  const printers: Printer[] = useMemo(() => {
    const all = query.data ?? [];
    return design ? all.filter((p) => isCompatible(p, design)) : all;
  }, [query.data, design?.material, design?.color, design?.minX, design?.minY, design?.minZ]);

  const viewAll = () => {
    setLocation("");
    setMaterial("all");
    setColor("all");
    setStatus("all");
    void navigate({ to: "/printers", search: {} });
  };

  return (
    <>
      <PageHeading
        title="Find Local 3D Printers"
        subtitle="Compare printers near you by location, material, colour and availability, and pick the right one for your design."
      />
      <PageBody>
        {design ? (
          <section aria-labelledby="design-banner-title" className="mb-6 rounded-2xl border border-green-200 bg-green-50 p-5">
            <h2 id="design-banner-title" className="text-lg font-semibold text-green-900">
              Design Uploaded Successfully!
            </h2>
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
              {search.material ? (
                <span className="rounded-full bg-white px-3 py-1 font-medium text-slate-800 ring-1 ring-green-200">{search.material}</span>
              ) : null}
              {search.color ? (
                <span className="rounded-full bg-white px-3 py-1 font-medium text-slate-800 ring-1 ring-green-200">{search.color}</span>
              ) : null}
              {search.weight !== undefined ? (
                <span className="rounded-full bg-white px-3 py-1 font-medium text-slate-800 ring-1 ring-green-200">{search.weight}g</span>
              ) : null}
            </div>
            {query.isSuccess ? (
              <p className="mt-2 text-sm text-green-900" data-testid="compatible-count">
                {printers.length} compatible {printers.length === 1 ? "printer" : "printers"} found
              </p>
            ) : null}
          </section>
        ) : null}

        {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some supported browsers; the role says the same */}
        <form
          role="search"
          aria-label="Filter printers"
          onSubmit={(e) => e.preventDefault()}
          className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
        >
          <FilterField id="filter-location" label="Location">
            <input
              id="filter-location"
              className={inputClass}
              placeholder="City, e.g. Loveland"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
            />
          </FilterField>
          <FilterSelect
            id="filter-material"
            label="Material"
            allLabel="All Materials"
            options={FINDER_MATERIALS}
            value={material}
            onChange={setMaterial}
          />
          <FilterSelect
            id="filter-color"
            label="Colour"
            allLabel="All Colours"
            options={FILAMENT_COLORS}
            value={color}
            onChange={setColor}
          />
          <FilterField id="filter-status" label="Status">
            <select
              id="filter-status"
              className={inputClass}
              value={status}
              onChange={(e) => setStatus(e.target.value as "all" | "available")}
            >
              <option value="all">All Printers</option>
              <option value="available">Available Only</option>
            </select>
          </FilterField>
          <FilterField id="filter-zip" label="Nearest to ZIP">
            <input
              id="filter-zip"
              inputMode="numeric"
              maxLength={5}
              className={inputClass}
              placeholder="e.g. 80537"
              value={zipText ?? user?.zipCode ?? ""}
              onChange={(e) => setZipText(e.target.value.replace(/\D/g, "").slice(0, 5))}
            />
          </FilterField>
        </form>

        <TabGroup className="mt-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-700" aria-live="polite">
              {query.isSuccess
                ? `${printers.length} ${printers.length === 1 ? "printer" : "printers"} found${zipValid ? `, nearest to ${zip} first` : ""}`
                : ""}
            </p>
            <TabList aria-label="View" className="inline-flex rounded-xl bg-slate-100 p-1">
              <Tab className={tabClass}>Grid</Tab>
              <Tab className={tabClass}>Map</Tab>
            </TabList>
          </div>
          {query.isPending ? (
            <PrintersLoading />
          ) : query.isError ? (
            <PrintersLoadError />
          ) : printers.length === 0 ? (
            <NoPrintersFound
              title={design ? "No compatible printers found" : "No printers found"}
              message={design ? "No printer nearby matches your design's size, material and colour." : "No printers match these filters."}
            >
              <button
                type="button"
                onClick={viewAll}
                className="mt-4 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
              >
                View All Printers
              </button>
            </NoPrintersFound>
          ) : (
            <TabPanels className="mt-6">
              <TabPanel>
                <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {printers.map((p) => (
                    <PrinterCard key={p.id} printer={p} compatible={design !== null} {...(jobId ? { draftId: jobId } : {})} />
                  ))}
                </div>
              </TabPanel>
              <TabPanel unmount>
                <LazyPrinterMap
                  printers={printers}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                  {...(jobId ? { draftId: jobId } : {})}
                />
              </TabPanel>
            </TabPanels>
          )}
        </TabGroup>
      </PageBody>
    </>
  );
}
