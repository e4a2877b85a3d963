import { distanceMiles } from "../places/zip.ts";
import { type CellReach, COUNT_PARTITION, FINEST_COUNT_PRECISION, finerCells, reachOf, WIDE_PRECISION } from "./cells.ts";
import { cellsInBox, GEOHASH_PRECISION, geohash, hashOf } from "./geohash.ts";
import { boxAround, type Point } from "./sphere.ts";

/**
 * Nearest first, a page at a time, with reads sized to the page (issue 23 point 1; DESIGN.md
 * "Finding printers by place"). Pure over a port (`CellSource`), so the same walk runs against
 * DynamoDB and against an array in the tests that compare it with a brute-force sort.
 *
 * The walk keeps the cells it has not read in order of how near they can be (`min`) and takes the
 * nearest ones, a batch per round, until the page is certain: every printer nearer than the nearest
 * unread cell is known, and there are more matches than the page holds (or nothing is left within
 * the radius). What a page reads is what is near, whatever the size of the marketplace:
 *
 * - A cell whose count is known is read only when it holds few printers (at most what the page
 *   still needs, `readLimit`); a crowded one is opened instead: the counts of its 32 finer cells are
 *   read (one small partition: geo/cells.ts COUNT_PARTITION), so empty cells are never read and the
 *   walk goes down where printers are dense (an area's regions, a region's towns, a town's blocks,
 *   a block's streets). The point's own chain of partitions is read in the first round.
 * - The finest counted cell is read whole however crowded: it holds a ZIP's centre or two, and
 *   printers at one point tie on distance, so all of them are needed to order them by id.
 * - Below the finest counts (older data) a crowded cell is split into its finer cells by estimate,
 *   without a read; a read that finds more than its count said (a printer listed since the counts
 *   were read) is given up and its cell split the same way, its printers read again, finer.
 * - A batch stops where the printers its cells hold would fill what the page still needs, so the
 *   page's farthest printer is found with few cells read past it.
 *
 * A page never reads more than MAX_READS cells and counts; a page cut short by that says where the
 * next one starts (`next`), so a filter that matches little is paged through, never read whole.
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

/** Where the walk reads: the printers' cell indexes and the counts of listed printers per cell. */
export interface CellSource<T extends Placed> {
  /**
   * The listed printers of each non-empty cell one precision finer than `cell` that is counted in
   * `cell`'s partition (geo/cells.ts COUNT_PARTITION): an area's regions, a region's towns, a
   * town's blocks, a block's streets. A cell whose finer cells are not counted answers an empty map.
   */
  countsIn(cell: string): Promise<Map<string, number>>;
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

/** Printers one read takes at most, however many the page still needs. */
export const CELL_READ_MAX = 100;
/** The fewest printers a read may take: a read smaller than that costs the same (one 4 KB unit holds about three printers). */
const CELL_READ_MIN = 8;
/** Reads one page may make; past that the page ends where the walk stands. */
export const MAX_READS = 48;
/** Reads one round makes side by side. */
const ROUND_READS = 12;

/** A cell not read yet: its reach, its printers (`exact` when counted, else an estimate). */
type Unit = CellReach & { count: number; exact: boolean };

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
  const unit = (hash: string, count: number, exact: boolean): Unit => clamp({ ...reachOf(origin, hash), count, exact });
  const found = new Map<string, { item: T; miles: number }>();
  let reads = 0;
  // Each partition of counts is read once a page, when first wanted.
  const asked = new Map<string, Promise<Map<string, number>>>();
  const countsIn = (cell: string) => {
    let counts = asked.get(cell);
    if (!counts) {
      counts = source.countsIn(cell);
      asked.set(cell, counts);
      reads++;
    }
    return counts;
  };
  // Begins with the regions around the point, by their areas' counts (a few small partitions), and,
  // beside them, the counts of the point's own region, town and block: where printers are dense the
  // walk opens those next, so they cost no rounds of their own (where printers are few, three small
  // reads for nothing).
  const regions = cellsInBox(boxAround(origin, radiusMiles), WIDE_PRECISION).map(hashOf);
  const areas = [...new Set(regions.map((h) => h.slice(0, COUNT_PARTITION[WIDE_PRECISION])))];
  const own = geohash(origin.latitude, origin.longitude, FINEST_COUNT_PRECISION - 1);
  for (let precision = WIDE_PRECISION; precision < FINEST_COUNT_PRECISION; precision++) {
    const cell = own.slice(0, precision);
    // Not on a later page whose marker is past all of the cell.
    if (inReach(reachOf(origin, cell))) countsIn(cell).catch(() => {}); // awaited, failure and all, when opened
  }
  const regionCounts = new Map((await Promise.all(areas.map(countsIn))).flatMap((m) => [...m]));
  const pending: Unit[] = regions
    .map((hash) => ({ hash, n: regionCounts.get(hash) ?? 0 }))
    .filter(({ n }) => n > 0)
    .map(({ hash, n }) => unit(hash, n, true))
    .filter(inReach);

