/**
 * "Show more" under a list read a page at a time (issue 23): a real button (reachable and pressed
 * from the keyboard), shown only while there is a next page, saying so while it loads.
 */
export function ShowMore({
  pages,
  label,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button
        type="button"
        onClick={() => void pages.fetchNextPage()}
        disabled={pages.isFetchingNextPage}
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:opacity-60"
      >
        {pages.isFetchingNextPage ? "Loading…" : label}
      </button>
    </div>
  );
}
