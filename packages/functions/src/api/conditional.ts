import { z } from "@hono/zod-openapi";
import type { Context } from "hono";

/**
 * Conditional GETs for the lists people poll (messages, conversations, notifications, the
 * unread count). Core answers a version that changes with every write the list shows; the
 * ETag carries it, and a request whose If-None-Match names it gets a 304 with no body. The
 * route's access check and core's ownership check run first, so a 304 never tells a stranger
 * anything.
 *
 * `Cache-Control: private, no-cache` lets the browser keep the answer and revalidate it on each
 * poll (a plain fetch then sends If-None-Match by itself); shared caches never keep it.
 */
export const POLL_CACHE_CONTROL = "private, no-cache";

/** The request header, documented on each polled route. */
export const pollHeaders = z.object({
  "if-none-match": z.string().optional().meta({ description: "The ETag of the copy the client has: unchanged answers 304" }),
});

/** The 304 answer, documented on each polled route. */
export const notModified = { description: "Not modified since the ETag sent in If-None-Match (no body)" } as const;

const etagOf = (version: string) => `W/"${version}"`;

/** The version the client already has, from If-None-Match (weak or strong, first of a list). */
export function knownVersion(c: Context): string | undefined {
  const header = c.req.header("if-none-match");
  if (!header) return undefined;
  const first = header.split(",")[0]?.trim() ?? "";
  const m = /^(?:W\/)?"([^"]*)"$/.exec(first);
  return m?.[1];
}

/** Headers of a polled answer (200 or 304): its ETag and the revalidate-every-time cache rule. */
export function pollHeadersOut(c: Context, version: string) {
  c.header("ETag", etagOf(version));
  c.header("Cache-Control", POLL_CACHE_CONTROL);
}

/**
 * A paged polled list (notifications, conversations; issue 23): only its first page is polled (the
 * bell, the inbox), so only it answers with an ETag and a 304; a later page, asked with `cursor`, is
 * a plain page (its marker differs on every read, so no client could revalidate it anyway).
 */
export function firstPagePoll(c: Context, query: { cursor?: string | undefined }) {
  const first = query.cursor === undefined;
  return {
    known: first ? knownVersion(c) : undefined,
    headersOut: (version: string) => {
      if (first) pollHeadersOut(c, version);
    },
  };
}
