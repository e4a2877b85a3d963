/**
 * Binary STL records into the triangle soup, and the basic measures of a soup.
 *
 * The measures are summed per block of BLOCK triangles (block b holds triangles b·BLOCK …), each
 * block's running sums carried from one call to the next, and the blocks added in order at the end
 * (JS: measuresOfBlocks): so the sums are the same bits however the triangles arrive (the whole
 * file, a stream's pieces, threads' ranges cut at blocks).
 */
import { BLOCK_SHIFT } from "./shared";

/** f64s per block (96 bytes): volume×6, area×2, degenerate, minX, minY, minZ, maxX, maxY, maxZ, Σ of the triangles' XY box areas, widths and heights. */
export const MEASURE_FIELDS: i32 = 12;

/** Every block's sums at their start values (0, +∞ for the minima, −∞ for the maxima). */
export function measureBlocksInit(blocks: usize, count: i32): void {
  for (let b = 0; b < count; b++) {
    const s = blocks + <usize>b * 96;
    store<f64>(s, 0);
    store<f64>(s, 0, 8);
    store<f64>(s, 0, 16);
    for (let k = 3; k < 6; k++) store<f64>(s + ((<usize>k) << 3), Infinity);
    for (let k = 6; k < 9; k++) store<f64>(s + ((<usize>k) << 3), -Infinity);
    store<f64>(s, 0, 72);
    store<f64>(s, 0, 80);
    store<f64>(s, 0, 88);
  }
}

/** Adds triangles [from, to) of the soup (9 f32 each) to their blocks' sums. */
export function measureSoup(soup: usize, from: i32, to: i32, blocks: usize): void {
  let i = from;
  while (i < to) {
    const b = i >> BLOCK_SHIFT;
    const end = min(to, (b + 1) << BLOCK_SHIFT);
    const s = blocks + <usize>b * 96;
    let vol = load<f64>(s),
      area = load<f64>(s, 8),
      degenerate = load<f64>(s, 16);
    let minX = load<f64>(s, 24),
      minY = load<f64>(s, 32),
      minZ = load<f64>(s, 40);
    let maxX = load<f64>(s, 48),
      maxY = load<f64>(s, 56),
      maxZ = load<f64>(s, 64);
    let fpArea = load<f64>(s, 72),
      fpWidth = load<f64>(s, 80),
      fpHeight = load<f64>(s, 88);
    for (; i < end; i++) {
      const o = soup + <usize>i * 36;
      const ax = <f64>load<f32>(o),
        ay = <f64>load<f32>(o, 4),
        az = <f64>load<f32>(o, 8);
      const bx = <f64>load<f32>(o, 12),
        by = <f64>load<f32>(o, 16),
        bz = <f64>load<f32>(o, 20);
      const cx = <f64>load<f32>(o, 24),
        cy = <f64>load<f32>(o, 28),
        cz = <f64>load<f32>(o, 32);
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
      if (a2 === 0) degenerate += 1;
      area += a2;
      // a · (b × c) === a · (u × v) with u = b - a, v = c - a
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
        h = y1 - y0;
      fpArea += w * h;
      fpWidth += w;
      fpHeight += h;
    }
    store<f64>(s, vol);
    store<f64>(s, area, 8);
    store<f64>(s, degenerate, 16);
    store<f64>(s, minX, 24);
    store<f64>(s, minY, 32);
    store<f64>(s, minZ, 40);
    store<f64>(s, maxX, 48);
    store<f64>(s, maxY, 56);
    store<f64>(s, maxZ, 64);
    store<f64>(s, fpArea, 72);
    store<f64>(s, fpWidth, 80);
    store<f64>(s, fpHeight, 88);
  }
}

/**
 * `k` binary STL records (50 bytes each, from `records`) into soup triangles first … first+k-1:
 * -0 folded to +0 (so welding sees equal bits), and their measures added. `state` (i32s):
 * [0] |= 1 on a NaN or infinite coordinate, [1] += facets carrying a colour, [2] distinct colours
 * seen (at most 64), [3] 1 for Materialise's colour convention (set by the caller); then a bitmap of
 * the 32,768 colours (4 KB) zeroed by the caller. A facet carries a colour when its attribute word is
 * not 0 and bit 15 is set (VisCAM), or clear under Materialise's COLOR= header.
 */
export function copyRecords(records: usize, k: i32, soup: usize, first: i32, blocks: usize, state: usize): void {
  let bad: u32 = 0,
    flags = load<i32>(state, 4),
    seen = load<i32>(state, 8);
  const materialise = load<i32>(state, 12) !== 0;
  const bitmap = state + 16;
  for (let i = 0; i < k; i++) {
    const r = records + <usize>i * 50 + 12;
    const o = soup + <usize>(first + i) * 36;
    for (let q: usize = 0; q < 36; q += 4) {
      const bits = load<u32>(r + q);
      bad |= <u32>((bits & 0x7f800000) === 0x7f800000); // exponent all ones: NaN or ±Infinity
      store<u32>(o + q, bits === 0x80000000 ? 0 : bits);
    }
    const attr = <u32>load<u16>(r, 36);
    if (attr !== 0 && (materialise ? (attr & 0x8000) === 0 : (attr & 0x8000) !== 0)) {
      flags++;
      const c = attr & 0x7fff;
      const w = bitmap + ((<usize>(c >> 5)) << 2);
      const bit: u32 = 1 << (c & 31);
      if (seen < 64 && (load<u32>(w) & bit) === 0) {
        store<u32>(w, load<u32>(w) | bit);
        seen++;
      }
    }
  }
  store<i32>(state, load<i32>(state) | bad);
  store<i32>(state, flags, 4);
  store<i32>(state, seen, 8);
  measureSoup(soup, first, first + k, blocks);
}
