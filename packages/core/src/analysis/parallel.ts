/**
 * The analysis spread over threads (issue 25 point 3). The calling thread welds a binary STL's
 * records into an arena of shared memory as the file is read (welded.ts, kernels/shared.ts), with the
 * basic measures; then the passes that go over every triangle without depending on one another — the
 * height profile's sums and the columns' crossings — run on ranges of triangles, one range per
 * thread, each into its own part of that memory; the caller then does the rest once (geometry.ts). Every thread runs the same kernels (one compiled WebAssembly module, sent to the
 * helpers with the memory: nothing is compiled twice). The results are the sequential analysis's,
 * bit for bit: the profile is summed in the same fixed ranges (profile.ts PROFILE_RANGES) whoever
 * runs them, and the crossings' order does not depend on the cut.
 * Only large binary STLs are worth it: below PARALLEL_MIN_TRIANGLES, or for ASCII, OBJ and 3MF (whose
 * parsing is sequential), the analysis runs on the calling thread.
 */
import { checkSize, formatFor, measureDesign, stlParsed } from "./analyze.ts";
import { type ColumnGrid, type Crossings, columnGrid, crossingsBound, crossingsByColumn } from "./columns.ts";
import type { DesignGeometry } from "./describe.ts";
import { finishGeometry, prepareGeometry } from "./geometry.ts";
import { Arena, type WasmMemory, type WasmModule } from "./kernels/index.ts";
import { sharedArena } from "./kernels/shared.ts";
import { measuresOf } from "./mesh.ts";
import { pieces } from "./pieces.ts";
import { NO_FLIPS, PROFILE_RANGES, placeParams, profileAccLength, profileAccumulate, profileRange } from "./profile.ts";
import { binaryStlWelder, checkBinarySize, looksLikeBinaryStl } from "./stl.ts";
import { copyStreamedStl, measureOpened, openStream } from "./stream.ts";
import { arenaBytes, BLOCK, blocksOf, type Welded } from "./welded.ts";

/** Below this many triangles a thread's start costs more than it saves. */
export const PARALLEL_MIN_TRIANGLES = 150_000;

/**
 * One thread's part of the pass over the triangles: everything is placed by the caller (a helper's
 * Arena is only a view of the memory: it places nothing), triangles [from, to) of the welded mesh
 * (its corners' ids at vid, the positions at pos).
 */
export interface ScanArgs {
  module: WasmModule;
  memory: WasmMemory;
  vid: number;
  pos: number;
  n: number;
  from: number;
  to: number;
  /** The profile's layout and the sums of this thread's ranges. */
  profileParams: number;
  profileRanges: Array<{ acc: number; from: number; to: number }>;
  /** The columns' grid parameters, this thread's crossings (room for `room`), and the raster's state (2 i32s). */
  gridParams: number;
  crossings: Crossings;
  room: number;
  rasterState: number;
}

/** The work a thread does on its range of triangles (its results are in the shared memory). */
export const STAGES = {
  scan(a: ScanArgs): { done: true } {
    const arena = new Arena(0, a.module, a.memory);
    const s: Welded = { arena, vid: a.vid, pos: a.pos, n: a.n, vertices: 0, blocks: 0 };
    for (const r of a.profileRanges) profileAccumulate(s, r.from, r.to, a.profileParams, r.acc, NO_FLIPS);
    const c = a.crossings;
    for (const [from, to] of pieces(a.from, a.to))
      arena.k.rasterPass(a.vid, a.pos, from, to, a.gridParams, 0, 0, 0, c.cell, c.z, c.kind, a.room, a.rasterState);
    return { done: true };
  },
};
export type StageName = keyof typeof STAGES;

/** Helper threads, as the caller's platform offers them. */
export interface Threads {
  /** Threads besides the caller's. */
  readonly helpers: number;
  /** Runs a stage on helper k (1 … helpers). */
  run<K extends StageName>(helper: number, stage: K, args: Parameters<(typeof STAGES)[K]>[0]): Promise<ReturnType<(typeof STAGES)[K]>>;
}

