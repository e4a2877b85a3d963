import { boundsOf, type Cell, cellOfHash, childrenOf, hashOf } from "./geohash.ts";
import { maxMilesTo, minMilesTo, type Point } from "./sphere.ts";

/**
 * The cells the printers' indexes are keyed by (docs/architecture.md "Finding printers by place";
 * ACCESS_PATTERNS.md): listed printers are in two GSIs at two resolutions, each sorted by the
 * printer's full geohash, so a cell finer than an index's own is one sort-key prefix of it.
 *
 * - near (gsi2): partition = the printer's precision-4 cell (≈ 30 × 20 km): a town, never a region.
 *   Reads a precision-4 cell whole, or a finer cell by prefix where a town is dense.
 * - wide (gsi3): partition = the precision-3 cell (≈ 120 × 156 km), read whole, and only where the
 *   counts say it holds few printers (the country between towns), instead of its many small cells.
 *
 * The counts of listed printers per cell, each kept in its parent's partition (at most 32 small
 * items), tell the walk which cells hold anything and how many, so it reads no empty cell, reads a
 * region whole where it holds few, and goes down to blocks where a city is dense: an area's
 * regions, a region's towns, a town's blocks (precision 5, ≈ 5 × 5 km) and a block's streets
 * (precision 6, ≈ 1.2 × 0.6 km: a printer's public point is its ZIP's centre, so a cell that fine
 * holds one or two such points). The coarser counts serve the map's clusters too.
 */
export const NEAR_PRECISION = 4;
export const WIDE_PRECISION = 3;
/**
 * The precisions counts are kept at, and the precision of the partition each is kept in: the
 * cell one precision coarser (precision 2 in one partition: at most 1024), so opening a cell is one
 * read of one small partition.
 */
export const COUNT_PARTITION = { 2: 0, 3: 2, 4: 3, 5: 4, 6: 5 } as const;
export type CountPrecision = keyof typeof COUNT_PARTITION;
export const COUNT_PRECISIONS = [2, 3, 4, 5, 6] as const satisfies readonly CountPrecision[];
/** The finest counted precision: below it the walk can only estimate how printers spread. */
export const FINEST_COUNT_PRECISION = 6;
/** The partition of a cell's count: its coarser cell ("world" for the coarsest). */
export const countParent = (cell: string): string => cell.slice(0, COUNT_PARTITION[cell.length as CountPrecision]) || "world";

/** A cell with its reach from a point: nothing in it is nearer than `min` or farther than `max`. */
export interface CellReach {
  hash: string;
  min: number;
  max: number;
}

export function reachOf(origin: Point, hash: string): CellReach {
  const cell = cellOfHash(hash) as Cell;
  const b = boundsOf(cell);
  return { hash, min: minMilesTo(origin, b), max: maxMilesTo(origin, b) };
}

/** The 32 finer cells of a cell, each with its reach. */
export const finerCells = (origin: Point, hash: string): CellReach[] =>
  childrenOf(cellOfHash(hash) as Cell).map((c) => reachOf(origin, hashOf(c)));
