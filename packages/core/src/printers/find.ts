import { z } from "zod";
import type { Store } from "../db/store.ts";
import { type NearPosition, nearest } from "../geo/nearest.ts";
import type { Point } from "../geo/sphere.ts";
import { type CursorKey, openCursor, sealCursor } from "../paging/cursor.ts";
import type { Page } from "../paging/page.ts";
import { resolvePlace } from "../places/location.ts";
import { geocodeZip, REGION_CENTER } from "../places/zip.ts";
import { fail } from "../shared/errors.ts";
import { isPubliclyListed } from "../shared/listing.ts";
import { PAGE_SIZE_MAX, RADIUS_DEFAULT_MILES } from "../shared/paging.ts";
import { type CountsCache, type PlacedPrinter, printerCells } from "./cell-source.ts";
import { type ListedPrinter, matchesFilters } from "./list.ts";
import { ownersOf } from "./owner-name.ts";
import { presentPrinter } from "./present.ts";
import type { ListPrintersQuery } from "./schemas.ts";

/**
 * `GET /api/printers` by place (issue 23 point 1): nearest first from a point, within a radius, a
 * page at a time, through the walk over the printers' cell indexes (geo/nearest.ts). Never reads the
 * marketplace whole: a page reads the cells around the point until it is full.
 *
 * The point is the ZIP asked (any US ZIP); else the place the `location` text names ("Loveland",
 * "Austin, TX", a ZIP in the text); else the served region's centre (the demo's home). The filters
 * of spec 1 §7 apply to each printer read (matchesFilters), so a page is full of matches.
 */

/** Where the finder measures from, and whether the answer shows distances (only for a ZIP asked). */
export function finderOrigin(q: Pick<ListPrintersQuery, "zip" | "location">): { origin: Point; fromZip: boolean } {
  if (q.zip) {
    const place = geocodeZip(q.zip);
    if (!place) throw fail("unknown_zip", { zip: q.zip });
    return { origin: place, fromZip: true };
  }
  if (q.location) {
    try {
      return { origin: resolvePlace({ location: q.location }), fromZip: false };
    } catch {
      // Text that names no place ("Lov", a printer's name) is only a filter.
    }
  }
  return { origin: REGION_CENTER, fromZip: false };
}

const positionSchema = z.strictObject({ m: z.number().nonnegative(), i: z.string().max(100) });

/** The finder's list name for its markers: the query without the page's own fields. */
const listName = (q: ListPrintersQuery) => {
  const { limit: _l, cursor: _c, bbox: _b, zoom: _z, ...rest } = q;
  const parts = Object.entries(rest)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${String(v)}`);
  return `printers?${parts.join("&")}`;
};

export interface FinderOptions {
  key: CursorKey;
  counts?: CountsCache | undefined;
}

/** A page of the finder: `{ items, nextCursor? }`; `limit` absent asks for the first PAGE_SIZE_MAX. */
export async function findPrinters(store: Store, q: ListPrintersQuery, options: FinderOptions): Promise<Page<ListedPrinter>> {
  const { origin, fromZip } = finderOrigin(q);
  const list = listName(q);
  const after = q.cursor ? openCursor(options.key, list, q.cursor, positionSchema) : null;
  const page = await nearest(printerCells(store, options.counts), {
    origin,
    radiusMiles: q.radius ?? RADIUS_DEFAULT_MILES,
    size: q.limit ?? PAGE_SIZE_MAX,
    after: after ? ({ miles: after.m, id: after.i } satisfies NearPosition) : null,
    accept: (p: PlacedPrinter) => isPubliclyListed(p) && matchesFilters(p, q),
  });
  // Printers carry their owner's name (owner-name.ts): only older ones without the copy read their owners.
  const owners = await ownersOf(
    store,
    page.items.map((i) => i.item),
  );
  const items = page.items.map(({ item, miles }): ListedPrinter => {
    const listed: ListedPrinter = presentPrinter(item, owners.get(item.ownerId));
    if (fromZip) listed.distanceMiles = Math.round(miles * 10) / 10;
    return listed;
  });
  return page.next ? { items, nextCursor: sealCursor(options.key, list, { m: page.next.miles, i: page.next.id }) } : { items };
}