/**
 * measureDesign, with the passes over every triangle of a large binary STL shared among threads: the
 * file's bytes go through measureStreamParallel as one piece.
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
 * The same for a file read as it arrives (stream.ts): the calling thread welds a binary STL's records
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
  const parsed = stlParsed(await copyStreamedStl(o, binaryStlWelder(n, o.head, 1, sharedArena(arenaBytes(n)))), o.head);
  const s = parsed.mesh;
  const prep = prepareGeometry(parsed, measuresOf(s));
  return finishGeometry(
    prep,
    fileName,
    size,
    await shareScan(s, threads, prep.profile, columnGrid(prep.columns, n, prep.columns.footprint)),
  );
}

/** The profile ranges each thread sums (consecutive ones, so each thread's triangles are one range). */
function rangesOfThreads(threads: number): number[][] {
  const t = Math.min(threads, PROFILE_RANGES);
  return Array.from({ length: t }, (_, k) =>
    Array.from({ length: PROFILE_RANGES }, (_, q) => q).filter((q) => Math.floor((q * t) / PROFILE_RANGES) === k),
  );
}

/** The shared passes, then the crossings put in columns: what finishGeometry takes as done. */
async function shareScan(s: Welded, threads: Threads, params: Float64Array, grid: ColumnGrid) {
  const { arena: a, n } = s;
  const parts = rangesOfThreads(threads.helpers + 1);
  const span = (qs: number[]): [number, number] => [profileRange(n, qs[0]!)[0], profileRange(n, qs[qs.length - 1]!)[1]];
  // kept until finishGeometry has used them: the profile's sums, the crossings by column
  const len = profileAccLength(params[2]!);
  const accs = Array.from({ length: PROFILE_RANGES }, () => a.zeroed(8 * len));
  const profileParams = placeParams(s, params);
  const rooms = parts.map((qs) => roomOf(s, span(qs), grid));
  const total = rooms.reduce((x, y) => x + y, 0);
  const cells = grid.gx * grid.gy;
  const columns = { start: a.zeroed(4 * (cells + 1)), zs: a.alloc(4 * total), kind: a.alloc(total) };
  // scratch: each thread's crossings
  const scratch = a.mark();
  const gridParams = a.alloc(8 * grid.params.length);
  a.f64(gridParams, grid.params.length).set(grid.params);
  const placed = parts.map((_, k) => {
    const room = rooms[k]!;
    return {
      room,
      crossings: { n: 0, cell: a.alloc(4 * room), z: a.alloc(4 * room), kind: a.alloc(room) },
      rasterState: a.zeroed(8),
    };
  });
  const args = parts.map((qs, k): ScanArgs => {
    const [from, to] = span(qs);
    return {
      module: a.module,
      memory: a.memory,
      vid: s.vid,
      pos: s.pos,
      n,
      from,
      to,
      profileParams,
      profileRanges: qs.map((q) => ({ acc: accs[q]!, from: profileRange(n, q)[0], to: profileRange(n, q)[1] })),
      gridParams,
      ...placed[k]!,
    };
  });
  // the helpers' parts are posted first, then the caller does its own while they work
  const others = args.slice(1).map((x, k) => threads.run(k + 1, "scan", x));
  await Promise.all([STAGES.scan(args[0]!), ...others]);
  const lists = args.map((x) => {
    const [made, stopped] = a.i32(x.rasterState, 2);
    if (stopped !== x.to) throw new Error("column crossings: more than their bound");
    return { ...x.crossings, n: made! };
  });
  const byColumn = crossingsByColumn(a, lists, cells, columns);
  a.release(scratch);
  return {
    profileRanges: accs.map((acc) => a.f64(acc, len)),
    crossings: { grid, ...byColumn },
  };
}

/** The most crossings triangles [from, to) can make (crossingsBound over their blocks' footprints). */
function roomOf(s: Welded, [from, to]: [number, number], grid: ColumnGrid): number {
  const b = s.arena.f64(s.blocks, 12 * blocksOf(s.n));
  const fp = { area: 0, width: 0, height: 0 };
  for (let q = from / BLOCK; q < Math.ceil(to / BLOCK); q++) {
    fp.area += b[12 * q + 9]!;
    fp.width += b[12 * q + 10]!;
    fp.height += b[12 * q + 11]!;
  }
  return crossingsBound(fp, to - from, grid.cx, grid.cy, grid.gx * grid.gy);
}
