import type { Footprint } from "./columns.ts";
import { pieces } from "./pieces.ts";
import { blocksOf, type Welded } from "./welded.ts";

/**
 * Measurements on a welded mesh (welded.ts), by the kernels (kernels/index.ts): no per-triangle
 * objects, every pass over the triangles a kernel over the arena's memory.
 */

export interface BasicMeasures {
  triangles: number;
  /** Signed volume (sum of signed tetrahedra), mm³. Negative when shells are inside out. */
  volume: number;
  area: number;
  min: [number, number, number];
  max: [number, number, number];
  degenerateTriangles: number;
  /**
   * Σ of the triangles' XY bounding-box areas, widths and heights: how many column cells they would
   * visit at a cell size (columns.ts's columnGrid). Made in the same pass.
   */
  footprint?: Footprint;
}

/** The basic measures of a mesh from its blocks' sums (made as it was welded), added in block order. */
export function measuresOf(s: Welded): BasicMeasures & { footprint: Footprint } {
  const k = blocksOf(s.n);
  const b = s.arena.f64(s.blocks, 12 * k);
  const acc = [0, 0, 0, Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity, 0, 0, 0];
  for (let q = 0; q < k; q++) {
    const o = 12 * q;
    for (const f of [0, 1, 2, 9, 10, 11]) acc[f] = acc[f]! + b[o + f]!;
    for (let f = 3; f < 6; f++) acc[f] = Math.min(acc[f]!, b[o + f]!);
    for (let f = 6; f < 9; f++) acc[f] = Math.max(acc[f]!, b[o + f]!);
  }
  if (s.n === 0) acc.fill(0);
  return {
    triangles: s.n,
    volume: acc[0]! / 6,
    area: acc[1]! / 2,
    min: [acc[3]!, acc[4]!, acc[5]!],
    max: [acc[6]!, acc[7]!, acc[8]!],
    degenerateTriangles: acc[2]!,
    footprint: { area: acc[9]!, width: acc[10]!, height: acc[11]! },
  };
}

export interface Topology {
  vertices: number;
  shells: number;
  watertight: boolean;
  boundaryEdges: number;
  nonManifoldEdges: number;
  /** Shell index (0…shells-1) of each triangle. */
  shellOfTriangle: Int32Array;
  /** Signed volume of each shell, mm³. */
  shellVolumes: Float64Array;
  /** Each shell's lowest and highest z, mm. */
  shellZ: { lo: Float64Array; hi: Float64Array };
  invertedShells: number;
  /** Sum of |shell volume|: inverted shells counted as solid, mm³. */
  absVolume: number;
}

/**
 * Each triangle's shell and the watertightness, from the welded vertex ids; what it places stays placed but its scratch.
 * The edges come first, a range of vertices at a time, and the shells after them in the same memory:
 * so the scratch is about the kept shells' size (4 bytes a triangle, and 4 a vertex), where all the
 * edges' buckets at once were three times that, in fresh pages (~10 µs each on a VM).
 */
export function topology(s: Welded): Topology {
  const { arena: a, n, vid, vertices: nv } = s;
  const { boundary, nonManifold, odd } = edges(s);
  const { k } = a;
  // kept: each triangle's shell
  const shellOf = a.alloc(4 * n);
  const scratch = a.mark();
  // --- union-find over vertices, then each vertex's shell in place (numbered in order of first appearance)
  const parent = a.alloc(4 * nv);
  k.identity(parent, nv);
  for (const [from, to] of pieces(0, n)) k.unionPass(vid, parent, from, to);
  const shells = k.labelPass(parent, nv);
  // --- each triangle's shell, and the shells' volumes
  const volumes = a.zeroed(8 * shells);
  for (const [from, to] of pieces(0, n)) k.shellVolumePass(vid, s.pos, parent, shellOf, volumes, from, to);
  const shellVolumes = new Float64Array(a.f64(volumes, shells));
  const { inverted, absVolume } = volumeSigns(shellVolumes);
  // --- each shell's height, from its vertices
  const lo = a.alloc(8 * shells),
    hi = a.alloc(8 * shells);
  a.f64(lo, shells).fill(Infinity);
  a.f64(hi, shells).fill(-Infinity);
  for (const [from, to] of pieces(0, nv)) k.shellRangePass(s.pos, parent, lo, hi, from, to);
  const shellZ = { lo: new Float64Array(a.f64(lo, shells)), hi: new Float64Array(a.f64(hi, shells)) };
  a.release(scratch);
  return {
    vertices: nv,
    shells,
    // closed: every edge is shared by an even number of faces (2, or 4 where two parts touch)
    watertight: n > 0 && odd === 0,
    boundaryEdges: boundary,
    nonManifoldEdges: nonManifold,
    shellOfTriangle: a.i32(shellOf, n),
    shellVolumes,
    shellZ,
    invertedShells: inverted,
    absVolume,
  };
}

