import { z } from "zod";
import type { Store } from "../db/store.ts";
import { COUNT_PARTITION, COUNT_PRECISIONS, type CountPrecision, WIDE_PRECISION } from "../geo/cells.ts";
import { type Bounds, boundsOf, type Cell, cellOfHash, cellsInBox, hashOf } from "../geo/geohash.ts";
import { isPubliclyListed } from "../shared/listing.ts";
import { PAGE_SIZE_DEFAULT } from "../shared/paging.ts";
import { type CellCount, type CountsCache, countsUnder, type PlacedPrinter, printersOfCell } from "./cell-source.ts";
import { matchesFilters } from "./list.ts";
import { ownersOf } from "./owner-name.ts";
import { listedPrinterSchema, presentPrinter } from "./present.ts";
import type { ListPrintersQuery } from "./schemas.ts";

/**
 * The map's view (`GET /api/printers?bbox=west,south,east,north&zoom=z`, issue 23 point 1): the
 * printers inside it when they are few enough to draw; otherwise clusters from the counts of listed
 * printers per cell (never the printers themselves), each with its count and the zoom to open it
 * at. Filters apply to printers; clusters from counts count every listed printer.
 */

/**
 * At most this many printers are drawn for one view (a finder's page: the same cost); more are
 * shown as clusters from the counts.
 */
export const VIEW_PRINTERS_MAX = PAGE_SIZE_DEFAULT;
/** The deepest zoom a cluster sends the map to (the site's own clustering stops there too). */
export const CLUSTER_MAX_ZOOM = 14;

export const printerClusterSchema = z
  .object({
    cluster: z.literal(true),
    id: z.string(),
    count: z.number().int().meta({ description: "Listed printers in the cluster" }),
    latitude: z.number(),
    longitude: z.number(),
    expansionZoom: z.number().int().meta({ description: "The zoom at which the cluster splits" }),
  })
  .meta({ id: "PrinterCluster", description: "Many printers drawn as one marker; zoom in to split it." });
export type PrinterCluster = z.infer<typeof printerClusterSchema>;

/** A map's view is a page without a next one: its items are printers and clusters. */
export const printerViewSchema = z
  .object({ items: z.array(z.union([printerClusterSchema, listedPrinterSchema])) })
  .meta({ id: "PrinterView", description: "What a map shows of a bbox: printers, or clusters with counts" });
export type PrinterView = z.infer<typeof printerViewSchema>;

/** The zoom a view of this width would have on a ~800 px map (when the map does not say). */
export const zoomOfBox = (box: Bounds) => {
  const width = box.east >= box.west ? box.east - box.west : box.east - box.west + 360;
  return Math.max(0, Math.min(20, Math.round(Math.log2(1125 / Math.max(width, 1e-6)))));
};

const overlaps = (a: Bounds, b: Bounds) => {
  if (a.north < b.south || a.south > b.north) return false;
  const cross = (x: Bounds) => x.west > x.east;
  if (cross(a) || cross(b) || b.east - b.west >= 360) {
    // Compare as arcs on the circle of longitudes.
    const arc = (x: Bounds): [number, number] => [x.west, x.east >= x.west ? x.east : x.east + 360];
    const [aw, ae] = arc(a);
    const [bw, be] = arc(b);
    return [-360, 0, 360].some((shift) => aw + shift <= be && ae + shift >= bw);
  }
  return a.west <= b.east && a.east >= b.west;
};
const inside = (p: { latitude: number; longitude: number }, b: Bounds) =>
  p.latitude >= b.south &&
  p.latitude <= b.north &&
  (b.west <= b.east ? p.longitude >= b.west && p.longitude <= b.east : p.longitude >= b.west || p.longitude <= b.east);

/** Count partitions one view reads at most: the finest precision whose partitions in view are this few is used. */
const VIEW_COUNT_READS = 6;

/**
 * The count precision for a view: the finest whose partitions (geo/cells.ts COUNT_PARTITION) the
 * box touches are few, so a city's view is clustered by its blocks and the country's by its areas.
 */
