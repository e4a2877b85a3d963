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
  invertedShells: number;
  /** Sum of |shell volume|: inverted shells counted as solid, mm³. */
  absVolume: number;
}

/** The root of x's group in a union-find forest (paths compressed on the way). */
export function find(parent: Int32Array, x: number): number {
  let r = x;
  while (parent[r] !== r) r = parent[r]!;
  while (parent[x] !== r) {
    const nx = parent[x]!;
    parent[x] = r;
    x = nx;
  }
  return r;
}

/** Each triangle's shell and the watertightness, from the welded vertex ids; what it places stays placed but its scratch. */
export function topology(s: Welded): Topology {
  const { arena: a, n, vid, vertices: nv } = s;
  const { k } = a;
  // kept: each triangle's shell
  const shellOf = a.alloc(4 * n);
  const scratch = a.mark();
  // the triangles left out of the edge count (below), then the union-find's arrays, given back before the edges'
  const skip = a.zeroed(n);
  const unions = a.mark();
  // --- union-find over vertices
  const parent = a.alloc(4 * nv);
  k.identity(parent, nv);
  for (const [from, to] of pieces(0, n)) k.unionPass(vid, parent, from, to);
  // compact root ids -> shell index, in order of first appearance
  const shellId = a.alloc(4 * nv);
  a.i32(shellId, nv).fill(-1);
  let shells = 0;
  for (const [from, to] of pieces(0, n)) shells = k.compactPass(vid, parent, shellId, shellOf, from, to, shells);
  // --- shell volumes; triangles with a collapsed edge are left out of the edge count
  const volumes = a.zeroed(8 * shells);
  for (const [from, to] of pieces(0, n)) k.shellVolumePass(vid, s.pos, shellOf, volumes, skip, from, to);
  const shellVolumes = new Float64Array(a.f64(volumes, shells));
  const { inverted, absVolume } = volumeSigns(shellVolumes);
  a.release(unions);
  // --- edges: bucket each undirected edge (lo, hi) under lo, then count equal hi in each bucket.
  const start = a.zeroed(4 * (nv + 1));
  for (const [from, to] of pieces(0, n)) k.edgeCountPass(vid, skip, start, from, to);
  k.runningSums(start, nv + 1);
  // start[v] is now bucket v's end (start[nv] the total); filling from the ends leaves it each bucket's start
  const his = a.alloc(4 * a.i32(start, nv + 1)[nv]!);
  for (const [from, to] of pieces(0, n)) k.edgeFillPass(vid, skip, start, his, from, to);
  const stats = a.zeroed(12); // boundary, non-manifold, odd
  for (const [from, to] of pieces(0, nv)) k.edgeScanPass(start, his, stats, from, to);
  const [boundary, nonManifold, odd] = a.i32(stats, 3);
  a.release(scratch);
  return {
    vertices: nv,
    shells,
    // closed: every edge is shared by an even number of faces (2, or 4 where two parts touch)
    watertight: n > 0 && odd === 0,
    boundaryEdges: boundary!,
    nonManifoldEdges: nonManifold!,
    shellOfTriangle: a.i32(shellOf, n),
    shellVolumes,
    invertedShells: inverted,
    absVolume,
  };
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
