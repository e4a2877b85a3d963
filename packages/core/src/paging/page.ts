import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../shared/paging.ts";
import { CURSOR_TEXT_MAX, type CursorKey, openCursor, sealCursor } from "./cursor.ts";

/**
 * A list answered a page at a time (issue 23 point 2): asked with `limit`, a list answers
 * `{ items, nextCursor }`, the marker absent on the last page; asked without, the spec's shape (the
 * array) stays, capped at PAGE_SIZE_MAX, newest first. Every page is read from DynamoDB by its
 * index's sort key from where the last one ended, never by reading the list whole.
 */
export interface PageAsk {
  /** How many items at most. */
  size: number;
  /** The previous page's `nextCursor`. */
  cursor?: string | undefined;
  key: CursorKey;
}

export interface Page<T> {
  items: T[];
  /** Pass as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

const limitValue = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: `Limit must be a whole number from 1 to ${PAGE_SIZE_MAX}` })
    .int(`Limit must be a whole number from 1 to ${PAGE_SIZE_MAX}`)
    .min(1, `Limit must be a whole number from 1 to ${PAGE_SIZE_MAX}`)
    .max(PAGE_SIZE_MAX, `Limit must be at most ${PAGE_SIZE_MAX}`),
);

/** The query fields every paged list takes. */
export const pageQueryFields = {
  limit: limitValue.optional().meta({ description: `Items per page, 1 to ${PAGE_SIZE_MAX}: the answer is then { items, nextCursor }` }),
  cursor: z
    .string()
    .min(1)
    .max(CURSOR_TEXT_MAX, "That page marker is not one of ours. Start again from the first page.")
    .optional()
    .meta({ description: "The previous page's nextCursor (opaque, signed)" }),
};
export const pageQuery = z.strictObject(pageQueryFields);
export type PageQuery = z.output<typeof pageQuery>;

/** The page a query asks for: its `limit` (the cap when absent) and its marker. */
export const pageAsk = (
  key: CursorKey,
  q: { limit?: number | undefined; cursor?: string | undefined },
  fallback = PAGE_SIZE_MAX,
): PageAsk => ({
  size: q.limit ?? fallback,
  cursor: q.cursor,
  key,
});

/**
 * The page asked for, or none for a plain first read (neither `limit` nor `cursor`: the list's own
 * unpaged answer). A `cursor` alone is still a page ask, so a made-up one is a 400, never ignored.
 */
export const pageAskIfAny = (
  key: CursorKey,
  q: { limit?: number | undefined; cursor?: string | undefined },
  fallback?: number,
): PageAsk | undefined => (q.limit === undefined && q.cursor === undefined ? undefined : pageAsk(key, q, fallback));

/**
 * The first `size` items only, for a list's unpaged answer (the spec's array): its marker is never
 * sent, so it is sealed with no key.
 */
export const firstPageOnly = (size: number): PageAsk => ({ size, key: { secret: Buffer.alloc(0) } });

/** The answer of a page: `{ items, nextCursor? }`. */
export function pageSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      nextCursor: z.string().optional().meta({ description: "Pass as `cursor` for the next page; absent on the last page" }),
    })
    .meta({ id });
}

/** The array (no `limit` asked: the spec's shape) or the page. */
export const listOrPage = <T>(asked: { limit?: number | undefined }, page: Page<T>): T[] | Page<T> =>
  asked.limit === undefined ? page.items : page;

/**
 * What a read of a filtered list gives when it stops short: the rows it found, and the last row it
 * looked at (matching or not) when a budget of rows looked at ran out before n matched. The page's
 * marker is then there, so the next page goes on from where the reading stopped.
 */
export interface ReadStoppedShort<R> {
  rows: R[];
  lookedTo: R | null;
}

/**
 * One page of a list read by a sort key, newest first: `read(after, n)` reads up to n items strictly
 * past `after` in the list's order; one more than asked tells whether a next page exists without a
 * second round trip. `position` is what the marker keeps of the last item (its sort key).
 */
export async function keyPage<R, P>(
  ask: PageAsk,
  list: string,
  schema: z.ZodType<P>,
  read: (after: P | null, n: number) => Promise<R[] | ReadStoppedShort<R>>,
  position: (r: R) => P,
): Promise<Page<R>> {
  const after = ask.cursor ? openCursor(ask.key, list, ask.cursor, schema) : null;
  const answer = await read(after, ask.size + 1);
  const [rows, lookedTo] = Array.isArray(answer) ? [answer, null] : [answer.rows, answer.lookedTo];
  const items = rows.slice(0, ask.size);
  const last = rows.length > ask.size ? items[items.length - 1] : lookedTo;
  return last ? { items, nextCursor: sealCursor(ask.key, list, position(last)) } : { items };
}

/** A page's items changed (presented), its marker kept. */
export async function mapPage<R, T>(page: Page<R>, present: (items: R[]) => T[] | Promise<T[]>): Promise<Page<T>> {
  const items = await present(page.items);
  return page.nextCursor ? { items, nextCursor: page.nextCursor } : { items };
}

export { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX };
