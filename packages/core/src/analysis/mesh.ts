import { pieces } from "./pieces.ts";
import { weld } from "./weld.ts";

/**
 * Measurements on a triangle soup: a Float32Array of 9 floats per triangle (x0 y0 z0 x1 … z2),
 * in millimetres. No per-triangle objects: everything runs in flat loops over typed arrays.
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
   * Σ of the triangles' XY bounding-box areas and half-perimeters: how many column cells they would
   * visit at a cell size (columns.ts's columnGrid). Made in the same pass.
   */
  footprint?: { area: number; perimeter: number };
}

/** One pass: signed volume, area, bounding box. */
export function measureSoup(t: Float32Array): BasicMeasures {
  const n = (t.length / 9) | 0;
  return measuresOf(measureRange(t, 0, n), n);
}

/**
 * The sums of triangles [from, to): volume×6, area×2, degenerate, minX, minY, minZ, maxX, maxY, maxZ,
 * footprint area, footprint half-perimeter.
 */
export function measureRange(t: Float32Array, from: number, to: number): Float64Array {
  const acc = new Float64Array([0, 0, 0, Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity, 0, 0]);
  for (const [a, b] of pieces(from, to)) soupChunk(t, a, b, acc);
  return acc;
}

/** Ranges' sums added (measureRange's layout). */
export function addMeasures(a: Float64Array, b: Float64Array): Float64Array {
  return new Float64Array([
    a[0]! + b[0]!,
    a[1]! + b[1]!,
    a[2]! + b[2]!,
    Math.min(a[3]!, b[3]!),
    Math.min(a[4]!, b[4]!),
    Math.min(a[5]!, b[5]!),
    Math.max(a[6]!, b[6]!),
    Math.max(a[7]!, b[7]!),
    Math.max(a[8]!, b[8]!),
    a[9]! + b[9]!,
    a[10]! + b[10]!,
  ]);
}

export function measuresOf(acc: Float64Array, n: number): BasicMeasures {
  if (n === 0) acc.fill(0);
  return {
    triangles: n,
    volume: acc[0]! / 6,
    area: acc[1]! / 2,
    min: [acc[3]!, acc[4]!, acc[5]!],
    max: [acc[6]!, acc[7]!, acc[8]!],
    degenerateTriangles: acc[2]!,
    footprint: { area: acc[9]!, perimeter: acc[10]! },
  };
}

/** One chunk of measureSoup (separate so V8 optimises it as a function, not by on-stack replacement). */
function soupChunk(t: Float32Array, from: number, to: number, acc: Float64Array): void {
  let vol = 0,
    area = 0,
    degenerate = 0,
    fpArea = 0,
    fpPerimeter = 0;
  let minX = acc[3]!,
    minY = acc[4]!,
    minZ = acc[5]!;
  let maxX = acc[6]!,
    maxY = acc[7]!,
    maxZ = acc[8]!;
  for (let i = from, o = from * 9; i < to; i++, o += 9) {
    const ax = t[o]!,
      ay = t[o + 1]!,
      az = t[o + 2]!;
    const bx = t[o + 3]!,
      by = t[o + 4]!,
      bz = t[o + 5]!;
    const cx = t[o + 6]!,
      cy = t[o + 7]!,
      cz = t[o + 8]!;
    const ux = bx - ax,
      uy = by - ay,
      uz = bz - az;
    const vx = cx - ax,
      vy = cy - ay,
      vz = cz - az;
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const a2 = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (a2 === 0) degenerate++;
    area += a2;
    // a · (b × c) == a · (u × v) with u = b - a, v = c - a
    vol += ax * nx + ay * ny + az * nz;
    if (ax < minX) minX = ax;
    if (ax > maxX) maxX = ax;
    if (bx < minX) minX = bx;
    if (bx > maxX) maxX = bx;
    if (cx < minX) minX = cx;
    if (cx > maxX) maxX = cx;
    if (ay < minY) minY = ay;
    if (ay > maxY) maxY = ay;
    if (by < minY) minY = by;
    if (by > maxY) maxY = by;
    if (cy < minY) minY = cy;
    if (cy > maxY) maxY = cy;
    if (az < minZ) minZ = az;
    if (az > maxZ) maxZ = az;
    if (bz < minZ) minZ = bz;
    if (bz > maxZ) maxZ = bz;
    if (cz < minZ) minZ = cz;
    if (cz > maxZ) maxZ = cz;
    const w = Math.max(ax, bx, cx) - Math.min(ax, bx, cx),
      h = Math.max(ay, by, cy) - Math.min(ay, by, cy);
    fpArea += w * h;
    fpPerimeter += w + h;
  }
  acc[0] = acc[0]! + vol;
  acc[1] = acc[1]! + area;
  acc[2] = acc[2]! + degenerate;
  acc[3] = minX;
  acc[4] = minY;
  acc[5] = minZ;
  acc[6] = maxX;
  acc[7] = maxY;
  acc[8] = maxZ;
  acc[9] = acc[9]! + fpArea;
  acc[10] = acc[10]! + fpPerimeter;
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

function unionChunk(vid: Int32Array, parent: Int32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const a = find(parent, vid[i * 3]!),
      b = find(parent, vid[i * 3 + 1]!),
      c = find(parent, vid[i * 3 + 2]!);
    if (a !== b) parent[b] = a;
    const ra = find(parent, a);
    if (ra !== c) parent[c] = ra;
  }
}

