import { RATING_MAX } from "@printhood/core/shared/conversation";

/** A rating as filled stars, with its number for screen readers. */
export function Stars({ rating, className = "h-4 w-4" }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of ${RATING_MAX} stars`} className="inline-flex items-center gap-0.5">
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <svg
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, nothing else
          key={i}
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className={`${className} ${i < Math.round(rating) ? "text-amber-500" : "text-slate-300"}`}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
