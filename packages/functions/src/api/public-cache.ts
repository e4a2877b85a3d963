import type { Context } from "hono";
import { queryKey } from "../lib/ttl-cache.ts";
import type { AppEnv } from "./deps.ts";

/** How long the public lists stay cached, in the function and at the CDN, unless the deps say otherwise. */
export const PUBLIC_CACHE_SECONDS = 5;
/** At most this many distinct queries are kept (each key is a filter combination). */
export const PUBLIC_CACHE_ENTRIES = 500;
/** Count partitions kept at most (a few per region asked; the whole country's are some thousands at 100,000 printers). */
export const CELL_COUNTS_ENTRIES = 5000;
/**
 * How long a conversation list may show a person's display name or a printer's name read earlier
 * in this process (core/src/shared/recent.ts): a rename shows within this. Nothing else is kept.
 */
export const RECENT_NAMES_SECONDS = 5;
export const RECENT_NAMES_ENTRIES = 5000;

/**
 * A public answer that every visitor shares (the printer list, the landing figures): loaded at
 * most once per `publicCacheSeconds` per query in this process, and marked for the CDN
 * (`s-maxage`) and the browser (DECISIONS.md "Caching"). The browser keeps the list for 0 s
 * (`max-age=0`) so an owner who has just changed a printer sees it at once in their own browser.
 */
export async function sharedAnswer<T>(
  c: Context<AppEnv>,
  route: string,
  query: Record<string, unknown>,
  load: () => Promise<T>,
  { browserSeconds = 0 }: { browserSeconds?: number } = {},
): Promise<T> {
  const seconds = c.var.deps.config.publicCacheSeconds ?? PUBLIC_CACHE_SECONDS;
  const value = await c.var.publicCache.get(`${route}?${queryKey(query)}`, load);
  c.header("Cache-Control", `public, max-age=${Math.min(browserSeconds, seconds)}, s-maxage=${seconds}`);
  return value;
}
