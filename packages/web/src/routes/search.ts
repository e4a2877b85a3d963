import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";

/** Ids in the address: non-empty text (numbers, as the spec's integer ids, read as text). */
function idParam(v: unknown): string | undefined {
  const s = typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : "";
  return s && s.length <= 64 ? s : undefined;
}

/** The ids among a route's query parameters (for its validateSearch, which names the result's type). */
export function idSearch(search: Record<string, unknown>, ...keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = idParam(search[k]);
    if (v) out[k] = v;
  }
  return out;
}

/**
 * Loaders start the page's queries (with the very `queryOptions` the page reads) without waiting
 * for them: the page still shows its own loading and error states, which the spec words per
 * screen, and a query that fails is not fetched again when the page mounts (the submit screen's
 * two retries stay two). On hover (`defaultPreload: "intent"`) the data is often in before the click.
 */
export function prefetch<T, K extends QueryKey>(queryClient: QueryClient, query: FetchQueryOptions<T, Error, T, K>): void {
  void queryClient.prefetchQuery(query);
}
