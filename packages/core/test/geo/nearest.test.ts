import { describe, expect, it } from "vitest";
import { COUNT_PARTITION, type CountPrecision } from "../../src/geo/cells.ts";
import { geohash } from "../../src/geo/geohash.ts";
import { type CellSource, MAX_READS, type NearPage, type NearPosition, nearest, type Placed } from "../../src/geo/nearest.ts";
import { distanceMiles } from "../../src/places/zip.ts";
import { seededRandom as random } from "../../src/shared/random.ts";

/**
 * The nearest-first walk (geo/nearest.ts) against a brute-force sort of the same printers: every
 * page, read one after another from its marker, must give the same printers in the same order at the
 * same distances, none missed at a cell's edge, across the antimeridian, or in a town dense enough
 * to be read by its finer cells. The source is the walk's port over an array, answering exactly as
 * the DynamoDB indexes do (sorted by geohash, limit + 1, counts per town in its region).
 */
type P = Placed & { hash: string };

const place = (id: string, latitude: number, longitude: number): P => ({ id, latitude, longitude, hash: geohash(latitude, longitude) });

interface SourceOptions {
  /** Counts kept down to this precision only (older data): finer cells are estimated. */
  countedTo?: number;
  /** The printers the counts were made from, when they were read a moment before others were listed. */
  counted?: P[];
}

function arraySource(printers: P[], options: SourceOptions = {}): CellSource<P> & { reads: number; printersRead: number } {
  const byHash = (a: P, b: P) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0);
  const sorted = [...printers].sort(byHash);
  const counted = options.counted ? [...options.counted].sort(byHash) : sorted;
  const countsBy = (parent: string, precision: number) => {
    source.reads++;
    const counts = new Map<string, number>();
    for (const p of counted) {
      if (!p.hash.startsWith(parent)) continue;
      const cell = p.hash.slice(0, precision);
      counts.set(cell, (counts.get(cell) ?? 0) + 1);
    }
    return counts;
  };
  const keeps = (precision: number) =>
    COUNT_PARTITION[precision as CountPrecision] === precision - 1 && precision <= (options.countedTo ?? Number.POSITIVE_INFINITY);
  const source = {
    reads: 0,
    printersRead: 0,
    // A cell's partition holds the counts one precision finer, where they are kept (geo/cells.ts).
    countsIn: async (cell: string) => (keeps(cell.length + 1) ? countsBy(cell, cell.length + 1) : new Map<string, number>()),
    read: async (cell: string, limit: number) => {
      source.reads++;
      const rows = sorted.filter((p) => p.hash.startsWith(cell)).slice(0, limit + 1);
      source.printersRead += rows.length;
      return rows;
    },
  };
  return source;
}

