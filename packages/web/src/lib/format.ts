// Money in cents is written by core's one formatter ("$12.34"), the same the server's texts use.
export { formatCents } from "@printhood/core/shared/pricing";

/** Money with 2 decimals, e.g. $12.50. */
export function formatMoney(amount: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount);
}

/**
 * A weight for display: the analysis reports grams to 0.01 g; screens show at most one decimal
 * (12.34 → "12.3g", 25 → "25g"). Prices are computed from the unrounded grams.
 */
export function formatGrams(grams: number): string {
  return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 1, useGrouping: false }).format(grams)}g`;
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat("en-US").format(value);
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
