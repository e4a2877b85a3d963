/**
 * The analysis spread over threads (issue 25 point 3). The calling thread copies a binary STL's
 * records into shared memory as the file is read; then the passes that go over every triangle —
 * the basic measures, the first welding pass, the height profile's sums and
 * the columns' crossings — run on ranges of triangles, one range per thread, into memory the threads
 * share (typed arrays on a SharedArrayBuffer); the caller then finishes the weld and the rest once
 * (geometry.ts). The stages are plain functions of typed arrays (STAGES): the caller runs its own
 * range with them and a helper thread runs the same functions on its range, in Node's worker
 * threads (node-threads.ts) or a browser's workers alike; with no helpers everything is measureDesign.
 * Only large binary STLs are worth it: below PARALLEL_MIN_TRIANGLES, or for ASCII, OBJ and 3MF (whose
 * parsing is sequential), the analysis runs on the calling thread.
 */
import type { Parsed } from "./analyze.ts";
import { checkSize, formatFor, measureDesign } from "./analyze.ts";
import { type ColumnGrid, columnGrid, crossingsByColumn, rasterCollect } from "./columns.ts";
import type { DesignGeometry } from "./describe.ts";
import { finishGeometry, prepareGeometry } from "./geometry.ts";
import { addMeasures, measureRange, measuresOf } from "./mesh.ts";
import { profileAccLength, profileAccumulate } from "./profile.ts";
import { checkBinarySize, looksLikeBinaryStl, startsWithSolid } from "./stl.ts";
import { copyStreamedStl, measureOpened, openStream } from "./stream.ts";
import { weldFinish, weldScan } from "./weld.ts";

/** Below this many triangles a thread's start costs more than it saves. */
export const PARALLEL_MIN_TRIANGLES = 150_000;

/** A range's basic measures (measureRange's sums, the footprints too). */
export interface MeasureResult {
  measures: Float64Array;
}
export interface ScanArgs {
  soup: Float32Array;
  link: Int32Array;
  from: number;
  to: number;
  profile: Float64Array;
  profileAcc: Float64Array;
  grid: ColumnGrid;
}
/** A range's weld misses and its columns' crossings, flat so that a helper's arrays are moved, not copied. */
export interface ScanResult {
  ref: Int32Array;
  hash: Uint32Array;
  n: number;
  cell: Int32Array;
  z: Float32Array;
  kind: Int8Array;
  crossings: number;
}

/** The work a thread does on its range of triangles. */
export const STAGES = {
  /** The basic measures of a range of the soup (copied in as the file was read). */
  measure(a: { soup: Float32Array; from: number; to: number }): MeasureResult {
    return { measures: measureRange(a.soup, a.from, a.to) };
  },
  scan(a: ScanArgs): ScanResult {
    const bits = new Uint32Array(a.soup.buffer, a.soup.byteOffset, a.soup.length);
    const misses = weldScan(bits, a.from * 3, a.to * 3, a.link);
    profileAccumulate(a.soup, a.from, a.to, a.profile, a.profileAcc, null, null);
    const c = rasterCollect(a.soup, a.from, a.to, a.grid, null, null, a.to - a.from);
    return { ...misses, cell: c.cell, z: c.z, kind: c.kind, crossings: c.n };
  },
};
export type StageName = keyof typeof STAGES;

/** Helper threads, as the caller's platform offers them. */
export interface Threads {
  /** Threads besides the caller's. */
  readonly helpers: number;
  /** Memory the helpers see too (a SharedArrayBuffer where there are threads). */
  shared(bytes: number): ArrayBuffer | SharedArrayBuffer;
  /** Runs a stage on helper k (1 … helpers). */
  run<K extends StageName>(helper: number, stage: K, args: Parameters<(typeof STAGES)[K]>[0]): Promise<ReturnType<(typeof STAGES)[K]>>;
}

/**
 * measureDesign, with the passes over every triangle of a large binary STL shared among threads: the
 * file's bytes go through measureStreamParallel as one piece (copied once, into the shared soup).
 */
