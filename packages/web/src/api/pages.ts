/**
 * The lists' answers (issue 23): asked without `limit`, the spec's array (at most 100, newest
 * first); asked with `limit`, a page `{ items, nextCursor }`, the marker absent on the last page.
 */
export type Paged<T> = { items: T[]; nextCursor?: string | undefined };

/** The items of either answer. */
export const asList = <T>(answer: T[] | Paged<T>): T[] => (Array.isArray(answer) ? answer : answer.items);

/** Either answer as a page (the array is a page with no next one). */
export const asPage = <T>(answer: T[] | Paged<T>): Paged<T> => (Array.isArray(answer) ? { items: answer } : answer);

/** How many items a "Show more" list asks for at a time. */
export const PAGE_SIZE = 24;

/** The query of a page: its size and, after the first, the previous page's marker. */
export const pageParams = (cursor?: string, size = PAGE_SIZE) => ({ limit: String(size), ...(cursor ? { cursor } : {}) });

/**
 * What every list read a page at a time shares (TanStack's infinite queries): the first page has no
 * marker, each next one the previous page's `nextCursor` (none, or null, after the last page).
 */
export const byCursor = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor?: string | null | undefined }) => last.nextCursor ?? undefined,
};
