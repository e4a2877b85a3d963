import type { Store } from "../db/store.ts";
import { COUNT_PARTITION, type CountPrecision, NEAR_PRECISION, WIDE_PRECISION } from "../geo/cells.ts";
import type { CellSource } from "../geo/nearest.ts";
import type { PrinterRecord } from "./present.ts";

/**
 * The finder's reads in DynamoDB (ACCESS_PATTERNS.md "Listed printers near a point"): the printers
 * of a cell from the near index (a town's partition, a finer cell by geohash prefix) or the wide
 * index (a region's partition), and the counts of listed printers per cell.
 */

/** A listed printer as the walk sees it: the record, with its id and point where the walk reads them. */
export type PlacedPrinter = PrinterRecord & { id: string; latitude: number; longitude: number };

/** Counts read a few seconds ago in this process (the public lists are as fresh: api/public-cache.ts). */
export interface CountsCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export interface CellCount {
  cell: string;
  count: number;
  latitudeSum: number;
  longitudeSum: number;
}

const noCache: CountsCache = { get: (_key, load) => load() };

/** The counts kept in one partition (geo/cells.ts `countParent`): every non-empty cell under it. */
export function countsUnder(store: Store, parent: string, cache: CountsCache = noCache): Promise<CellCount[]> {
  return cache.get(`cells:${parent}`, async () => {
    const { data } = await store.entities.cellCounts.query.primary({ parent }).go({ pages: "all" });
    return data
      .filter((c) => c.count > 0)
      .map(({ cell, count, latitudeSum, longitudeSum }) => ({ cell, count, latitudeSum, longitudeSum }));
  });
}

const placed = (rows: PrinterRecord[]): PlacedPrinter[] =>
  rows
    .filter((p) => typeof p.latitude === "number" && typeof p.longitude === "number")
    .map((p) => ({ ...p, id: p.printerId }) as PlacedPrinter);

/** Listed printers of a cell: at most `limit` + 1 (one more says there are more), or all when unbounded. */
export async function printersOfCell(store: Store, cell: string, limit: number): Promise<PlacedPrinter[]> {
  const { printers } = store.entities;
  const all = !Number.isFinite(limit) || limit >= Number.MAX_SAFE_INTEGER;
  const options = all ? ({ pages: "all" } as const) : { limit: limit + 1 };
  if (cell.length <= WIDE_PRECISION) {
    return placed((await printers.query.wide({ wideCell: cell }).go(options)).data);
  }
  const town = printers.query.near({ nearCell: cell.slice(0, NEAR_PRECISION) });
  const query = cell.length > NEAR_PRECISION ? town.begins({ placeHash: cell }) : town;
  return placed((await query.go(options)).data);
}

/** The walk's port over DynamoDB. */
export function printerCells(store: Store, cache?: CountsCache): CellSource<PlacedPrinter> {
  return {
    // A cell's partition holds the counts one precision finer (geo/cells.ts COUNT_PARTITION); finer
    // than the finest counted there is nothing to read.
    countsIn: async (cell) => {
      if (COUNT_PARTITION[(cell.length + 1) as CountPrecision] !== cell.length) return new Map();
      return new Map((await countsUnder(store, cell, cache)).map((c) => [c.cell, c.count]));
    },
    read: (cell, limit) => printersOfCell(store, cell, limit),
  };
}
