import type { TxEntities, TxItem } from "../db/transact.ts";
import { COUNT_PRECISIONS, countParent, NEAR_PRECISION, WIDE_PRECISION } from "../geo/cells.ts";
import { GEOHASH_PRECISION, geohash } from "../geo/geohash.ts";
import { distanceMiles, NEARBY_MILES, REGION_CENTER } from "../places/zip.ts";
import { isPubliclyListed } from "../shared/listing.ts";
import type { PrinterRecord } from "./present.ts";

/**
 * A printer's place in the finder's indexes and counters (issue 23), kept by every write that
 * changes whether or where the public finds it: the quality test's approval, a suspension and its
 * end, a move, availability, a deletion. Each such write adds `placeChange` to its patch and
 * `listingCounterItems` to its transaction, and is conditional on the listing state it read
 * (`listingAsRead`), so the counters can never drift from the printers, whatever races.
 *
 * Counters: listed printers (`printers#listed`, the landing page's Total Printers), listed and
 * available ones near the served region's centre (`printers#nearby`, Printers Nearby), and listed
 * printers per cell at the count precisions (geo/cells.ts), with their coordinates' sums.
 */
export const LISTED_COUNTER = "printers#listed";
export const NEARBY_COUNTER = "printers#nearby";

export type Listable = Pick<PrinterRecord, "latitude" | "longitude" | "isAvailable" | "verification" | "suspendedAt" | "ownerSuspendedAt">;

interface Placed {
  latitude: number;
  longitude: number;
}

const pointOf = (p: Listable | null): Placed | null =>
  p && isPubliclyListed(p) && typeof p.latitude === "number" && typeof p.longitude === "number"
    ? { latitude: p.latitude, longitude: p.longitude }
    : null;

/** The index attributes of a printer that is listed (null when it is not, or has no point). */
export function placeKeys(p: Listable): { placeHash: string; nearCell: string; wideCell: string } | null {
  const at = pointOf(p);
  if (!at) return null;
  const placeHash = geohash(at.latitude, at.longitude, GEOHASH_PRECISION);
  return { placeHash, nearCell: placeHash.slice(0, NEAR_PRECISION), wideCell: placeHash.slice(0, WIDE_PRECISION) };
}

/** What a patch sets or removes so the printer's index keys follow its listing. */
export function placeChange(after: Listable): { set: Partial<PrinterRecord>; remove: ("placeHash" | "nearCell" | "wideCell")[] } {
  const keys = placeKeys(after);
  return keys ? { set: keys, remove: [] } : { set: {}, remove: ["placeHash", "nearCell", "wideCell"] };
}

export interface CellDelta {
  parent: string;
  cell: string;
  count: number;
  latitudeSum: number;
  longitudeSum: number;
}

export interface ListingDeltas {
  listed: number;
  nearby: number;
  cells: CellDelta[];
}

const E4 = (degrees: number) => Math.round(degrees * 10_000);
const isNearby = (p: Listable | null, at: Placed | null) => !!at && !!p?.isAvailable && distanceMiles(REGION_CENTER, at) <= NEARBY_MILES;

/** What changing printers from `before` to `after` (null: absent) does to the counters; pure. */
export function listingDeltas(changes: { before: Listable | null; after: Listable | null }[]): ListingDeltas {
  const cells = new Map<string, CellDelta>();
  let listed = 0;
  let nearby = 0;
  const count = (at: Placed, sign: number) => {
    const hash = geohash(at.latitude, at.longitude, Math.max(...COUNT_PRECISIONS));
    for (const precision of COUNT_PRECISIONS) {
      const cell = hash.slice(0, precision);
      const d = cells.get(cell) ?? { parent: countParent(cell), cell, count: 0, latitudeSum: 0, longitudeSum: 0 };
      d.count += sign;
      d.latitudeSum += sign * E4(at.latitude);
      d.longitudeSum += sign * E4(at.longitude);
      cells.set(cell, d);
    }
  };
  for (const { before, after } of changes) {
    const was = pointOf(before);
    const is = pointOf(after);
    listed += (is ? 1 : 0) - (was ? 1 : 0);
    nearby += (isNearby(after, is) ? 1 : 0) - (isNearby(before, was) ? 1 : 0);
    if (was) count(was, -1);
    if (is) count(is, 1);
  }
  return { listed, nearby, cells: [...cells.values()].filter((d) => d.count !== 0 || d.latitudeSum !== 0 || d.longitudeSum !== 0) };
}

/** The ADDs of those deltas, as items of the transaction that makes the change. */
export function listingCounterItems(entities: TxEntities, deltas: ListingDeltas): TxItem[] {
  const items: TxItem[] = [];
  if (deltas.listed) items.push(entities.counters.update({ name: LISTED_COUNTER }).add({ value: deltas.listed }).commit());
  if (deltas.nearby) items.push(entities.counters.update({ name: NEARBY_COUNTER }).add({ value: deltas.nearby }).commit());
  for (const d of deltas.cells) {
    items.push(
      entities.cellCounts
        .update({ parent: d.parent, cell: d.cell })
        .add({ count: d.count, latitudeSum: d.latitudeSum, longitudeSum: d.longitudeSum })
        .commit(),
    );
  }
  return items;
}

type Ops = {
  eq: (attr: unknown, value: unknown) => string;
  notExists: (attr: unknown) => string;
};
type ListingAttrs = Record<"isAvailable" | "verification" | "suspendedAt" | "ownerSuspendedAt" | "latitude" | "longitude", unknown>;

/**
 * The condition that the printer's listing state is still the one read (its flags, availability
 * and point), for the write's `where`: the counters' deltas were computed from it.
 */
export function listingAsRead(a: ListingAttrs, o: Ops, read: Listable): string {
  const same = (attr: unknown, value: unknown) => (value === undefined ? o.notExists(attr) : o.eq(attr, value));
  return [
    same(a.isAvailable, read.isAvailable),
    same(a.verification, read.verification),
    same(a.suspendedAt, read.suspendedAt),
    same(a.ownerSuspendedAt, read.ownerSuspendedAt),
    same(a.latitude, read.latitude),
    same(a.longitude, read.longitude),
  ].join(" AND ");
}

type Chain = { set(values: object): Chain; remove(attributes: string[]): Chain };

/** A printer's patch with its index keys set or removed to follow `after` (its state once written). */
export function withPlace<C>(patch: C, after: Listable): C {
  const { set, remove } = placeChange(after);
  let chain = patch as unknown as Chain;
  if (Object.keys(set).length) chain = chain.set(set);
  if (remove.length) chain = chain.remove(remove);
  return chain as unknown as C;
}