export async function measureDesignParallel(bytes: Uint8Array, fileName: string, threads: Threads): Promise<DesignGeometry> {
  checkSize(bytes);
  const format = formatFor(bytes, fileName);
  if (threads.helpers < 1 || format !== "stl" || !looksLikeBinaryStl(bytes) || checkBinarySize(bytes) < PARALLEL_MIN_TRIANGLES)
    return measureDesign(bytes, fileName);
  return measureStreamParallel(onePiece(bytes), bytes.length, fileName, threads);
}

async function* onePiece(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * The same for a file read as it arrives (stream.ts): the calling thread copies a binary STL's records
 * into memory the helpers share while the file is read (it is never held whole), then the passes are
 * shared as above. Other formats and small files are measured on the calling thread.
 */
export async function measureStreamParallel(
  pieces: AsyncIterable<Uint8Array>,
  size: number,
  fileName: string,
  threads: Threads,
): Promise<DesignGeometry> {
  const o = await openStream(pieces, size, fileName);
  const n = o.triangles;
  if (threads.helpers < 1 || n === null || n < PARALLEL_MIN_TRIANGLES) return measureOpened(o);
  const soup = new Float32Array(threads.shared(n * 36));
  const r = await copyStreamedStl(o, soup);
  // 1. basic measures
  const measured = await rangesOf(
    n,
    threads,
  )((k, from, to) => (k === 0 ? STAGES.measure({ soup, from, to }) : threads.run(k, "measure", { soup, from, to })));
  return finishParallel(soupParsed(soup, r.colors, o.head), measured, fileName, size, threads);
}

/** Runs a stage on every range: the helpers' ranges are posted first, then the caller does range 0 while they work. */
function rangesOf(n: number, threads: Threads) {
  const parts = threads.helpers + 1;
  const cut = (k: number) => Math.round((n * k) / parts);
  return <T>(stage: (k: number, from: number, to: number) => Promise<T> | T): Promise<T[]> => {
    const others = Array.from({ length: parts - 1 }, (_, i) => stage(i + 1, cut(i + 1), cut(i + 2)));
    const own = stage(0, 0, cut(1));
    return Promise.all([own, ...others]);
  };
}

function soupParsed(soup: Float32Array, colors: number, head: Uint8Array): Parsed {
  return {
    format: "stl-binary",
    triangles: soup,
    unit: null,
    unitScale: 1,
    colors,
    details: { solids: 1, headerStartsWithSolid: startsWithSolid(head) },
  };
}

/** From the ranges' basic measures on: the weld, the profile and the columns shared, then finished once. */
async function finishParallel(
  p: Parsed,
  ranges: MeasureResult[],
  fileName: string,
  fileBytes: number,
  threads: Threads,
): Promise<DesignGeometry> {
  const soup = p.triangles;
  const n = soup.length / 9;
  const across = rangesOf(n, threads);
  const prep = prepareGeometry(p, measuresOf(ranges.map((r) => r.measures).reduce(addMeasures), n));
  const grid = columnGrid(prep.columns, n, prep.columns.footprint!);
  // 2. first welding pass, the profile's sums and the columns' crossings, each range into its own arrays
  const nb = prep.profile[2]!;
  const link = new Int32Array(threads.shared(n * 12));
  const accs = Array.from({ length: threads.helpers + 1 }, () => new Float64Array(threads.shared(8 * profileAccLength(nb))));
  const scans = await across((k, from, to) => {
    const a: ScanArgs = { soup, link, from, to, profile: prep.profile, profileAcc: accs[k]!, grid };
    return k === 0 ? STAGES.scan(a) : threads.run(k, "scan", a);
  });
  // 3. the weld finished and the crossings put in columns (ranges in order: the same tables as one thread's)
  const bits = new Uint32Array(soup.buffer, soup.byteOffset, soup.length);
  const weld = weldFinish(bits, n * 3, link, scans);
  const { start, zs, kind } = crossingsByColumn(
    scans.map((r) => ({ n: r.crossings, cell: r.cell, z: r.z, kind: r.kind })),
    grid.gx * grid.gy,
  );
  const profileAcc = accs.reduce((a, b) => {
    for (let i = 0; i < a.length; i++) a[i] = a[i]! + b[i]!;
    return a;
  });
  return finishGeometry(prep, fileName, fileBytes, { weld, profileAcc, crossings: { grid, start, zs, kind } });
}