function compactChunk(
  vid: Int32Array,
  parent: Int32Array,
  shellId: Int32Array,
  shellOfTriangle: Int32Array,
  counter: Int32Array,
  from: number,
  to: number,
): void {
  let shells = counter[0]!;
  for (let i = from; i < to; i++) {
    const r = find(parent, vid[i * 3]!);
    let s = shellId[r]!;
    if (s === -1) s = shellId[r] = shells++;
    shellOfTriangle[i] = s;
  }
  counter[0] = shells;
}

function shellVolumeChunk(
  t: Float32Array,
  vid: Int32Array,
  shellOfTriangle: Int32Array,
  shellVolumes: Float64Array,
  skip: Uint8Array,
  from: number,
  to: number,
): void {
  for (let i = from, o = from * 9; i < to; i++, o += 9) {
    const ax = t[o]!,
      ay = t[o + 1]!,
      az = t[o + 2]!;
    const ux = t[o + 3]! - ax,
      uy = t[o + 4]! - ay,
      uz = t[o + 5]! - az;
    const vx = t[o + 6]! - ax,
      vy = t[o + 7]! - ay,
      vz = t[o + 8]! - az;
    const cx = uy * vz - uz * vy,
      cy = uz * vx - ux * vz,
      cz = ux * vy - uy * vx;
    const s = shellOfTriangle[i]!;
    shellVolumes[s] = shellVolumes[s]! + (ax * cx + ay * cy + az * cz) / 6;
    if (cx === 0 && cy === 0 && cz === 0) {
      const a = vid[i * 3]!,
        b = vid[i * 3 + 1]!,
        c = vid[i * 3 + 2]!;
      if (a === b || b === c || c === a) skip[i] = 1;
    }
  }
}

function edgeCountChunk(vid: Int32Array, skip: Uint8Array, start: Int32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    if (skip[i]) continue;
    const a = vid[i * 3]!,
      b = vid[i * 3 + 1]!,
      c = vid[i * 3 + 2]!;
    start[Math.min(a, b) + 1]!++;
    start[Math.min(b, c) + 1]!++;
    start[Math.min(c, a) + 1]!++;
  }
}

function edgeFillChunk(vid: Int32Array, skip: Uint8Array, fill: Int32Array, his: Int32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    if (skip[i]) continue;
    const a = vid[i * 3]!,
      b = vid[i * 3 + 1]!,
      c = vid[i * 3 + 2]!;
    let lo = Math.min(a, b),
      hi = Math.max(a, b);
    his[fill[lo]!++] = hi;
    lo = Math.min(b, c);
    hi = Math.max(b, c);
    his[fill[lo]!++] = hi;
    lo = Math.min(c, a);
    hi = Math.max(c, a);
    his[fill[lo]!++] = hi;
  }
}

