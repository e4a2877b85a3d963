import { distanceMiles } from "../places/zip.ts";
import { type CellReach, COUNT_PARTITION, finerCells, reachOf, WIDE_PRECISION } from "./cells.ts";
import { cellsInBox, GEOHASH_PRECISION, hashOf } from "./geohash.ts";
import { boxAround, type Point } from "./sphere.ts";

/**
 * Nearest first, a page at a time, with bounded reads (issue 23 point 1; DESIGN.md "Finding
 * printers by place"). Pure over a port (`CellSource`), so the same walk runs against DynamoDB and
 * against an array in the tests that compare it with a brute-force sort.
 *
 * The walk keeps the cells it has not read in order of how near they can be (`min`), and reads the
 * nearest ones, a batch per round, until the page is certain: every printer nearer than the nearest
 * unread cell is known, and there are more matches than the page holds (or nothing is left within
 * the radius). Regions (precision-3 cells) are opened first through their counts, so empty towns are
 * never read and a region with few printers is read whole (the wide index) instead of town by town;
 * a town with too many printers for one read is read by its finer cells. A page never reads more
 * than MAX_READS cells; a page cut short by that says where the next one starts (`next`), so a filter
 * that matches little is paged through, never read whole.
 *
 * The position after a page is the last printer's exact distance and id: the next page reads only
 * cells that reach past it and takes only printers after it (nearer ties broken by id), so a printer
 * added or removed between pages shifts nothing else: no duplicates and no gaps.
 */

export interface Placed {
  id: string;
  latitude: number;
  longitude: number;
}

/** Where the walk reads: the printers' cell indexes and the counts of listed printers per town. */
export interface CellSource<T extends Placed> {
  /** Listed printers per region (precision-3 cell) inside an area (geo/cells.ts COUNT_PARTITION[3]). */
  regionCounts(area: string): Promise<Map<string, number>>;
  /** Listed printers per town (precision-4 cell) inside a region (precision-3 cell). */
  countsIn(region: string): Promise<Map<string, number>>;
  /**
   * The printers of a cell, at most `limit` (a source answers `limit` + 1 when there are more): a
   * precision-3 cell from the wide index, a precision-4 cell or a finer prefix from the near index.
   */
  read(cell: string, limit: number): Promise<T[]>;
}

/** Where a page ends: the last printer's distance (exact) and id. */
export interface NearPosition {
  miles: number;
  id: string;
}

export interface NearQuery<T extends Placed> {
  origin: Point;
  radiusMiles: number;
  size: number;
  after?: NearPosition | null | undefined;
  /** The listing rule and the filters: a printer read but not accepted takes no place on the page. */
  accept?: (item: T) => boolean;
}

export interface NearPage<T> {
  items: { item: T; miles: number }[];
  /** Absent on the last page. */
  next: NearPosition | null;
  /** Cells and counts read (for the bench and the logs). */
  reads: number;
}

/** Printers one read takes at most; a cell with more is read by its finer cells. */
export const CELL_READ_MAX = 150;
/** Reads one page may make; past that the page ends where the walk stands. */
export const MAX_READS = 48;
/** Reads one round makes side by side. */
const ROUND_READS = 12;
/** How far the first round opens regions; doubled each round that leaves the page short. */
const FIRST_HORIZON_MILES = 15;
/** A region is read whole when it holds at most this many (and they are in three towns or more). */
const WIDE_READ_MAX = 120;

type Unit = CellReach & { kind: "region" | "cell"; expect: number };

const byNearness = (a: Unit, b: Unit) => a.min - b.min;
const before = (a: NearPosition, b: NearPosition) => a.miles < b.miles || (a.miles === b.miles && a.id < b.id);

