import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX_LENGTH } from "@printhood/core/shared/conversation";
import { isHandedOver } from "@printhood/core/shared/job-groups";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { orderReviewQuery, useRateOrder } from "../../api/reviews";
import type { Order } from "../../api/types";
import { Stars } from "./Stars";

const STAR_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

function RatingForm({ orderId }: { orderId: string }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const rate = useRateOrder(orderId);
  const commentId = useId();
  const name = useId();

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (rating < RATING_MIN) return;
        const text = comment.trim();
        rate.mutate(text ? { rating, comment: text } : { rating });
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Your rating</legend>
        <div className="mt-1 flex gap-1">
          {Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => i + RATING_MIN).map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name={name}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="peer sr-only"
                aria-label={`${n} ${n === 1 ? "star" : "stars"} (${STAR_WORDS[n]})`}
              />
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className={`h-8 w-8 rounded peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 ${n <= rating ? "text-amber-500" : "text-slate-300 hover:text-amber-300"}`}
              >
                <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
              </svg>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={commentId} className="mt-3 block text-sm font-medium text-slate-700">
        Comment (optional)
      </label>
      <textarea
        id={commentId}
        rows={3}
        maxLength={REVIEW_COMMENT_MAX_LENGTH}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <button
        type="submit"
        disabled={rating < RATING_MIN || rate.isPending}
        className="mt-3 rounded-xl bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {rate.isPending ? "Submitting…" : "Submit Rating"}
      </button>
    </form>
  );
}

/**
 * Rate the printer (issue 10, DECISIONS.md "Ratings"): once the order is picked up or shipped,
 * its customer gives 1-5 stars and an optional comment, once; after that the review is shown.
 * The owner sees the customer's review here too.
 */
export function ReviewPanel({ order }: { order: Pick<Order, "id" | "status" | "viewer"> }) {
  const reviewable = isHandedOver(order);
  const { data: review, isPending } = useQuery({ ...orderReviewQuery(order.id), enabled: reviewable });
  if (!reviewable) return null;

  return (
    <section aria-labelledby="review-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="review-heading" className="text-lg font-semibold text-slate-900">
        {order.viewer === "customer" ? "Rate your printer" : "Customer review"}
      </h2>
      <div className="mt-3">
        {isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : review ? (
          <div>
            <Stars rating={review.rating} className="h-5 w-5" />
            {review.comment ? <p className="mt-2 whitespace-pre-wrap wrap-anywhere text-sm text-slate-700">{review.comment}</p> : null}
            <p className="mt-1 text-xs text-slate-500">
              {order.viewer === "customer" ? "Thank you: your rating counts towards the printer's score." : `By ${review.reviewerName}`}
            </p>
          </div>
        ) : order.viewer === "customer" ? (
          <>
            <p className="mb-3 text-sm text-slate-600">How did it go? Rate the printer owner 1 to 5 stars, with a comment if you like.</p>
            <RatingForm orderId={order.id} />
          </>
        ) : (
          <p className="text-sm text-slate-500">The customer has not rated this order yet.</p>
        )}
      </div>
    </section>
  );
}
