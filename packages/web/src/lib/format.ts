// Money in cents is written by core's one formatter ("$12.34"), the same the server's texts use.
export { formatCents, formatDollars } from "@printhood/core/shared/pricing";

// Numbers are written here by hand, as Intl.NumberFormat("en-US") writes them (test/format.test.ts
// compares the two): a page's first Intl.NumberFormat costs 17-29 ms of the main thread on this
// machine, about 100 ms on a slow phone (the browser readies its number-formatting data), in the
// middle of the first render of the checkout and the dashboard (issue 13, total blocking time).

/**
 * `value` rounded half away from zero to at most `maxFraction` decimals, thousands grouped or not.
 * Rounds the number's shortest decimal form (what String gives), as Intl does: 0.15 → "0.2" where
 * (0.15).toFixed(1), working on the binary value just under 0.15, gives "0.1".
 */
function decimal(value: number, maxFraction: number, grouping: boolean): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : value > 0 ? "∞" : "-∞";
  const shortest = String(Math.abs(value));
  let whole: string;
  let fraction: string;
  if (shortest.includes("e")) {
    // Below 1e-6 (rounds to 0 here) or from 1e21 (no decimals): toFixed is exact enough.
    [whole = "0", fraction = ""] = Math.abs(value).toFixed(maxFraction).split(".");
  } else {
    const [w = "0", f = ""] = shortest.split(".");
    const up = (f[maxFraction] ?? "0") >= "5";
    const digits = (BigInt(w + f.slice(0, maxFraction).padEnd(maxFraction, "0")) + (up ? 1n : 0n))
      .toString()
      .padStart(maxFraction + 1, "0");
    whole = digits.slice(0, digits.length - maxFraction);
    fraction = digits.slice(digits.length - maxFraction);
  }
  const digits = fraction.replace(/0+$/, "");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : whole}${digits ? `.${digits}` : ""}`;
}

/**
 * A weight for display: the analysis reports grams to 0.01 g; screens show at most one decimal
 * (12.34 → "12.3g", 25 → "25g"). Prices are computed from the unrounded grams.
 */
export function formatGrams(grams: number): string {
  return `${decimal(grams, 1, false)}g`;
}

/** A count with thousands grouped: 12345 → "12,345". */
export function formatCount(value: number): string {
  return decimal(value, 3, true);
}

/** "just now", "5 min ago", "3 h ago", "2 days ago", else a short date. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? "1 day ago" : `${days} days ago`;
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** Badge text for an unread count: the number, or 9+ above 9. */
export function unreadBadge(count: number): string {
  return count > 9 ? "9+" : String(count);
}

/** A moment as people read it: "Mar 1, 2026, 10:00 AM". */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}
