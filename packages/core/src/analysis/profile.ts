/**
 * Height profile of a welded mesh (see ZProfile). Accumulated over ranges of triangles into one
 * flat array per range by the kernels (assembly/profile.ts), so threads can share the work, then
 * finished once.
 */
import { pieces } from "./pieces.ts";
import type { Welded } from "./welded.ts";
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
 * The sums a range of triangles adds to the profile, in one flat array of f64s (so that threads can
 * each fill their own and the sums be added): 5 quantities × nb slabs, then their steps and ramps
 * (3 × (nb + 1) each), then 4 facet statistics.
 */
export const profileAccLength = (nb: number) => 5 * nb + 15 * (nb + 1) + 4;

/**
 * The triangles are summed in PROFILE_RANGES ranges, each into its own sums, added in range order
 * (profileRanges, profileFinish): the same bits however many threads share them (parallel.ts).
 */
export const PROFILE_RANGES = 4;

/** [from, to) of range q of n triangles: cut at multiples of the pieces, so a range's sums do not depend on who runs it. */
export function profileRange(n: number, q: number): [number, number] {
  const per = Math.ceil(n / PROFILE_RANGES / 16384) * 16384;
  return [Math.min(n, q * per), Math.min(n, (q + 1) * per)];
}

/** Where the shells' signs and each triangle's shell are, for the kernels: flip 0 when no shell is read inside out. */
export interface Flips {
  shellOf: number;
  sign: number;
  flip: number;
}
export const NO_FLIPS: Flips = { shellOf: 0, sign: 0, flip: 0 };

/** The shells' signs (-1 inside out) placed in the arena beside each triangle's shell, or NO_FLIPS when there are none. */
export function placeFlips(s: Welded, shellSign: Int8Array | null, shellOfTriangle: Int32Array | null): Flips {
  if (!shellSign || !shellOfTriangle) return NO_FLIPS;
  const sign = s.arena.alloc(shellSign.length);
  s.arena.i8(sign, shellSign.length).set(shellSign);
  return { shellOf: shellOfTriangle.byteOffset, sign, flip: 1 };
}

/** Adds triangles [from, to) to the sums at `acc` (profileAccLength f64s in the arena), `params` (profileParams) placed at `at`. */
export function profileAccumulate(s: Welded, from: number, to: number, params: number, acc: number, f: Flips): void {
  for (const [a, b] of pieces(from, to)) s.arena.k.profilePass(s.vid, s.pos, a, b, params, acc, f.shellOf, f.sign, f.flip);
}

/** The profile's layout placed in the arena (the kernels read it there). */
export function placeParams(s: Welded, params: Float64Array): number {
  const at = s.arena.alloc(8 * params.length);
  s.arena.f64(at, params.length).set(params);
  return at;
}

/** Every range's sums (PROFILE_RANGES of them, each its own profileAccLength f64s), on this thread. */
export function profileRanges(s: Welded, params: Float64Array, f: Flips): Float64Array[] {
  const a = s.arena;
  const len = profileAccLength(params[2]!);
  const p = placeParams(s, params);
  return Array.from({ length: PROFILE_RANGES }, (_, q) => {
    const acc = a.zeroed(8 * len);
    const [from, to] = profileRange(s.n, q);
    profileAccumulate(s, from, to, p, acc, f);
    return a.f64(acc, len);
  });
}

export function zProfile(
  s: Welded,
  minZ: number,
  maxZ: number,
  /** Per shell: -1 when the shell is inside out (its facets are flipped), else 1. */
  shellSign: Int8Array | null,
  bins = 2000,
  supportThresholdDeg = 50,
  shellOfTriangle: Int32Array | null = null,
  shellZ: ShellHeights | null = null,
): { profile: ZProfile; stats: FacetStats } {
  const mark = s.arena.mark();
  const params = profileParams(minZ, maxZ, bins, supportThresholdDeg);
  const accs = profileRanges(s, params, placeFlips(s, shellSign, shellOfTriangle));
  const out = profileFinish(params, accs, shellZ);
  s.arena.release(mark);
  return out;
}

/** Each shell's lowest and highest z (topology's shellZ). */
export type ShellHeights = { lo: Float64Array; hi: Float64Array };

/** The profile from the accumulated sums: long triangles' steps and ramps integrated, islands from the shells' heights. */
export function profileFinish(
  params: Float64Array,
  ranges: Float64Array[],
  shellZ: ShellHeights | null,
): { profile: ZProfile; stats: FacetStats } {
  const acc = new Float64Array(ranges[0]!.length);
  for (const r of ranges) for (let i = 0; i < acc.length; i++) acc[i] = acc[i]! + r[i]!;
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
  if (shellZ && shellZ.lo.length > 0) {
    const { lo, hi } = shellZ;
    const shells = lo.length;
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

function round(a: Float64Array): number[] {
  const out = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    out[i] = v === 0 ? 0 : Number(v.toPrecision(6));
  }
  return out;
}
