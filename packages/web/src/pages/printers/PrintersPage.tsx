import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { isCompatible, projectProblem } from "@printhood/core/shared/compatibility";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useState } from "react";
import { draftQuery } from "../../api/jobs";
import type { ListedPrinter } from "../../api/types";
import { useAuth } from "../../auth/useAuth";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { LazyPrinterMap } from "../../components/printers/LazyPrinterMap";
import { PrinterCard } from "../../components/printers/PrinterCard";
import { NoPrintersFound, PrintersLoadError, PrintersLoading } from "../../components/printers/PrinterListStatus";
import { ShowMore } from "../../components/ShowMore";
import { DesignBanner } from "./DesignBanner";
import { FinderFilterForm } from "./FinderFilterForm";
import { designNeeds, finderDefaults, finderFilters, finderQuery, isZip, type PrintersSearch } from "./finder";

function tabClass({ selected }: { selected: boolean }) {
  return `rounded-lg px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
    selected ? "bg-white text-brand-700 shadow" : "text-slate-600 hover:text-slate-900"
  }`;
}

/**
 * Find Local 3D Printers (spec 1 §2): filters, Grid and Map tabs; with a design's needs in the
 * address, only the printers that can print it (each badged Design-Compatible).
 */
export function PrintersPage({ search }: { search: PrintersSearch }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const defaults = finderDefaults(null);
  const [location, setLocation] = useState(defaults.location);
  const [material, setMaterial] = useState(defaults.material);
  const [color, setColor] = useState(defaults.color);
  const [status, setStatus] = useState(defaults.status);
  const [zipText, setZipText] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  // Nearest first from the visitor's ZIP: the one they type, else their account's.
  const zip = (zipText ?? user?.zipCode ?? "").trim();
  const zipValid = isZip(zip);

  const jobId = search.jobId;
  const design = designNeeds(search);

  const form = { location, material, color, status, zip };
  // The API applies the design's needs too (finder.ts), so its pages are of compatible printers.
  const query = useInfiniteQuery(finderQuery(form, design));
  // A saved project of several parts (issue 22 point 3): a printer is compatible when it can make every part.
  const saved = useQuery({ ...draftQuery(jobId ?? ""), enabled: !!jobId && !!design });
  const projectParts = saved.data && saved.data.parts.length > 1 ? saved.data.parts : null;

  // What the API cannot check (a project's parts; the design's material when the form picks another), on
  // the printers loaded: one rule for the list and the map's printers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the design's fields are the inputs; the object itself is new on every render
  const fits = useCallback(
    (p: ListedPrinter) => !design || (projectParts ? !projectProblem({ ...p, isAvailable: true }, projectParts) : isCompatible(p, design)),
    [projectParts, design?.material, design?.color, design?.minX, design?.minY, design?.minZ],
  );
  const printers: ListedPrinter[] = useMemo(() => (query.data?.pages.flatMap((page) => page.items) ?? []).filter(fits), [query.data, fits]);
  // A page whose printers all fail that check is not "none found": read on until one fits or the pages end.
  const readOn = query.isSuccess && printers.length === 0 && query.hasNextPage && !query.isFetchingNextPage;
  useEffect(() => {
    if (readOn) void query.fetchNextPage();
  }, [readOn, query.fetchNextPage]);
  const soFar = query.hasNextPage ? " so far" : "";

  const viewAll = () => {
    setLocation(defaults.location);
    setMaterial(defaults.material);
    setColor(defaults.color);
    setStatus(defaults.status);
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
          <DesignBanner search={search} compatibleCount={query.isSuccess ? printers.length : null} more={query.hasNextPage} />
        ) : null}

        <FinderFilterForm
          filters={{ location, material, color, status, zip: zipText ?? user?.zipCode ?? "" }}
          onLocation={setLocation}
          onMaterial={setMaterial}
          onColor={setColor}
          onStatus={setStatus}
          onZip={setZipText}
        />

        <TabGroup className="mt-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-700" aria-live="polite">
              {query.isSuccess
                ? `${printers.length} ${printers.length === 1 ? "printer" : "printers"} found${soFar}${zipValid ? `, nearest to ${zip} first` : ""}`
                : ""}
            </p>
            <TabList aria-label="View" className="inline-flex rounded-xl bg-slate-100 p-1">
              <Tab className={tabClass}>Grid</Tab>
              <Tab className={tabClass}>Map</Tab>
            </TabList>
          </div>
          {query.isPending || (printers.length === 0 && query.hasNextPage) ? (
            <PrintersLoading />
          ) : query.isError ? (
            <PrintersLoadError error={query.error} />
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
                {/* The cards' names are h3s: this keeps the outline h1 > h2 > h3 for screen readers. */}
                <h2 className="sr-only">Printer list</h2>
                <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {printers.map((p) => (
                    <PrinterCard key={p.id} printer={p} compatible={design !== null} {...(jobId ? { draftId: jobId } : {})} />
                  ))}
                </div>
                <ShowMore pages={query} label="Show more printers" />
              </TabPanel>
              <TabPanel unmount>
                <LazyPrinterMap
                  printers={printers}
                  filters={finderFilters(form, design)}
                  keep={fits}
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
