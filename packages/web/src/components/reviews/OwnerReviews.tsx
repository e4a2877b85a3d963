import { useInfiniteQuery } from "@tanstack/react-query";
import { ownerReviewsQuery } from "../../api/reviews";
import { formatRelativeTime } from "../../lib/format";
import { ShowMore } from "../ShowMore";
import { Stars } from "./Stars";

/** The reviews customers left on the owner's printers, newest first, a page at a time (GET /api/users/{id}/reviews). */
export function OwnerReviews({ userId }: { userId: string }) {
  const pages = useInfiniteQuery(ownerReviewsQuery(userId));
  const { isPending, isError } = pages;
  const data = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="owner-reviews-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="owner-reviews-heading" className="text-xl font-semibold text-slate-900">
        Customer Reviews
      </h2>
      {isPending ? (
        <p className="mt-3 text-sm text-slate-500">Loading reviews…</p>
      ) : isError ? (
        <p className="mt-3 text-sm text-red-600">Failed to load reviews</p>
      ) : data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No reviews yet. Customers can rate your work once an order is picked up or shipped.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {data.map((r) => (
            <li key={r.id} className="py-3">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Stars rating={r.rating} />
                <span className="text-sm font-medium text-slate-900">{r.printerName}</span>
                <span className="text-sm text-slate-500">{r.fileName}</span>
                <time dateTime={r.createdAt} className="ml-auto text-xs text-slate-500">
                  {formatRelativeTime(r.createdAt)}
                </time>
              </div>
              {r.comment ? <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-slate-700">{r.comment}</p> : null}
              <p className="mt-0.5 text-xs text-slate-500">{r.reviewerName}</p>
            </li>
          ))}
        </ul>
      )}
      <ShowMore pages={pages} label="Show more reviews" />
    </section>
  );
}