export function countPrecisionFor(box: Bounds): CountPrecision {
  let chosen: CountPrecision = 2;
  for (const precision of COUNT_PRECISIONS) {
    const partition = COUNT_PARTITION[precision];
    if (partition > 0 && cellsInBox(box, partition).length > VIEW_COUNT_READS) break;
    chosen = precision;
  }
  return chosen;
}

async function countsIn(store: Store, box: Bounds, precision: CountPrecision, cache?: CountsCache): Promise<Map<string, CellCount[]>> {
  const parentPrecision = COUNT_PARTITION[precision];
  const parents = parentPrecision === 0 ? ["world"] : cellsInBox(box, parentPrecision).map(hashOf);
  const all = await Promise.all(parents.map(async (p) => [p, await countsUnder(store, p, cache)] as const));
  return new Map(all);
}

/** A cell's listed printers as one marker at their centre (the sums are in 1/10,000 of a degree). */
const cellCluster = (c: CellCount, zoom: number): PrinterCluster => ({
  cluster: true,
  id: `cell-${c.cell}`,
  count: c.count,
  latitude: c.latitudeSum / c.count / 10_000,
  longitude: c.longitudeSum / c.count / 10_000,
  expansionZoom: Math.min(CLUSTER_MAX_ZOOM, zoom + 2),
});

const meets = (c: CellCount, box: Bounds) => c.count > 0 && overlaps(boundsOf(cellOfHash(c.cell) as Cell), box);

/**
 * What a map shows of `q.bbox` at `q.zoom`: the printers in view when they are few enough to draw
 * (the browser clusters overlapping markers with supercluster), else one cluster per counted cell.
 * Either way a view reads a few count partitions, and at most VIEW_PRINTERS_MAX printers, so its
 * cost is the same in a town of ten printers or a city of ten thousand. Clustering the counted
 * cells again here would need supercluster in the API's bundle (its 1 MB budget); the cells are
 * already a grid of clusters, and the site merges the ones that overlap.
 */
export async function printersInView(store: Store, q: ListPrintersQuery & { bbox: Bounds }, cache?: CountsCache): Promise<PrinterView> {
  const box = q.bbox;
  const zoom = q.zoom ?? zoomOfBox(box);
  const precision = countPrecisionFor(box);
  const partitions = await countsIn(store, box, precision, cache);
  const inView = [...partitions.values()].flat().filter((c) => c.cell.length === precision && meets(c, box));
  const total = inView.reduce((s, c) => s + c.count, 0);
  const printers = precision >= WIDE_PRECISION && total <= VIEW_PRINTERS_MAX ? await readView(store, partitions, box) : null;
  if (!printers) return { items: inView.map((c) => cellCluster(c, zoom)) };
  const shown = printers.filter((p) => isPubliclyListed(p) && inside(p, box) && matchesFilters(p, q));
  const owners = await ownersOf(store, shown);
  return { items: shown.map((p) => presentPrinter(p, owners.get(p.ownerId))) };
}

/** DynamoDB's read units for `n` printers in one query, as 4 KB units (about three printers each). */
const readUnits = (n: number) => Math.max(1, Math.ceil(n / 3));

/**
 * The printers of the counted cells in view, each partition's cells read one by one or its own cell
 * whole, whichever reads less (its count is the sum of its cells'). Null when a cell holds more than
 * its count said (a printer listed since): the view is then drawn from the counts.
 */
async function readView(store: Store, partitions: Map<string, CellCount[]>, box: Bounds): Promise<PlacedPrinter[] | null> {
  const reads: { cell: string; count: number }[] = [];
  for (const [parent, cells] of partitions) {
    const seen = cells.filter((c) => meets(c, box));
    const whole = cells.reduce((s, c) => s + c.count, 0);
    const oneByOne = seen.reduce((s, c) => s + readUnits(c.count), 0);
    if (parent.length >= WIDE_PRECISION && seen.length > 1 && readUnits(whole) < oneByOne) reads.push({ cell: parent, count: whole });
    else reads.push(...seen.map((c) => ({ cell: c.cell, count: c.count })));
  }
  const found = await Promise.all(reads.map(async (r) => ({ r, rows: await printersOfCell(store, r.cell, r.count) })));
  if (found.some(({ r, rows }) => rows.length > r.count)) return null;
  return found.flatMap(({ rows }) => rows);
}
