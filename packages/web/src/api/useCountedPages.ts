import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Paged } from "./pages";

/**
 * A list read a page at a time whose pages may come back short or empty and still have a next one:
 * the server looks at a bounded number of orders a page (TAB_LOOK_MAX), so where a tab's orders are
 * rare in a long history a page can hold few or none. Once the items the figures count (`total`) are
 * all here there is nothing more to show (a count of 0 beside items found, data older than the
 * tallies, stops nothing); an empty page reads on by itself rather than show an empty list with
 * "Show more", unless reading it failed (then Show more asks again). One home for the customer's
 * dashboard tabs and the owner's tracking tabs.
 */
export function useCountedPages<T>(pages: UseInfiniteQueryResult<InfiniteData<Paged<T>>>, total: number | undefined) {
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const allCounted = total !== undefined && total > 0 && items.length >= total;
  const more = pages.hasNextPage && !allCounted;
  const lastEmpty = pages.data?.pages.at(-1)?.items.length === 0;
  const { isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  const readOn = lastEmpty && more && !isFetchNextPageError;
  useEffect(() => {
    if (readOn && !isFetchingNextPage) void fetchNextPage();
  }, [readOn, isFetchingNextPage, fetchNextPage]);
  return { items, more, readOn, showMore: { hasNextPage: more, isFetchingNextPage, fetchNextPage } };
}
