/**
 * Height profile of a triangle soup (see ZProfile). Accumulated over ranges of triangles into one
 * flat array per range (profileAccumulate), so threads can share the work, then finished once.
 */
import { pieces } from "./pieces.ts";
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

/**
 * The profile's layout: slabs, their height, and the parameters of the accumulation (lowest point,
 * slab height, slabs, cos of the support threshold, the bed's tolerance).
 */
export function profileParams(minZ: number, maxZ: number, bins: number, supportThresholdDeg: number): Float64Array {
  const height = maxZ - minZ;
  const nb = height > 0 ? bins : 1;
  const dz = height > 0 ? height / nb : 1;
  return new Float64Array([minZ, dz, nb, Math.cos((supportThresholdDeg * Math.PI) / 180), Math.max(height * 1e-4, 1e-6)]);
}

/**
 * The sums a range of triangles adds to the profile, in one flat array (so that threads can each
 * fill their own and the sums be added): 5 quantities × nb slabs, then their steps and ramps
 * (3 × (nb + 1) each), then 4 facet statistics.
 */
export const profileAccLength = (nb: number) => 5 * nb + 15 * (nb + 1) + 4;

/** Adds triangles [from, to) to `acc` (see profileAccLength). */
export function profileAccumulate(
  t: Float32Array,
  from: number,
  to: number,
  params: Float64Array,
  acc: Float64Array,
  shellOfTriangle: Int32Array | null,
  shellSign: Int8Array | null,
): void {
  const nb = params[2]!;
  const sot = shellOfTriangle ?? new Int32Array(0);
  const sign = shellSign ?? new Int8Array(0);
  const bins = (q: number) => acc.subarray(q * nb, (q + 1) * nb);
  const ramps = acc.subarray(5 * nb, 5 * nb + 15 * (nb + 1));
  const st = acc.subarray(5 * nb + 15 * (nb + 1));
  primeProfile(params, sot, sign);
  for (const [a, b] of pieces(from, to)) profileChunk(t, a, b, sot, sign, params, bins(0), bins(1), bins(2), bins(3), bins(4), st, ramps);
}

/** How often primeProfile runs its triangles: V8 records what a function meets only from its first few runs on. */
const PRIME_RUNS = 12;

/**
 * Runs profileChunk on a few made-up triangles that take each of its paths (flat, spanning a few
 * slabs, spanning many in its three shapes, on the bed, overhanging, degenerate), into scratch sums.
 * Why: V8 optimises the loop from what it has seen run; a path first met later, in the optimised
 * loop, throws that code away and the loop runs unoptimised until V8 tries again, which on a large
 * file cost 20–45 ms each time (README, "Speed"). A few microseconds here avoid it.
 */
function primeProfile(params: Float64Array, sot: Int32Array, sign: Int8Array): void {
  const minZ = params[0]!,
    dz = params[1]!,
    nb = params[2]!;
  const top = minZ + nb * dz;
  const mid = minZ + (nb * dz) / 2;
  const z = (k: number) => Math.min(top, minZ + k * dz);
  // each row: three corners (x, y, z)
  const tris = [
    [0, 0, mid, 1, 0, mid, 0, 1, mid], // flat, facing up
    [0, 0, mid, 0, 1, mid, 1, 0, mid], // flat, facing down, overhanging
    [0, 0, minZ, 0, 1, minZ, 1, 0, minZ], // flat on the bed
    [0, 0, z(1), 1, 0, z(3), 0, 0.5, z(2.5)], // a few slabs
    [0, 0, minZ, 1, 0, top, 0, 1, mid], // many slabs, middle vertex between
    [0, 0, minZ, 1, 0, minZ, 0, 1, top], // many slabs, flat bottom
    [0, 0, minZ, 1, 0, top, 0, 1, top], // many slabs, flat top
    [0, 0, mid, 0, 0, mid, 0, 0, mid], // degenerate
  ].flat();
  const soup = new Float32Array(tris);
  const acc = new Float64Array(profileAccLength(nb));
  const q = (k: number) => acc.subarray(k * nb, (k + 1) * nb);
  const n = soup.length / 9;
  // the real shells' arrays (their first triangles' shells stand in), so V8 sees the same types
  const s = sot.length >= n ? sot : new Int32Array(0);
  const st = acc.subarray(5 * nb + 15 * (nb + 1));
  for (let k = 0; k < PRIME_RUNS; k++)
    profileChunk(soup, 0, n, s, sign, params, q(0), q(1), q(2), q(3), q(4), st, acc.subarray(5 * nb, 5 * nb + 15 * (nb + 1)));
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
  const params = profileParams(minZ, maxZ, bins, supportThresholdDeg);
  const acc = new Float64Array(profileAccLength(params[2]!));
  profileAccumulate(t, 0, (t.length / 9) | 0, params, acc, shellOfTriangle, shellSign);
  return profileFinish(t, params, acc, shellOfTriangle, shells);
}

/** The profile from the accumulated sums: long triangles' steps and ramps integrated, islands from the shells' heights. */
export function profileFinish(
  t: Float32Array,
  params: Float64Array,
  acc: Float64Array,
  shellOfTriangle: Int32Array | null,
  shells: number,
): { profile: ZProfile; stats: FacetStats } {
  const n = (t.length / 9) | 0;
  const minZ = params[0]!,
    dz = params[1]!,
    nb = params[2]!;
  const out = [0, 1, 2, 3, 4].map((q) => acc.subarray(q * nb, (q + 1) * nb));
  const ramps = acc.subarray(5 * nb, 5 * nb + 15 * (nb + 1));
  const st = acc.subarray(5 * nb + 15 * (nb + 1));
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
    for (const [a, b] of pieces(0, n)) shellRangeChunk(t, shellOfTriangle, lo, hi, a, b);
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
      lateral: round(out[0]!),
      up: round(out[1]!),
      down: round(out[2]!),
      overhang: round(out[3]!),
      slope: round(out[4]!),
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
