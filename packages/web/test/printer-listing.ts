import type { ListedPrinter } from "../src/api/types";
import { type Handler, json, pagedAnswer } from "./helpers";

/**
 * GET /api/printers as the API answers the lists (core's printers/list.ts, simplified to the
 * fixtures' fields): `search`, `material` and `location` filter; with `limit` a page
 * `{ items, nextCursor }` (the cursor here is the next index), without it the spec's array.
 */
export function printerListing(printers: ListedPrinter[]): Handler {
  return (_body, url) => {
    const q = url.searchParams;
    const has = (text: string, part: string | null) => !part || text.toLowerCase().includes(part.toLowerCase());
    const found = printers.filter(
      (p) =>
        (has(p.name, q.get("search")) || has(p.location, q.get("search"))) &&
        (!q.get("material") || p.materials.includes(q.get("material") ?? "")) &&
        has(p.location, q.get("location")),
    );
    return json(pagedAnswer(found, url));
  };
}
