import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { draftPagesQuery, useDeleteDraft } from "../api/jobs";
import type { Job } from "../api/types";
import { useSignedInUser } from "../auth/signedInUser";
import { UploadIcon } from "../components/icons";
import { PageBody, PageHeading } from "../components/PageHeading";
import { PartThumbnails } from "../components/project/PartThumbnails";
import { ShowMore } from "../components/ShowMore";
import { Spinner } from "../components/Spinner";
import { formatDollars, formatGrams } from "../lib/format";

const savedDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

export function SavedPrintsPage() {
  const user = useSignedInUser();
  // A page at a time, newest first (issue 23): "Show more saved prints" reads the next.
  const drafts = useInfiniteQuery(draftPagesQuery(user.id));
  const shown = drafts.data?.pages.flatMap((p) => p.items) ?? [];
  const remove = useDeleteDraft();

  const onDelete = (d: Job) => {
    if (window.confirm("Are you sure you want to delete this saved print?")) remove.mutate(d.id);
  };

  return (
    <>
      <PageHeading title="Saved Prints" subtitle="Designs you have saved. Choose a printer and submit when you are ready." />
      <PageBody>
        {drafts.isPending ? (
          <div role="status" aria-label="Loading saved prints" className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : drafts.isError ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-700">
            {drafts.error.message}
          </p>
        ) : shown.length === 0 ? (
          <div className="mx-auto max-w-md rounded-2xl border border-dashed border-slate-300 p-10 text-center">
            <UploadIcon className="mx-auto h-10 w-10 text-slate-400" />
            <h2 className="mt-4 text-xl font-semibold text-slate-900">No Saved Prints</h2>
            <p className="mt-2 text-slate-600">Upload a design and save it to find it here.</p>
            <Link to="/upload" className="mt-6 inline-flex rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
              Upload Design
            </Link>
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((d) => (
                <li key={d.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 className="truncate text-lg font-semibold text-slate-900" title={d.fileName}>
                        {d.fileName}
                      </h2>
                      <p className="text-sm text-slate-500">Saved {savedDate(d.createdAt)}</p>
                      <PartThumbnails parts={d.parts} />
                    </div>
                    <button
                      type="button"
                      onClick={() => onDelete(d)}
                      disabled={remove.isPending && remove.variables === d.id}
                      aria-label={`Delete ${d.fileName}`}
                      className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
                    >
                      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="h-5 w-5">
                        <path
                          d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                      </svg>
                    </button>
                  </div>
                  <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
                    <dt className="text-slate-500">Material</dt>
                    <dd className="text-right font-medium text-slate-900">{d.material}</dd>
                    <dt className="text-slate-500">Weight</dt>
                    <dd className="text-right font-medium text-slate-900">{formatGrams(d.estimatedWeight)}</dd>
                    <dt className="text-slate-500">File size</dt>
                    <dd className="text-right font-medium text-slate-900">{(d.fileSize / 1048576).toFixed(1)} MB</dd>
                    <dt className="text-slate-500">Estimated cost</dt>
                    <dd className="text-right font-semibold text-slate-900">{formatDollars(d.totalCost)}</dd>
                  </dl>
                  <div className="mt-5 flex gap-2 pt-1">
                    <Link
                      to="/choose-printer"
                      search={{ draftId: d.id }}
                      className="flex-1 rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
                    >
                      Choose Printer & Submit
                    </Link>
                    <Link
                      to="/upload"
                      search={{ draft: d.id }}
                      aria-label={`Edit ${d.fileName}`}
                      className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
                    >
                      Edit
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
            <ShowMore pages={drafts} label="Show more saved prints" />
          </>
        )}
      </PageBody>
    </>
  );
}
