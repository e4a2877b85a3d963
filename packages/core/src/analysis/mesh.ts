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
}

/** One pass: signed volume, area, bounding box. */
export function measureSoup(t: Float32Array): BasicMeasures {
  const n = (t.length / 9) | 0;
  // acc: volume×6, area×2, degenerate, minX, minY, minZ, maxX, maxY, maxZ
  const acc = new Float64Array([0, 0, 0, Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (let i = 0; i < n; i += 16384) soupChunk(t, i, Math.min(n, i + 16384), acc);
  if (n === 0) acc.fill(0);
  return {
    triangles: n,
    volume: acc[0]! / 6,
    area: acc[1]! / 2,
    min: [acc[3]!, acc[4]!, acc[5]!],
    max: [acc[6]!, acc[7]!, acc[8]!],
    degenerateTriangles: acc[2]!,
  };
}

/** One chunk of measureSoup (separate so V8 optimises it as a function, not by on-stack replacement). */
function soupChunk(t: Float32Array, from: number, to: number, acc: Float64Array): void {
  let vol = 0,
    area = 0,
    degenerate = 0;
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

function find(parent: Int32Array, x: number): number {
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

/**
 * Welds vertices with identical coordinates (numeric open-addressing hash on the float bits),
 * then finds shells (union-find over shared vertices) and counts edges (CSR buckets by the lower
 * vertex id) for watertightness: every edge shared by exactly two triangles.
 */
export function topology(t: Float32Array): Topology {
  const n = (t.length / 9) | 0;
  const refs = n * 3;
  const bits = new Uint32Array(t.buffer, t.byteOffset, n * 9);
  // --- weld: vertex ref -> unique vertex id (weld.ts)
  const { vid, vertices: nv } = weld(bits, refs);
  const CHUNK = 16384;
  // --- union-find over vertices
  const parent = new Int32Array(nv);
  for (let i = 0; i < nv; i++) parent[i] = i;
  for (let i = 0; i < n; i += CHUNK) unionChunk(vid, parent, i, Math.min(n, i + CHUNK));
  // compact root ids -> shell index
  const shellId = new Int32Array(nv).fill(-1);
  const shellOfTriangle = new Int32Array(n);
  const counter = new Int32Array(1);
  for (let i = 0; i < n; i += CHUNK) compactChunk(vid, parent, shellId, shellOfTriangle, counter, i, Math.min(n, i + CHUNK));
  const shells = counter[0]!;
  // --- shell volumes; triangles with a collapsed edge are left out of the edge count (slicers drop
  // them); zero-area triangles with three distinct corners stay: they often close T-junctions.
  const shellVolumes = new Float64Array(shells);
  const skip = new Uint8Array(n);
  for (let i = 0; i < n; i += CHUNK) shellVolumeChunk(t, vid, shellOfTriangle, shellVolumes, skip, i, Math.min(n, i + CHUNK));
  let inverted = 0;
  let absVolume = 0;
  for (let s = 0; s < shells; s++) {
    const v = shellVolumes[s]!;
    if (v < 0) inverted++;
    absVolume += Math.abs(v);
  }
  // --- edges: bucket each undirected edge (lo, hi) under lo, then count equal hi in each bucket.
  const start = new Int32Array(nv + 1);
  for (let i = 0; i < n; i += CHUNK) edgeCountChunk(vid, skip, start, i, Math.min(n, i + CHUNK));
  for (let i = 0; i < nv; i++) start[i + 1] = start[i + 1]! + start[i]!;
  const fill = start.slice(0, nv);
  const his = new Int32Array(start[nv]!);
  for (let i = 0; i < n; i += CHUNK) edgeFillChunk(vid, skip, fill, his, i, Math.min(n, i + CHUNK));
  const edgeStats = new Int32Array(3); // boundary, non-manifold, odd
  for (let v = 0; v < nv; v += CHUNK) edgeScanChunk(start, his, edgeStats, v, Math.min(nv, v + CHUNK));
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

/**
 * Height profile: per slab of height dz from the lowest point, how much lateral (wall) area,
 * upward- and downward-facing projected area and overhang projected area the mesh has there.
 * Each triangle's amount is spread over the slabs it spans with the exact distribution of a
 * triangle's horizontal section (linear up to the middle vertex, then linear down).
 * Triangles in inside-out shells are flipped first, so a printable mesh reads the same.
 */
export interface ZProfile {
  /** Number of slabs. */
  bins: number;
  /** Slab height, mm (height / bins). */
  dz: number;
  /** ∫ contour length dz per slab (wall area), mm². */
  lateral: number[];
  /** Upward-facing area projected on XY per slab, mm². */
  up: number[];
  /** Downward-facing area projected on XY per slab, mm² (includes the face on the bed). */
  down: number[];
  /** Downward-facing area steeper than the support threshold, not on the bed, projected, mm². */
  overhang: number[];
  /** Sloped wall area, Σ area × |nz| × √(1−nz²) per slab (peaks at 45°), mm². */
  slope: number[];
  /** Number of shells spanning each slab (islands to travel between). */
  islands: number[];
}

export interface FacetStats {
  /** Overhang area (true area, not projected), mm². */
  overhangArea: number;
  /** Overhang area projected on XY, mm². */
  overhangProjected: number;
  /** Σ projected overhang area × height above the bed, mm³: an upper bound of support volume. */
  overhangColumn: number;
  /** Projected area of faces touching the bed, mm². */
  bedArea: number;
}

export function zProfile(
  t: Float32Array,
  minZ: number,
  maxZ: number,
  /** Per shell: -1 when the shell is inside out (its facets are flipped), else 1. */
  shellSign: Int8Array | null,
  bins = 2000,
  supportThresholdDeg = 50,
  shellOfTriangle: Int32Array | null = null,
  shells = 0,
): { profile: ZProfile; stats: FacetStats } {
  const n = (t.length / 9) | 0;
  const height = maxZ - minZ;
  const nb = height > 0 ? bins : 1;
  const dz = height > 0 ? height / nb : 1;
  const out = [new Float64Array(nb), new Float64Array(nb), new Float64Array(nb), new Float64Array(nb), new Float64Array(nb)] as const;
  // params: minZ, dz, nb, cos(threshold), bed epsilon; stats: overhang area, projected, column, bed area
  const params = new Float64Array([minZ, dz, nb, Math.cos((supportThresholdDeg * Math.PI) / 180), Math.max(height * 1e-4, 1e-6)]);
  const st = new Float64Array(4);
  // per quantity: steps, ramp offsets, ramp slopes (difference arrays over the slabs)
  const ramps = new Float64Array(5 * 3 * (nb + 1));
  const sot = shellOfTriangle ?? new Int32Array(0);
  const sign = shellSign ?? new Int8Array(0);
  const CHUNK = 16384;
  for (let i = 0; i < n; i += CHUNK)
    profileChunk(t, i, Math.min(n, i + CHUNK), sot, sign, params, out[0], out[1], out[2], out[3], out[4], st, ramps);
  // long triangles: integrate their steps and ramps (density at slab middles × slab height)
  for (let q = 0; q < 5; q++) {
    const o = q * 3 * (nb + 1);
    let slopeAcc = 0,
      val = 0;
    const dst = out[q]!;
    for (let b = 0; b < nb; b++) {
      slopeAcc += ramps[o + 2 * (nb + 1) + b]!;
      val += ramps[o + b]! + ramps[o + (nb + 1) + b]! + slopeAcc;
      if (val !== 0) dst[b] = dst[b]! + val * dz;
    }
  }
  // islands: shells spanning each slab (difference array over each shell's z range)
  const islands = new Float64Array(nb);
  if (shellOfTriangle && shells > 0) {
    const lo = new Float64Array(shells).fill(Infinity),
      hi = new Float64Array(shells).fill(-Infinity);
    for (let i = 0; i < n; i += CHUNK) shellRangeChunk(t, shellOfTriangle, lo, hi, i, Math.min(n, i + CHUNK));
    const diff = new Float64Array(nb + 1);
    for (let sh = 0; sh < shells; sh++) {
      const b0 = Math.min(nb - 1, Math.max(0, Math.floor((lo[sh]! - minZ) / dz)));
      const b1 = Math.min(nb - 1, Math.max(0, Math.floor((hi[sh]! - minZ) / dz)));
      diff[b0] = diff[b0]! + 1;
      diff[b1 + 1] = diff[b1 + 1]! - 1;
    }
    let c = 0;
    for (let b = 0; b < nb; b++) islands[b] = c += diff[b]!;
  }
  return {
    profile: {
      bins: nb,
      dz,
      lateral: round(out[0]),
      up: round(out[1]),
      down: round(out[2]),
      overhang: round(out[3]),
      slope: round(out[4]),
      islands: round(islands),
    },
    stats: { overhangArea: st[0]!, overhangProjected: st[1]!, overhangColumn: st[2]!, bedArea: st[3]! },
  };
}

function shellRangeChunk(t: Float32Array, sot: Int32Array, lo: Float64Array, hi: Float64Array, from: number, to: number): void {
  for (let i = from, o = from * 9; i < to; i++, o += 9) {
    const sh = sot[i]!;
    const a = t[o + 2]!,
      b = t[o + 5]!,
      c = t[o + 8]!;
    const z0 = a < b ? Math.min(a, c) : Math.min(b, c);
    const z2 = a > b ? Math.max(a, c) : Math.max(b, c);
    if (z0 < lo[sh]!) lo[sh] = z0;
    if (z2 > hi[sh]!) hi[sh] = z2;
  }
}

function profileChunk(
  t: Float32Array,
  from: number,
  to: number,
  sot: Int32Array,
  sign: Int8Array,
  params: Float64Array,
  lateral: Float64Array,
  up: Float64Array,
  down: Float64Array,
  over: Float64Array,
  slope: Float64Array,
  st: Float64Array,
  ramps: Float64Array,
): void {
  const minZ = params[0]!,
    dz = params[1]!,
    nb = params[2]!,
    cosT = params[3]!,
    bedEps = params[4]!;
  const flipAny = sign.length > 0 && sot.length > 0;
  let overhangArea = 0,
    overhangProjected = 0,
    overhangColumn = 0,
    bedArea = 0;
  for (let i = from, o = from * 9; i < to; i++, o += 9) {
    const az = t[o + 2]!;
    const ux = t[o + 3]! - t[o]!,
      uy = t[o + 4]! - t[o + 1]!,
      uz = t[o + 5]! - az;
    const vx = t[o + 6]! - t[o]!,
      vy = t[o + 7]! - t[o + 1]!,
      vz = t[o + 8]! - az;
    const cx = uy * vz - uz * vy,
      cy = uz * vx - ux * vz;
    let cz = ux * vy - uy * vx;
    const a2 = Math.sqrt(cx * cx + cy * cy + cz * cz);
    if (a2 === 0) continue;
    if (flipAny && sign[sot[i]!] === -1) cz = -cz;
    const area = a2 / 2;
    const nz = cz / a2;
    const proj = area * (nz < 0 ? -nz : nz);
    const lat = area * Math.sqrt(Math.max(0, 1 - nz * nz));
    let z0 = az,
      z1 = t[o + 5]!,
      z2 = t[o + 8]!;
    if (z0 > z1) {
      const s = z0;
      z0 = z1;
      z1 = s;
    }
    if (z1 > z2) {
      const s = z1;
      z1 = z2;
      z2 = s;
    }
    if (z0 > z1) {
      const s = z0;
      z0 = z1;
      z1 = s;
    }
    const aUp = nz > 0 ? proj : 0;
    const aDown = nz < 0 ? proj : 0;
    const aSlope = lat * (nz < 0 ? -nz : nz);
    let ov = 0;
    if (nz < 0) {
      if (z2 - minZ <= bedEps) bedArea += proj;
      else if (-nz > cosT) {
        ov = proj;
        overhangArea += area;
        overhangProjected += proj;
        overhangColumn += proj * ((z0 + z1 + z2) / 3 - minZ);
      }
    }
    let b0 = Math.floor((z0 - minZ) / dz);
    let b2 = Math.floor((z2 - minZ) / dz);
    if (b0 < 0) b0 = 0;
    if (b2 >= nb) b2 = nb - 1;
    if (b0 > b2) b0 = b2;
    if (b0 === b2) {
      lateral[b0] = lateral[b0]! + lat;
      up[b0] = up[b0]! + aUp;
      down[b0] = down[b0]! + aDown;
      over[b0] = over[b0]! + ov;
      slope[b0] = slope[b0]! + aSlope;
      continue;
    }
    // spread with the triangle's section-length distribution: CDF F(z)
    const span = z2 - z0;
    const lowSpan = z1 - z0,
      highSpan = z2 - z1;
    if (b2 - b0 > LONG_SPAN) {
      // a long triangle (a tall wall in few facets, or a hostile sliver): its tent-shaped density
      // goes in as steps and ramps sampled at slab middles, O(1) however many slabs it spans
      const ws = [lat, aUp, aDown, ov, aSlope];
      if (lowSpan > span * 1e-6 && highSpan > span * 1e-6) {
        const c0 = 2 / (span * lowSpan),
          c2 = 2 / (span * highSpan);
        for (let q = 0; q < 5; q++) {
          const wq = ws[q]!;
          if (wq === 0) continue;
          ramp(ramps, q, nb, minZ, dz, z0, c0 * wq);
          ramp(ramps, q, nb, minZ, dz, z1, -(c0 + c2) * wq);
          ramp(ramps, q, nb, minZ, dz, z2, c2 * wq);
        }
      } else if (lowSpan <= span * 1e-6) {
        const c2 = 2 / (span * span); // density falls from 2/span at z0 to 0 at z2
        for (let q = 0; q < 5; q++) {
          const wq = ws[q]!;
          if (wq === 0) continue;
          step(ramps, q, nb, minZ, dz, z0, c2 * span * wq);
          ramp(ramps, q, nb, minZ, dz, z0, -c2 * wq);
          ramp(ramps, q, nb, minZ, dz, z2, c2 * wq);
        }
      } else {
        const c0 = 2 / (span * span); // density rises from 0 at z0 to 2/span at z2
        for (let q = 0; q < 5; q++) {
          const wq = ws[q]!;
          if (wq === 0) continue;
          ramp(ramps, q, nb, minZ, dz, z0, c0 * wq);
          ramp(ramps, q, nb, minZ, dz, z2, -c0 * wq);
          step(ramps, q, nb, minZ, dz, z2, -c0 * span * wq);
        }
      }
      continue;
    }
    let prev = 0;
    for (let b = b0; b <= b2; b++) {
      const zt = b === b2 ? z2 : minZ + (b + 1) * dz;
      let F: number;
      if (zt >= z2) F = 1;
      else if (zt <= z0) F = 0;
      else if (zt <= z1) F = lowSpan > 0 ? ((zt - z0) * (zt - z0)) / (span * lowSpan) : 0;
      else F = highSpan > 0 ? 1 - ((z2 - zt) * (z2 - zt)) / (span * highSpan) : 1;
      const w = F - prev;
      prev = F;
      if (w <= 0) continue;
      lateral[b] = lateral[b]! + lat * w;
      up[b] = up[b]! + aUp * w;
      down[b] = down[b]! + aDown * w;
      over[b] = over[b]! + ov * w;
      slope[b] = slope[b]! + aSlope * w;
    }
  }
  st[0] = st[0]! + overhangArea;
  st[1] = st[1]! + overhangProjected;
  st[2] = st[2]! + overhangColumn;
  st[3] = st[3]! + bedArea;
}

/** Triangles spanning more slabs than this are spread in O(1) (see profileChunk). */
const LONG_SPAN = 24;

/** First slab whose middle is above z. */
const firstAbove = (minZ: number, dz: number, z: number) => Math.max(0, Math.floor((z - minZ) / dz + 0.5));

/** Adds H to the density of every slab whose middle is above a. */
function step(r: Float64Array, q: number, nb: number, minZ: number, dz: number, a: number, H: number): void {
  const k = firstAbove(minZ, dz, a);
  if (k < nb) r[q * 3 * (nb + 1) + k] = r[q * 3 * (nb + 1) + k]! + H;
}

/** Adds c·(z − a) to the density at every slab middle z above a (a difference array of second order). */
function ramp(r: Float64Array, q: number, nb: number, minZ: number, dz: number, a: number, c: number): void {
  const k = firstAbove(minZ, dz, a);
  if (k >= nb) return;
  const o = q * 3 * (nb + 1);
  const v0 = minZ + (k + 0.5) * dz - a; // value at the first middle above a
  r[o + (nb + 1) + k] = r[o + (nb + 1) + k]! + c * (v0 - dz);
  r[o + 2 * (nb + 1) + k] = r[o + 2 * (nb + 1) + k]! + c * dz;
}

function round(a: Float64Array): number[] {
  const out = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    out[i] = v === 0 ? 0 : Number(v.toPrecision(6));
  }
  return out;
}