export async function nearest<T extends Placed>(source: CellSource<T>, q: NearQuery<T>): Promise<NearPage<T>> {
  const { origin, radiusMiles, size } = q;
  const after = q.after ?? null;
  const from = after?.miles ?? 0;
  // A cell is worth reading when it reaches inside the radius and past where the last page ended.
  const inReach = (u: CellReach) => u.min <= radiusMiles && u.max >= from;
  // A cell that straddles where the last page ended counts as starting there: what it holds nearer
  // was on earlier pages. So the walk's certainty never falls behind the marker it started from.
  const clamp = <U extends CellReach>(u: U): U => (u.min < from ? { ...u, min: from } : u);
  // The regions around the point, with their counts (a few reads of small partitions): an empty
  // region is never read, a region of few printers is read whole, a crowded one town by town.
  const regionHashes = cellsInBox(boxAround(origin, radiusMiles), WIDE_PRECISION).map(hashOf);
  const areas = [...new Set(regionHashes.map((h) => h.slice(0, COUNT_PARTITION[WIDE_PRECISION])))];
  const regionCounts = new Map((await Promise.all(areas.map((a) => source.regionCounts(a)))).flatMap((m) => [...m]));
  let reads = areas.length;
  let pending: Unit[] = regionHashes
    .map((hash) => ({ hash, n: regionCounts.get(hash) ?? 0 }))
    .filter(({ n }) => n > 0)
    .map(({ hash, n }) => ({ ...reachOf(origin, hash), kind: n <= WIDE_READ_MAX ? ("cell" as const) : ("region" as const), expect: n }))
    .filter(inReach)
    .map(clamp);
  const found = new Map<string, { item: T; miles: number }>();
  let horizon = from + FIRST_HORIZON_MILES;

  const take = (item: T) => {
    const miles = distanceMiles(origin, item);
    if (miles > radiusMiles || found.has(item.id)) return;
    if (after && !before(after, { miles, id: item.id })) return;
    if (q.accept && !q.accept(item)) return;
    found.set(item.id, { item, miles });
  };

  const openRegion = async (region: Unit): Promise<Unit[]> => {
    const counts = await source.countsIn(region.hash);
    const towns = [...counts]
      .filter(([, n]) => n > 0)
      .map(([hash, n]) => clamp({ ...reachOf(origin, hash), kind: "cell" as const, expect: n }))
      .filter(inReach);
    return towns.flatMap((t) => (t.expect > CELL_READ_MAX ? finer(t) : [t]));
  };
  const finer = (u: Unit): Unit[] =>
    finerCells(origin, u.hash)
      .filter(inReach)
      .map((c) => clamp({ ...c, kind: "cell" as const, expect: u.expect / 32 }));
  const readCell = async (u: Unit): Promise<Unit[]> => {
    // A cell of one point cannot be split: its printers are read however many (they are equally near).
    const limit = u.hash.length >= GEOHASH_PRECISION ? Number.MAX_SAFE_INTEGER : CELL_READ_MAX;
    const items = await source.read(u.hash, limit);
    if (items.length > limit) return finer(u);
    for (const item of items) take(item);
    return [];
  };

  for (;;) {
    pending.sort(byNearness);
    const certain = pending[0]?.min ?? Number.POSITIVE_INFINITY;
    const sorted = [...found.values()].sort((a, b) => a.miles - b.miles || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0));
    const known = sorted.filter((f) => f.miles < certain);
    const exhausted = pending.length === 0;
    if (known.length > size || exhausted) {
      const items = known.slice(0, size);
      const last = items[items.length - 1];
      return { items, next: known.length > size && last ? { miles: last.miles, id: last.item.id } : null, reads };
    }
    // Out of reads: the page ends where the walk is certain. Cells straddling the marker are read
    // whatever the budget (they are few: a ring's width), so every page moves the marker forward.
    if (reads >= MAX_READS && certain > from) return { items: known, next: { miles: certain, id: "" }, reads };

    // This round: the regions within the horizon (or the nearest unit, if it is one) are opened,
    // then the nearest towns are read until they are expected to fill the page, none beyond a
    // region not yet opened (it may hold nearer towns).
    const regions = pending.filter((u, i) => u.kind === "region" && (u.min <= horizon || i === 0)).slice(0, ROUND_READS);
    pending = pending.filter((u) => !regions.includes(u));
    reads += regions.length;
    pending.push(...(await Promise.all(regions.map(openRegion))).flat());
    pending.sort(byNearness);
    const batch: Unit[] = [];
    let expected = 0;
    const wanted = (size + 1 - known.length) * 2;
    for (const u of pending) {
      if (u.kind === "region" || (batch.length >= Math.min(ROUND_READS, MAX_READS - reads) && u.min > from)) break;
      if (batch.length > 0 && expected >= wanted) break;
      batch.push(u);
      expected += u.expect;
    }
    pending = pending.filter((u) => !batch.includes(u));
    reads += batch.length;
    pending.push(...(await Promise.all(batch.map(readCell))).flat());
    horizon *= 2;
  }
}
