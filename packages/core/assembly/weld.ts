/**
 * Triangles welded as they are read: each corner's position (exact float bits, -0 folded to +0) gets
 * the id of its first appearance, and the mesh is kept as those ids (vid, 3 per triangle, 3 bytes each) and the
 * distinct positions (pos, 3 f32 each) — about a third of the memory of a triangle soup, which the
 * passes after it would otherwise read (and the system would have to give fresh pages for).
 *
 * A corner is first looked up in a small direct-mapped cache of recently seen positions (a vertex is
 * met again a few triangles or one tessellation row later, so most lookups stay in the processor's
 * cache), then in an open-addressing table of every position so far (linear probing; grown twice as
 * large when half full, by hashing the positions again). The hash is keyed by a random seed per
 * design, so a file cannot be made whose positions collide (work stays linear for any file).
 * The basic measures are summed per block in the same pass (measures.ts says how).
 */
import { BLOCK_SHIFT } from "./shared";

const RECENT_BITS: u32 = 14;
const RECENT: u32 = 1 << RECENT_BITS;

/** Bytes of the recent-positions cache (zeroed by the caller). */
export function recentBytes(): i32 {
  return <i32>RECENT * 16;
}

// The table's hash: vector multiply-shift (Dietzfelbinger) with three random odd 64-bit multipliers
// drawn from the design's seed, so no file can be made whose positions collide more than chance
// would have them; three independent multiplications instead of a chain of mixing steps.
let k0: u64 = 0,
  k1: u64 = 0,
  k2: u64 = 0,
  k3: u64 = 0;

function splitmix(x: u64): u64 {
  // biome-ignore lint/correctness/noPrecisionLoss: AssemblyScript's u64 literals are exact
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9;
  // biome-ignore lint/correctness/noPrecisionLoss: as above
  x = (x ^ (x >> 27)) * 0x94d049bb133111eb;
  return x ^ (x >> 31);
}

function keys(seed: u32): void {
  // biome-ignore lint/correctness/noPrecisionLoss: AssemblyScript's u64 literals are exact
  k0 = splitmix(<u64>seed + 0x9e3779b97f4a7c15);
  k1 = splitmix(k0) | 1;
  k2 = splitmix(k1) | 1;
  k3 = splitmix(k2) | 1;
}

function hash3(a: u32, b: u32, c: u32): u32 {
  return <u32>((k0 + <u64>a * k1 + <u64>b * k2 + <u64>c * k3) >> 32);
}

// The table: ids + 1 (0 = empty), `mask` + 1 slots at `table` (room for `tableRoom`).
let table: usize = 0,
  mask: u32 = 0,
  tableRoom: u32 = 0;
let pos: usize = 0,
  nv: u32 = 0,
  seed: u32 = 0;

/** A hash's slot: its highest bits (the multiply-shift hash's good ones), as many as the table's size needs. */
function slotOf(h: u32): u32 {
  return h >> clz(mask);
}

/** Puts id into the table at its position's first free slot. */
function insert(id: u32, h: u32): void {
  let s = slotOf(h);
  while (load<u32>(table + ((<usize>s) << 2)) !== 0) s = (s + 1) & mask;
  store<u32>(table + ((<usize>s) << 2), id + 1);
}

/** The table twice as large (when half full), every position hashed again. */
function grow(): void {
  const slots = (mask + 1) << 1;
  if (slots > tableRoom) unreachable(); // the caller reserves room for three ids a triangle
  mask = slots - 1;
  memory.fill(table, 0, (<usize>slots) << 2);
  for (let id: u32 = 0; id < nv; id++) {
    const p = pos + <usize>id * 12;
    insert(id, hash3(load<u32>(p), load<u32>(p, 4), load<u32>(p, 8)));
  }
}

/** The id of position (a, b, c), a new one when it was not seen before. */
function idOf(a: u32, b: u32, c: u32, h: u32): u32 {
  let s = slotOf(h);
  while (true) {
    const e = load<u32>(table + ((<usize>s) << 2));
    if (e === 0) break;
    const p = pos + <usize>(e - 1) * 12;
    if (load<u32>(p) === a && load<u32>(p, 4) === b && load<u32>(p, 8) === c) return e - 1;
    s = (s + 1) & mask;
  }
  const id = nv++;
  const p = pos + <usize>id * 12;
  store<u32>(p, a);
  store<u32>(p, b, 4);
  store<u32>(p, c, 8);
  store<u32>(table + ((<usize>s) << 2), id + 1);
  if (nv << 1 > mask + 1) grow();
  return id;
}

