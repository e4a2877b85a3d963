import { z } from "zod";
import type { Store } from "../db/store.ts";
import { COUNT_PARTITION, type CountPrecision, NEAR_PRECISION, WIDE_PRECISION } from "../geo/cells.ts";
import { type Bounds, boundsOf, type Cell, cellOfHash, cellsInBox, hashOf } from "../geo/geohash.ts";
import { MAX_READS } from "../geo/nearest.ts";
import { isPubliclyListed } from "../shared/listing.ts";
import { type CellCount, type CountsCache, countsUnder, type PlacedPrinter, printersOfCell } from "./cell-source.ts";
import { matchesFilters, ownersOf } from "./list.ts";
import { listedPrinterSchema, presentPrinter } from "./present.ts";
import type { ListPrintersQuery } from "./schemas.ts";

/**
 * The map's view (`GET /api/printers?bbox=west,south,east,north&zoom=z`, issue 23 point 1): the
 * printers inside it when they are few enough to draw; otherwise clusters from the counts of listed
 * printers per cell (never the printers themselves), each with its count and the zoom to open it
 * at. Filters apply to printers; clusters from counts count every listed printer.
 */

/** At most this many printers are read and drawn for one view; more are shown as clusters. */
export const VIEW_PRINTERS_MAX = 300;
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

/** The count precision for a view: the finest whose partitions it touches are few (geo/cells.ts). */
function countPrecisionFor(box: Bounds): CountPrecision {
  if (cellsInBox(box, COUNT_PARTITION[4]).length <= 6) return 4;
  if (cellsInBox(box, COUNT_PARTITION[3]).length <= 4) return 3;
  return 2;
}

async function countsIn(store: Store, box: Bounds, precision: CountPrecision, cache?: CountsCache): Promise<CellCount[]> {
  const parentPrecision = COUNT_PARTITION[precision];
  const parents = parentPrecision === 0 ? ["world"] : cellsInBox(box, parentPrecision).map(hashOf);
  const all = (await Promise.all(parents.map((p) => countsUnder(store, p, cache)))).flat();
  return all.filter((c) => c.cell.length === precision && overlaps(boundsOf(cellOfHash(c.cell) as Cell), box));
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

/**
 * What a map shows of `q.bbox` at `q.zoom`: the printers in view when they are few enough to draw
 * (the browser clusters overlapping markers with supercluster), else one cluster per counted cell.
 * Clustering the counted cells again here would need supercluster in the API's bundle (its 1 MB
 * budget); the cells are already a grid of clusters, and the site merges the ones that overlap.
 */
export async function printersInView(store: Store, q: ListPrintersQuery & { bbox: Bounds }, cache?: CountsCache): Promise<PrinterView> {
  const box = q.bbox;
  const zoom = q.zoom ?? zoomOfBox(box);
  const precision = countPrecisionFor(box);
  const counts = await countsIn(store, box, precision, cache);
  const total = counts.reduce((s, c) => s + c.count, 0);
  const printers = precision === 4 && total <= VIEW_PRINTERS_MAX ? await readView(store, counts, cache) : null;
  if (!printers) return { items: counts.filter((c) => c.count > 0).map((c) => cellCluster(c, zoom)) };
  const shown = printers.filter((p) => isPubliclyListed(p) && inside(p, box) && matchesFilters(p, q));
  const owners = await ownersOf(store, shown);
  return { items: shown.map((p) => presentPrinter(p, owners.get(p.ownerId))) };
}

/**
 * The printers of a view's towns: a region read whole where its towns in view are many and the
 * region small, else town by town; null when that would take more reads than a finder's page may.
 */
async function readView(store: Store, counts: CellCount[], cache?: CountsCache): Promise<PlacedPrinter[] | null> {
  const byRegion = new Map<string, CellCount[]>();
  for (const c of counts) byRegion.set(c.cell.slice(0, WIDE_PRECISION), [...(byRegion.get(c.cell.slice(0, WIDE_PRECISION)) ?? []), c]);
  const reads: string[] = [];
  for (const [region, towns] of byRegion) {
    // The region's whole count (its partition was just read for the view: the cache has it).
    const regionTotal = (await countsUnder(store, region, cache)).reduce((s, c) => s + c.count, 0);
    if (towns.length >= 3 && regionTotal <= VIEW_PRINTERS_MAX) reads.push(region);
    else reads.push(...towns.map((t) => t.cell.slice(0, NEAR_PRECISION)));
  }
  if (reads.length > MAX_READS) return null;
  const found = await Promise.all(reads.map((cell) => printersOfCell(store, cell, VIEW_PRINTERS_MAX)));
  if (found.some((rows) => rows.length > VIEW_PRINTERS_MAX)) return null;
  return found.flat();
}
