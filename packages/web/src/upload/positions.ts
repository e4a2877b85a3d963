// Triangle positions for the 3D preview, read in the analysis worker with the analysis's own
// parsers (core/analysis/positions.ts, which the server's thumbnails read too).
export { positionsOf } from "@printhood/core/analysis/positions";

/** Above this many triangles the preview shows a simplified copy (the analysis uses them all). */
export const PREVIEW_MAX_TRIANGLES = 250_000;

/**
 * A lighter mesh for the 3D preview of very large designs, by vertex clustering: corners are
 * snapped to a grid and triangles that collapse are dropped. A 50 MB STL (about a million
 * triangles) then still orbits smoothly on modest hardware; the shape is unchanged to the eye.
 */
export function previewPositions(t: Float32Array, maxTriangles = PREVIEW_MAX_TRIANGLES): Float32Array {
  const n = t.length / 9;
  if (n <= maxTriangles) return t;
  let minX = Infinity,
    minY = Infinity,
    minZ = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    maxZ = -Infinity;
  for (let i = 0; i < t.length; i += 3) {
    const x = t[i]!,
      y = t[i + 1]!,
      z = t[i + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  const span = Math.max(maxX - minX, maxY - minY, maxZ - minZ) || 1;
  // Surface triangles scale with the square of the grid resolution: start from that guess.
  let res = Math.max(16, Math.floor(Math.sqrt(maxTriangles / 2) * 1.6));
  for (;;) {
    const out = cluster(t, res, span, minX, minY, minZ);
    if (out.length / 9 <= maxTriangles || res <= 16) return out;
    res = Math.floor(res * 0.8);
  }
}

function cluster(t: Float32Array, res: number, span: number, minX: number, minY: number, minZ: number): Float32Array {
  const cell = span / res;
  const key = (i: number) =>
    (Math.floor((t[i]! - minX) / cell) * (res + 1) + Math.floor((t[i + 1]! - minY) / cell)) * (res + 1) +
    Math.floor((t[i + 2]! - minZ) / cell);
  const rep = new Map<number, number>(); // cell → index of the first corner seen in it
  const out = new Float32Array(t.length);
  let o = 0;
  for (let i = 0; i < t.length; i += 9) {
    const a = key(i),
      b = key(i + 3),
      c = key(i + 6);
    if (a === b || b === c || a === c) continue; // collapsed
    for (const [k, src] of [
      [a, i],
      [b, i + 3],
      [c, i + 6],
    ] as const) {
      let r = rep.get(k);
      if (r === undefined) {
        r = src;
        rep.set(k, r);
      }
      out[o++] = t[r]!;
      out[o++] = t[r + 1]!;
      out[o++] = t[r + 2]!;
    }
  }
  return out.slice(0, o);
}
