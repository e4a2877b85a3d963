import type { Context } from "hono";

/**
 * Conditional GETs for the lists people poll (messages, conversations, notifications, the
 * unread count). Core answers a version that changes with every write the list shows; the
 * ETag carries it, and a request whose If-None-Match names it gets a 304 with no body. The
 * caller has already checked who is asking, so a 304 never tells a stranger anything.
 *
 * `Cache-Control: private, no-cache` lets the browser keep the answer and revalidate it on each
 * poll (a plain fetch then sends If-None-Match by itself); shared caches never keep it.
 */
export const POLL_CACHE_CONTROL = "private, no-cache";

const etagOf = (version: string) => `W/"${version}"`;

/** The version the client already has, from If-None-Match (weak or strong, first of a list). */
export function knownVersion(c: Context): string | undefined {
  const header = c.req.header("if-none-match");
  if (!header) return undefined;
  const first = header.split(",")[0]?.trim() ?? "";
  const m = /^(?:W\/)?"([^"]*)"$/.exec(first);
  return m?.[1];
}

/** Answer a polled list: 304 when unchanged, else the body, with its ETag either way. */
export function pollAnswer<T>(c: Context, result: { version: string; notModified: boolean }, body: () => T) {
  c.header("ETag", etagOf(result.version));
  c.header("Cache-Control", POLL_CACHE_CONTROL);
  if (result.notModified) return c.body(null, 304);
  return c.json(body() as never);
}