/**
 * Each undirected edge (lo, hi) bucketed under lo, and equal hi counted in each bucket: the edges
 * used by one face (boundary), by more than two (non-manifold), by an odd number. The buckets are
 * made a range of vertices at a time, each range's holding about one entry a triangle (about a third
 * of them: a pass over the triangles a range), so they take no more memory than the shells after them.
 */
function edges(s: Welded): { boundary: number; nonManifold: number; odd: number } {
  const { arena: a, n, vid, vertices: nv } = s;
  const { k } = a;
  const scratch = a.mark();
  const start = a.zeroed(4 * (nv + 1));
  // and where each piece of triangles begins, with the highest id up to its end: ids are given in order
  // of first appearance, so the triangles before the first piece that reaches v0 hold no edge of a
  // range from v0, and its fill pass starts there (the later ranges' passes go over fewer triangles)
  const reach: Array<{ from: number; highest: number }> = [];
  let highest = -1;
  for (const [from, to] of pieces(0, n)) {
    highest = Math.max(highest, k.edgeCountPass(vid, start, from, to));
    reach.push({ from, highest });
  }
  const firstTriangle = (v0: number) => reach.find((r) => r.highest >= v0)?.from ?? n;
  k.runningSums(start, nv + 1);
  // ends[v] is now bucket v's end (ends[nv] the total); filling from the ends leaves it each bucket's start
  const ends = a.i32(start, nv + 1);
  const ranges = bucketRanges(ends, nv, Math.max(n, Math.ceil(ends[nv]! / 8)));
  const his = a.alloc(4 * Math.max(1, ...ranges.map((r) => r.end - r.base)));
  const stats = a.zeroed(12); // boundary, non-manifold, odd
  for (const { v0, v1, base, end: lastEnd } of ranges) {
    for (const [from, to] of pieces(firstTriangle(v0), n)) k.edgeFillPass(vid, start, his, base, v0, v1, from, to);
    for (const [from, to] of pieces(v0, v1)) k.edgeScanPass(start, his, base, v1 - 1, lastEnd, stats, from, to);
  }
  const [boundary, nonManifold, odd] = a.i32(stats, 3);
  a.release(scratch);
  return { boundary: boundary!, nonManifold: nonManifold!, odd: odd! };
}

/**
 * Consecutive ranges of vertices [v0, v1) covering [0, nv), each holding at most `room` bucket entries
 * (or one vertex, when its bucket alone holds more: a hub), and where their entries begin and end.
 * ends: each bucket's end (running sums), read before any range is filled.
 */
export function bucketRanges(ends: Int32Array, nv: number, room: number): Array<{ v0: number; v1: number; base: number; end: number }> {
  const out: Array<{ v0: number; v1: number; base: number; end: number }> = [];
  let v0 = 0;
  while (v0 < nv) {
    const base = v0 > 0 ? ends[v0 - 1]! : 0;
    // the last vertex whose bucket ends within room of base (ends is non-decreasing): a binary search
    let lo = v0 + 1,
      hi = nv;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (ends[mid - 1]! - base <= room) lo = mid;
      else hi = mid - 1;
    }
    out.push({ v0, v1: lo, base, end: ends[lo - 1]! });
    v0 = lo;
  }
  return out;
}

function volumeSigns(volumes: Float64Array): { inverted: number; absVolume: number } {
  let inverted = 0,
    absVolume = 0;
  for (let s = 0; s < volumes.length; s++) {
    const v = volumes[s]!;
    if (v < 0) inverted++;
    absVolume += Math.abs(v);
  }
  return { inverted, absVolume };
}