  const take = (item: T) => {
    const miles = distanceMiles(origin, item);
    if (miles > radiusMiles || found.has(item.id)) return;
    if (after && !before(after, { miles, id: item.id })) return;
    if (q.accept && !q.accept(item)) return;
    found.set(item.id, { item, miles });
  };
  const finer = (u: Unit, count: number): Unit[] =>
    finerCells(origin, u.hash)
      .filter(inReach)
      .map((c) => clamp({ ...c, count: count / 32, exact: false }));
  // A counted cell's finer cells by their counts; by estimate where they are not counted (or the
  // counts, read a moment apart, do not add up to the cell's own: a printer listed in between).
  const open = async (u: Unit): Promise<Unit[]> => {
    const counts = await countsIn(u.hash);
    const total = [...counts.values()].reduce((s, n) => s + n, 0);
    if (total !== u.count) return finer(u, u.count);
    return [...counts]
      .filter(([, n]) => n > 0)
      .map(([hash, n]) => unit(hash, n, true))
      .filter(inReach);
  };
  const read = async (u: Unit, limit: number): Promise<Unit[]> => {
    // A cell of one point cannot be split: its printers are read however many (they are equally near).
    const all = u.hash.length >= GEOHASH_PRECISION;
    reads++;
    const items = await source.read(u.hash, all ? Number.MAX_SAFE_INTEGER : limit);
    if (!all && items.length > limit) return finer(u, Math.max(u.count, items.length));
    for (const item of items) take(item);
    return [];
  };

  for (;;) {
    pending.sort(byNearness);
    const certain = pending[0]?.min ?? Number.POSITIVE_INFINITY;
    const sorted = [...found.values()].sort((a, b) => a.miles - b.miles || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0));
    const known = sorted.filter((f) => f.miles < certain);
    if (known.length > size || pending.length === 0) {
      const items = known.slice(0, size);
      const last = items[items.length - 1];
      return { items, next: known.length > size && last ? { miles: last.miles, id: last.item.id } : null, reads };
    }
    // Out of reads: the page ends where the walk is certain. Cells straddling the marker are read
    // whatever the budget (they are few: a ring's width), so every page moves the marker forward.
    if (reads >= MAX_READS && certain > from) return { items: known, next: { miles: certain, id: "" }, reads };

    // This round: the nearest cells, until the printers they hold would fill what the page still
    // needs. A crowded cell is opened (its finer cells' counts) or split by estimate; a few read.
    const wanted = size + 1 - known.length;
    const readLimit = Math.min(CELL_READ_MAX, Math.max(CELL_READ_MIN, wanted));
    const batch: { u: Unit; go: () => Promise<Unit[]> }[] = [];
    let expected = 0;
    while (pending.length > 0) {
      pending.sort(byNearness);
      const u = pending[0] as Unit;
      if (batch.length >= Math.min(ROUND_READS, Math.max(1, MAX_READS - reads)) && u.min > from) break;
      if (batch.length > 0 && expected >= wanted) break;
      pending.shift();
      if (u.count <= readLimit || u.hash.length >= GEOHASH_PRECISION) {
        batch.push({ u, go: () => read(u, readLimit) });
      } else if (u.exact && u.hash.length >= FINEST_COUNT_PRECISION) {
        // The finest counted cell (a few hundred metres: one ZIP's point, where printers stand) is
        // read whole: its count is exact, and printers at one point cannot be told apart by cells.
        batch.push({ u, go: () => read(u, Math.ceil(u.count)) });
      } else if (u.exact) {
        batch.push({ u, go: () => open(u) });
      } else {
        pending.push(...finer(u, u.count));
        continue;
      }
      expected += u.count;
    }
    pending.push(...(await Promise.all(batch.map((b) => b.go()))).flat());
  }
}
