import { BadgeCheckIcon } from "../icons";

/**
 * The "Verified" badge (issue 21): the printer passed Printhood's print quality test. Every printer
 * the public lists show has; the badge says so on its card, its map popup and the owner's dashboard.
 */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <span
      title="Passed the Printhood print quality test"
      className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-800"
    >
      <BadgeCheckIcon className="h-3.5 w-3.5" aria-hidden="true" />
      Verified
    </span>
  );
}