function edgeScanChunk(start: Int32Array, his: Int32Array, stats: Int32Array, from: number, to: number): void {
  let boundary = 0,
    nonManifold = 0,
    odd = 0;
  for (let v = from; v < to; v++) {
    const s = start[v]!,
      e = start[v + 1]!;
    if (e - s > 32) {
      his.subarray(s, e).sort(); // a hub vertex (fan): native sort, never quadratic
    } else if (e - s > 1) {
      for (let i = s + 1; i < e; i++) {
        const x = his[i]!;
        let j = i - 1;
        while (j >= s && his[j]! > x) {
          his[j + 1] = his[j]!;
          j--;
        }
        his[j + 1] = x;
      }
    }
    let i = s;
    while (i < e) {
      const x = his[i]!;
      let j = i + 1;
      while (j < e && his[j] === x) j++;
      const cnt = j - i;
      if (x !== v) {
        if (cnt === 1) boundary++;
        else if (cnt > 2) nonManifold++;
        if (cnt & 1) odd++;
      }
      i = j;
    }
  }
  stats[0] = stats[0]! + boundary;
  stats[1] = stats[1]! + nonManifold;
  stats[2] = stats[2]! + odd;
}

// topology's own loops, each in a function of its own (pieces.ts says why)
function identity(n: number): Int32Array {
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  return a;
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

/** a[i] += a[i - 1], in place. */
function runningSums(a: Int32Array): void {
  for (let i = 1; i < a.length; i++) a[i] = a[i]! + a[i - 1]!;
}

/**
 * Welds vertices with identical coordinates (numeric open-addressing hash on the float bits),
 * then finds shells (union-find over shared vertices) and counts edges (CSR buckets by the lower
 * vertex id) for watertightness: every edge shared by exactly two triangles.
 */
export function topology(t: Float32Array, welded?: { vid: Int32Array; vertices: number }): Topology {
  const n = (t.length / 9) | 0;
  const refs = n * 3;
  const bits = new Uint32Array(t.buffer, t.byteOffset, n * 9);
  // --- weld: vertex ref -> unique vertex id (weld.ts; done by the caller when threads shared it)
  const { vid, vertices: nv } = welded ?? weld(bits, refs);
  // --- union-find over vertices
  const parent = identity(nv);
  for (const [a, b] of pieces(0, n)) unionChunk(vid, parent, a, b);
  // compact root ids -> shell index
  const shellId = new Int32Array(nv).fill(-1);
  const shellOfTriangle = new Int32Array(n);
  const counter = new Int32Array(1);
  for (const [a, b] of pieces(0, n)) compactChunk(vid, parent, shellId, shellOfTriangle, counter, a, b);
  const shells = counter[0]!;
  // --- shell volumes; triangles with a collapsed edge are left out of the edge count (slicers drop
  // them); zero-area triangles with three distinct corners stay: they often close T-junctions.
  const shellVolumes = new Float64Array(shells);
  const skip = new Uint8Array(n);
  for (const [a, b] of pieces(0, n)) shellVolumeChunk(t, vid, shellOfTriangle, shellVolumes, skip, a, b);
  const { inverted, absVolume } = volumeSigns(shellVolumes);
  // --- edges: bucket each undirected edge (lo, hi) under lo, then count equal hi in each bucket.
  const start = new Int32Array(nv + 1);
  for (const [a, b] of pieces(0, n)) edgeCountChunk(vid, skip, start, a, b);
  runningSums(start);
  const fill = start.slice(0, nv);
  const his = new Int32Array(start[nv]!);
  for (const [a, b] of pieces(0, n)) edgeFillChunk(vid, skip, fill, his, a, b);
  const edgeStats = new Int32Array(3); // boundary, non-manifold, odd
  for (const [a, b] of pieces(0, nv)) edgeScanChunk(start, his, edgeStats, a, b);
  const boundary = edgeStats[0]!,
    nonManifold = edgeStats[1]!,
    odd = edgeStats[2]!;
  return {
    vertices: nv,
    shells,
    // closed: every edge is shared by an even number of faces (2, or 4 where two parts touch)
    watertight: n > 0 && odd === 0,
    boundaryEdges: boundary,
    nonManifoldEdges: nonManifold,
    shellOfTriangle,
    shellVolumes,
    invertedShells: inverted,
    absVolume,
  };
}
