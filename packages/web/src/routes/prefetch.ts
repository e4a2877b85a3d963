import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Loaders start the page's queries (with the very `queryOptions` the page reads) without waiting
 * for them: the page still shows its own loading and error states, which the spec words per
 * screen, and the page's query joins the fetch already under way instead of starting another (the
 * submit screen's two retries stay two). On hover (`defaultPreload: "intent"`) the data is often
 * in before the click.
 */
export function prefetch<T, K extends QueryKey>(queryClient: QueryClient, query: FetchQueryOptions<T, Error, T, K>): void {
  void queryClient.prefetchQuery(query);
}

/** `prefetch` for a list read a page at a time ("Show more"): its first page. */
export function prefetchPages<T, K extends QueryKey, P>(
  queryClient: QueryClient,
  query: FetchInfiniteQueryOptions<T, Error, T, K, P>,
): void {
  void queryClient.prefetchInfiniteQuery(query);
}