function bruteForce(
  printers: P[],
  origin: { latitude: number; longitude: number },
  radius: number,
  accept: (p: P) => boolean = () => true,
) {
  return printers
    .map((p) => ({ id: p.id, miles: distanceMiles(origin, p) }))
    .filter((r) => r.miles <= radius && accept(printers.find((p) => p.id === r.id) as P))
    .sort((a, b) => a.miles - b.miles || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

async function walkAll(
  source: CellSource<P>,
  origin: { latitude: number; longitude: number },
  radius: number,
  size: number,
  accept?: (p: P) => boolean,
  from: NearPosition | null = null,
) {
  const out: { id: string; miles: number }[] = [];
  let after: NearPosition | null = from;
  for (let pages = 0; pages < 500; pages++) {
    const page: NearPage<P> = await nearest(source, { origin, radiusMiles: radius, size, after, ...(accept ? { accept } : {}) });
    expect(page.items.length).toBeLessThanOrEqual(size);
    out.push(...page.items.map((i) => ({ id: i.item.id, miles: i.miles })));
    if (!page.next) return out;
    after = page.next;
  }
  throw new Error("the walk never ended");
}

/** Printers over the lower 48, one dense town (Loveland) and a few hugging cell edges. */
function country(seed: number): P[] {
  const r = random(seed);
  const out: P[] = [];
  for (let i = 0; i < 1500; i++) out.push(place(`us-${i}`, 25 + r() * 24, -124 + r() * 57));
  // A town with more printers than one read takes: it is read by its finer cells.
  for (let i = 0; i < 400; i++) out.push(place(`town-${i}`, 40.39 + r() * 0.06, -105.1 + r() * 0.06));
  // On both sides of the precision-3 and -4 cell edges around the origin (40.78125° N is an edge of both).
  for (let i = 0; i < 40; i++) out.push(place(`edge-${i}`, 40.78125 + (i % 2 ? 1 : -1) * 1e-6 * (i + 1), -105.0 + i * 0.01));
  // Two printers at the same point (equal distance: the id breaks the tie).
  out.push(place("twin-a", 40.5, -105.2), place("twin-b", 40.5, -105.2));
  return out;
}

describe("nearest printers, page by page (geo/nearest.ts)", () => {
  const printers = country(23);
  const source = arraySource(printers);

  it.each([
    ["Loveland, inside the dense town", { latitude: 40.4, longitude: -105.08 }, 100, 24],
    ["beside the cell edge", { latitude: 40.78125, longitude: -105.0 }, 60, 10],
    ["Kansas, sparse country", { latitude: 38.5, longitude: -98.0 }, 300, 24],
    ["New York, on the coast", { latitude: 40.71, longitude: -74.0 }, 250, 20],
  ])("matches a brute-force sort from %s", async (_name, origin, radius, size) => {
    const expected = bruteForce(printers, origin, radius);
    expect(expected.length).toBeGreaterThan(size);
    const got = await walkAll(source, origin, radius, size);
    expect(got.map((g) => g.id)).toEqual(expected.map((e) => e.id));
    for (const [i, g] of got.entries()) expect(g.miles).toBeCloseTo(expected[i]?.miles ?? Number.NaN, 9);
  });

  it("applies a filter on what it reads and still pages through every match", async () => {
    const origin = { latitude: 40.4, longitude: -105.08 };
    const accept = (p: P) => Number(p.id.split("-")[1]) % 7 === 0;
    const got = await walkAll(source, origin, 400, 24, accept);
    expect(got.map((g) => g.id)).toEqual(bruteForce(printers, origin, 400, accept).map((e) => e.id));
  });

  it("finds printers across the antimeridian", async () => {
    const r = random(7);
    const pacific: P[] = [];
    for (let i = 0; i < 300; i++) pacific.push(place(`fiji-${i}`, -18 + r() * 2, 178.5 + r() * 3 - (r() < 0.5 ? 0 : 360)));
    const normalised = pacific.map((p) => place(p.id, p.latitude, p.longitude > 180 ? p.longitude - 360 : p.longitude));
    const origin = { latitude: -17, longitude: 179.99 };
    const expected = bruteForce(normalised, origin, 150);
    expect(expected.some((e) => normalised.find((p) => p.id === e.id && p.longitude < 0))).toBe(true);
    expect(expected.some((e) => normalised.find((p) => p.id === e.id && p.longitude > 0))).toBe(true);
    const got = await walkAll(arraySource(normalised), origin, 150, 20);
    expect(got.map((g) => g.id)).toEqual(expected.map((e) => e.id));
  });

  it("reads a bounded number of cells for a page, whatever the number of printers", async () => {
    const small = arraySource(country(5).slice(0, 300));
    const big = arraySource([...country(5), ...country(6).map((p) => ({ ...p, id: `b-${p.id}` }))]);
    const origin = { latitude: 40.4, longitude: -105.08 };
    await nearest(small, { origin, radiusMiles: 100, size: 24 });
    await nearest(big, { origin, radiusMiles: 100, size: 24 });
    expect(big.reads).toBeLessThanOrEqual(48 + 12);
    expect(small.reads).toBeLessThanOrEqual(48 + 12);
  });

  it("keeps its place when a printer is added or removed between pages: no duplicates, no gaps", async () => {
    const origin = { latitude: 40.4, longitude: -105.08 };
    const before = country(11);
    const first = await nearest(arraySource(before), { origin, radiusMiles: 100, size: 24 });
    const next = first.next as NearPosition;
    const seen = first.items.map((i) => i.item.id);
    // One printer of the first page is removed, one new printer is nearer than the marker, one farther.
    const removed = seen[3] as string;
    const nearer = place("new-near", origin.latitude + 0.0001, origin.longitude);
    const farther = place("new-far", origin.latitude + 0.5, origin.longitude);
    const after = [...before.filter((p) => p.id !== removed), nearer, farther];
    const rest = await walkAll(arraySource(after), origin, 100, 24).then((all) => all);
    // The pages after the marker, to the last.
    const second = (await walkAll(arraySource(after), origin, 100, 24, undefined, next)).map((g) => g.id);
    expect(second.filter((id) => seen.includes(id))).toEqual([]);
    // Everything after the marker is exactly what a fresh walk lists after it.
    const expectedAfter = rest.filter((r) => r.miles > next.miles || (r.miles === next.miles && r.id > next.id)).map((r) => r.id);
    expect(second).toEqual(expectedAfter);
    expect(second).toContain("new-far");
    expect(second).not.toContain("new-near");
  });
});

/**
 * A city as the finder meets one: a printer's public point is its ZIP's centre (0.01° apart at
 * most, as the ZIP table keeps them), so printers stand many to a point where the city is dense.
 */
function city(seed: number, printers: number): P[] {
  const r = random(seed);
  const grid = (v: number) => Math.round(v * 100) / 100;
  const zips = Array.from({ length: 600 }, () => ({ latitude: grid(40.4 + r() * 0.8), longitude: grid(-74.4 + r() * 0.8) }));
  return Array.from({ length: printers }, (_, i) => {
    // Half the printers in a fifth of the ZIPs: a downtown.
    const z = zips[r() < 0.5 ? Math.floor(r() * 120) : Math.floor(r() * zips.length)] as { latitude: number; longitude: number };
    return place(`c-${i}`, z.latitude, z.longitude);
  });
}

describe("nearest printers where they stand many to a point (ZIP centres)", () => {
  const printers = city(3, 12_000);
  const downtown = printers[0] as P;

  it.each([
    ["on a crowded point", { latitude: downtown.latitude, longitude: downtown.longitude }],
    ["between points", { latitude: 40.7051, longitude: -73.9949 }],
  ])("matches a brute-force sort %s, page after page", async (_name, origin) => {
    const expected = bruteForce(printers, origin, 3);
    expect(expected.length).toBeGreaterThan(100);
    const got = await walkAll(arraySource(printers), origin, 3, 24);
    expect(got.map((g) => g.id)).toEqual(expected.map((e) => e.id));
  });

  it("matches it where counts are kept only to towns (older data): finer cells are estimated and split", async () => {
    const origin = { latitude: 40.7051, longitude: -73.9949 };
    const got = await walkAll(arraySource(printers, { countedTo: 4 }), origin, 2, 24);
    expect(got.map((g) => g.id)).toEqual(bruteForce(printers, origin, 2).map((e) => e.id));
  });

  it("matches it when the counts were read a moment before more printers were listed at counted points", async () => {
    const origin = { latitude: downtown.latitude, longitude: downtown.longitude };
    const added = printers.slice(0, 300).map((p, i) => place(`late-${i}`, p.latitude, p.longitude));
    const now = [...printers, ...added];
    const got = await walkAll(arraySource(now, { counted: printers }), origin, 3, 24);
    expect(got.map((g) => g.id)).toEqual(bruteForce(now, origin, 3).map((e) => e.id));
  });

  it("reads about what a page needs, however many printers the city has (issue 23: flat cost)", async () => {
    const size = 24;
    const origins = [
      { latitude: 40.7051, longitude: -73.9949 },
      { latitude: 40.55, longitude: -74.2 },
      { latitude: 40.9, longitude: -73.7 },
    ];
    for (const count of [1_000, 30_000]) {
      const all = city(9, count);
      for (const origin of origins) {
        const source = arraySource(all);
        const page = await nearest(source, { origin, radiusMiles: 100, size });
        expect(page.items).toHaveLength(size);
        // Printers at the page's farthest point are read whole (they tie on distance); past that a
        // page reads at most a few times what it answers, in no more cells than a page may read.
        const atEdge = all.filter((p) => distanceMiles(origin, p) === page.items[size - 1]?.miles).length;
        expect(source.printersRead).toBeLessThanOrEqual(3 * (size + 1) + atEdge);
        expect(source.reads).toBeLessThanOrEqual(MAX_READS);
      }
    }
  });
});