/** A coordinate's bits, scaled when `scale` is not 1 (a unit the customer chose), -0 folded to +0. */
function coordinate(bits: u32, scale: f64): u32 {
  if (scale !== 1) bits = reinterpret<u32>(<f32>(<f64>reinterpret<f32>(bits) * scale));
  return bits === 0x80000000 ? 0 : bits;
}

function nonFinite(bits: u32): u32 {
  return <u32>((bits & 0x7f800000) === 0x7f800000);
}

/**
 * Corner (a, b, c)'s id: from the cache of recent positions when it is there, else from the table (a
 * new id when never seen), and then cached. The cache's slot is a cheap product of the bits (a file
 * that makes them collide only makes the cache miss: the table's lookup is keyed by the seed); a
 * slot's word 3 holds the id + 1 (0 = empty).
 */
function lookup(a: u32, b: u32, c: u32, recent: usize): u32 {
  const q = recent + ((<usize>(((a * 0x9e3779b1) ^ (b * 0x85ebca77) ^ (c * 0xc2b2ae3d)) >> (32 - RECENT_BITS))) << 4);
  const cached = load<u32>(q, 12);
  if (cached !== 0 && load<u32>(q) === a && load<u32>(q, 4) === b && load<u32>(q, 8) === c) return cached - 1;
  const id = idOf(a, b, c, hash3(a, b, c));
  store<u32>(q, a);
  store<u32>(q, b, 4);
  store<u32>(q, c, 8);
  store<u32>(q, id + 1, 12);
  return id;
}

/**
 * k triangles into the mesh as triangles first … first+k−1: nine f32 each at `input` + i·stride +
 * offset (binary STL records: stride 50, offset 12, the attribute word after them; a soup: 36, 0).
 * Their corners' ids to vid, new positions to pos, their measures to their blocks (measures.ts).
 * state (u32s, placed and zeroed by the caller, who sets [1] … [4]): [0] vertices so far, [1] the
 * table's mask, [2] the table's room (slots), [3] the seed, [4] 1 to read STL attribute words as
 * colours (2: Materialise's convention), [5] |= 1 on a NaN or infinite coordinate, [6] facets carrying
 * a colour, then a bitmap of the 32,768 colours (4 KB) at state + 32. `recent`: recentBytes(), zeroed
 * before the first call; `tbl` the table (its first mask + 1 slots zeroed before the first call).
 */
