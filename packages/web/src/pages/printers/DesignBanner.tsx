import type { PrintersSearch } from "./finder";

const badge = "rounded-full bg-white px-3 py-1 font-medium text-slate-800 ring-1 ring-green-200";

/** "Design Uploaded Successfully!" (spec 1 §2): the design's material, colour and weight, and how many printers fit it. */
export function DesignBanner({
  search,
  compatibleCount,
  more = false,
}: {
  search: PrintersSearch;
  compatibleCount: number | null;
  /** More pages to read: the count is of those read so far. */
  more?: boolean;
}) {
  return (
    <section aria-labelledby="design-banner-title" className="mb-6 rounded-2xl border border-green-200 bg-green-50 p-5">
      <h2 id="design-banner-title" className="text-lg font-semibold text-green-900">
        Design Uploaded Successfully!
      </h2>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        {search.material ? <span className={badge}>{search.material}</span> : null}
        {search.color ? <span className={badge}>{search.color}</span> : null}
        {search.weight !== undefined ? <span className={badge}>{search.weight}g</span> : null}
      </div>
      {compatibleCount !== null ? (
        <p className="mt-2 text-sm text-green-900" data-testid="compatible-count">
          {compatibleCount} compatible {compatibleCount === 1 ? "printer" : "printers"} found{more ? " so far" : ""}
        </p>
      ) : null}
    </section>
  );
}
