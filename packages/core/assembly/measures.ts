/**
 * The basic measures' blocks. The measures are summed per block of 2^BLOCK_SHIFT triangles (block b
 * holds triangles b·BLOCK …) as the triangles are welded (weld.ts), each block's running sums carried
 * from one call to the next, and the blocks added in order at the end (mesh.ts measuresOf): so the
 * sums are the same bits however the triangles arrive (the whole file or a stream's pieces).
 */

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