export function weldTriangles(
  input: usize,
  stride: i32,
  offset: i32,
  k: i32,
  first: i32,
  scale: f64,
  vid: usize,
  positions: usize,
  tbl: usize,
  recent: usize,
  state: usize,
  blocks: usize,
): void {
  nv = load<u32>(state);
  mask = load<u32>(state, 4);
  tableRoom = load<u32>(state, 8);
  seed = load<u32>(state, 12);
  keys(seed);
  const colours = load<u32>(state, 16);
  table = tbl;
  pos = positions;
  let bad: u32 = 0,
    flags = load<u32>(state, 24);
  let i = 0;
  while (i < k) {
    const b = (first + i) >> BLOCK_SHIFT;
    const end = min(k, ((b + 1) << BLOCK_SHIFT) - first);
    const sums = blocks + <usize>b * 96;
    let vol = load<f64>(sums),
      area = load<f64>(sums, 8),
      degenerate = load<f64>(sums, 16);
    let minX = load<f64>(sums, 24),
      minY = load<f64>(sums, 32),
      minZ = load<f64>(sums, 40);
    let maxX = load<f64>(sums, 48),
      maxY = load<f64>(sums, 56),
      maxZ = load<f64>(sums, 64);
    let fpArea = load<f64>(sums, 72),
      fpWidth = load<f64>(sums, 80),
      fpHeight = load<f64>(sums, 88);
    for (; i < end; i++) {
      const r = input + <usize>i * <usize>stride + <usize>offset;
      const t = vid + <usize>(first + i) * 9;
      const a0 = coordinate(load<u32>(r), scale),
        b0 = coordinate(load<u32>(r, 4), scale),
        c0 = coordinate(load<u32>(r, 8), scale);
      const a1 = coordinate(load<u32>(r, 12), scale),
        b1 = coordinate(load<u32>(r, 16), scale),
        c1 = coordinate(load<u32>(r, 20), scale);
      const a2 = coordinate(load<u32>(r, 24), scale),
        b2 = coordinate(load<u32>(r, 28), scale),
        c2 = coordinate(load<u32>(r, 32), scale);
      // exponent all ones (after scaling, which can overflow): NaN or ±Infinity
      bad |=
        nonFinite(a0) |
        nonFinite(b0) |
        nonFinite(c0) |
        nonFinite(a1) |
        nonFinite(b1) |
        nonFinite(c1) |
        nonFinite(a2) |
        nonFinite(b2) |
        nonFinite(c2);
      // 3 bytes an id: the fourth byte written is the next id's first (or the array's padding)
      store<u32>(t, lookup(a0, b0, c0, recent));
      store<u32>(t + 3, lookup(a1, b1, c1, recent));
      store<u32>(t + 6, lookup(a2, b2, c2, recent));
      if (colours !== 0) {
        const attr = <u32>load<u16>(r, 36);
        if (attr !== 0 && (colours === 2 ? (attr & 0x8000) === 0 : (attr & 0x8000) !== 0)) {
          flags++;
          const w = state + 32 + ((<usize>((attr & 0x7fff) >> 5)) << 2);
          store<u32>(w, load<u32>(w) | (1 << (attr & 31)));
        }
      }
      // the measures, from the positions as stored (scaled, -0 folded)
      const ax = <f64>reinterpret<f32>(a0),
        ay = <f64>reinterpret<f32>(b0),
        az = <f64>reinterpret<f32>(c0);
      const bx = <f64>reinterpret<f32>(a1),
        by = <f64>reinterpret<f32>(b1),
        bz = <f64>reinterpret<f32>(c1);
      const cx = <f64>reinterpret<f32>(a2),
        cy = <f64>reinterpret<f32>(b2),
        cz = <f64>reinterpret<f32>(c2);
      const ux = bx - ax,
        uy = by - ay,
        uz = bz - az;
      const vx = cx - ax,
        vy = cy - ay,
        vz = cz - az;
      const nx = uy * vz - uz * vy,
        ny = uz * vx - ux * vz,
        nz = ux * vy - uy * vx;
      const twice = Math.sqrt(nx * nx + ny * ny + nz * nz);
      if (twice === 0) degenerate += 1;
      area += twice;
      // a · (b × c) == a · (u × v) with u = b - a, v = c - a
      vol += ax * nx + ay * ny + az * nz;
      const x0 = min(ax, min(bx, cx)),
        x1 = max(ax, max(bx, cx));
      const y0 = min(ay, min(by, cy)),
        y1 = max(ay, max(by, cy));
      const z0 = min(az, min(bz, cz)),
        z1 = max(az, max(bz, cz));
      if (x0 < minX) minX = x0;
      if (x1 > maxX) maxX = x1;
      if (y0 < minY) minY = y0;
      if (y1 > maxY) maxY = y1;
      if (z0 < minZ) minZ = z0;
      if (z1 > maxZ) maxZ = z1;
      const w = x1 - x0,
        hgt = y1 - y0;
      fpArea += w * hgt;
      fpWidth += w;
      fpHeight += hgt;
    }
    store<f64>(sums, vol);
    store<f64>(sums, area, 8);
    store<f64>(sums, degenerate, 16);
    store<f64>(sums, minX, 24);
    store<f64>(sums, minY, 32);
    store<f64>(sums, minZ, 40);
    store<f64>(sums, maxX, 48);
    store<f64>(sums, maxY, 56);
    store<f64>(sums, maxZ, 64);
    store<f64>(sums, fpArea, 72);
    store<f64>(sums, fpWidth, 80);
    store<f64>(sums, fpHeight, 88);
  }
  store<u32>(state, nv);
  store<u32>(state, mask, 4);
  store<u32>(state, load<u32>(state, 20) | bad, 20);
  store<u32>(state, flags, 24);
}
