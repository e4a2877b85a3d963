/**
 * The columns' crossings (columns.ts has the rest): a vertical ray through each cell centre of the
 * grid collects every triangle it crosses, in triangle order, then they are put in columns.
 * A crossing is a cell (i32), a height (f32) and a kind (i8: +1 enter on a downward face, +2 enter
 * on a steep one, -1 leave).
 */
import { corner } from "./shared";

/**
 * Triangles [from, to) into the crossings at cell/zs/kind, from index st[0] (i32s at `st`), at most
 * `room` of them. Stops before a triangle whose bounding box has more cells than there is room left:
 * st[1] is where it stopped (`to` when done) and st[0] how many crossings there are then.
 * params (f64s): x0, y0, cell width, cell height, gx, gy, centre offset, cos(support threshold).
 * Faces of shells whose sign is -1 are read flipped (their entries are exits); `flip` 0 reads none.
 */
export function rasterPass(
  vid: usize,
  pos: usize,
  from: i32,
  to: i32,
  params: usize,
  shellOf: usize,
  sign: usize,
  flip: i32,
  cells: usize,
  zs: usize,
  kind: usize,
  room: i32,
  st: usize,
): void {
  const x0 = load<f64>(params),
    y0 = load<f64>(params, 8),
    cx = load<f64>(params, 16),
    cy = load<f64>(params, 24),
    gx = load<f64>(params, 32),
    gy = load<f64>(params, 40),
    off = load<f64>(params, 48),
    cosS = load<f64>(params, 56);
  const gxi = <i32>gx;
  let n = load<i32>(st);
  let i = from;
  for (; i < to; i++) {
    const p0 = corner(vid, pos, i, 0),
      p1 = corner(vid, pos, i, 1),
      p2 = corner(vid, pos, i, 2);
    const tax = <f64>load<f32>(p0),
      tay = <f64>load<f32>(p0, 4),
      az = <f64>load<f32>(p0, 8);
    const tbx = <f64>load<f32>(p1),
      tby = <f64>load<f32>(p1, 4),
      bz = <f64>load<f32>(p1, 8);
    const tqx = <f64>load<f32>(p2),
      tqy = <f64>load<f32>(p2, 4),
      qz = <f64>load<f32>(p2, 8);
    // triangle in cell units
    const ax = (tax - x0) / cx - off,
      ay = (tay - y0) / cy - off;
    const bx = (tbx - x0) / cx - off,
      by = (tby - y0) / cy - off;
    const qx = (tqx - x0) / cx - off,
      qy = (tqy - y0) / cy - off;
    const rawDet = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
    if (rawDet === 0) continue; // vertical or degenerate: no vertical ray crosses it
    // an inside-out shell's faces are read flipped (its entries are exits), not its geometry
    const det = flip !== 0 && load<i8>(sign + <usize>load<i32>(shellOf + ((<usize>i) << 2))) === -1 ? -rawDet : rawDet;
    // cell ranges clamped as doubles first (a far-out vertex must not wrap as an integer)
    let fi0 = Math.ceil(min(ax, min(bx, qx))),
      fi1 = Math.floor(max(ax, max(bx, qx)));
    let fj0 = Math.ceil(min(ay, min(by, qy))),
      fj1 = Math.floor(max(ay, max(by, qy)));
    if (fi0 < 0) fi0 = 0;
    if (fj0 < 0) fj0 = 0;
    if (fi1 > gx - 1) fi1 = gx - 1;
    if (fj1 > gy - 1) fj1 = gy - 1;
    if (fi0 > fi1 || fj0 > fj1) continue;
    if (<f64>n + (fi1 - fi0 + 1) * (fj1 - fj0 + 1) > <f64>room) break;
    const i0 = <i32>fi0,
      i1 = <i32>fi1,
      j0 = <i32>fj0,
      j1 = <i32>fj1;
    // a downward-facing triangle (det < 0 in the XY projection) is where a column enters the part
    let k: i8 = -1;
    if (det < 0) {
      // steepness: |nz| / |n| with n the true normal
      const ux = tbx - tax,
        uy = tby - tay,
        uz = bz - az;
      const vx = tqx - tax,
        vy = tqy - tay,
        vz = qz - az;
      const nx = uy * vz - uz * vy,
        ny = uz * vx - ux * vz,
        nz = ux * vy - uy * vx;
      const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
      k = len > 0 && Math.abs(nz) / len > cosS ? 2 : 1;
    }
    // Each edge is evaluated in one orientation whichever triangle it belongs to (from its
    // lexicographically smaller end), so two triangles sharing it compute the same value and a
    // cell centre exactly on it (or rounded onto it) is inside exactly one of them: no column
    // crosses a surface twice at one seam. g = that value, signed to be positive inside.
    const sd: f64 = rawDet > 0 ? 1 : -1;
    const cAB = ax < bx || (ax === bx && ay < by),
      cBQ = bx < qx || (bx === qx && by < qy),
      cQA = qx < ax || (qx === ax && qy < ay);
    const fAB = (cAB ? 1.0 : -1.0) * sd,
      fBQ = (cBQ ? 1.0 : -1.0) * sd,
      fQA = (cQA ? 1.0 : -1.0) * sd;
    const abx = cAB ? ax : bx,
      aby = cAB ? ay : by,
      abdx = cAB ? bx - ax : ax - bx,
      abdy = cAB ? by - ay : ay - by;
    const bqx = cBQ ? bx : qx,
      bqy = cBQ ? by : qy,
      bqdx = cBQ ? qx - bx : bx - qx,
      bqdy = cBQ ? qy - by : by - qy;
    const qax = cQA ? qx : ax,
      qay = cQA ? qy : ay,
      qadx = cQA ? ax - qx : qx - ax,
      qady = cQA ? ay - qy : qy - ay;
    const inv = 1 / Math.abs((bx - ax) * (qy - ay) - (by - ay) * (qx - ax));
    for (let j = j0; j <= j1; j++) {
      const fj = <f64>j;
      for (let ii = i0; ii <= i1; ii++) {
        const fi = <f64>ii;
        const gAB = fAB * (abdx * (fj - aby) - abdy * (fi - abx));
        if (gAB < 0 || (gAB === 0 && fAB < 0)) continue;
        const gBQ = fBQ * (bqdx * (fj - bqy) - bqdy * (fi - bqx));
        if (gBQ < 0 || (gBQ === 0 && fBQ < 0)) continue;
        const gQA = fQA * (qadx * (fj - qay) - qady * (fi - qax));
        if (gQA < 0 || (gQA === 0 && fQA < 0)) continue;
        store<i32>(cells + ((<usize>n) << 2), j * gxi + ii);
        // barycentric weights: each vertex's is the value of the edge facing it
        store<f32>(zs + ((<usize>n) << 2), <f32>((gBQ * az + gQA * bz + gAB * qz) * inv));
        store<i8>(kind + <usize>n, k);
        n++;
      }
    }
  }
  store<i32>(st, n);
  store<i32>(st, i, 4);
}

/** count[cell] += 1 for each of n crossings. */
export function countCells(cells: usize, n: i32, count: usize): void {
  for (let k = 0; k < n; k++) {
    const p = count + ((<usize>load<i32>(cells + ((<usize>k) << 2))) << 2);
    store<i32>(p, load<i32>(p) + 1);
  }
}

/** Counts to starts in place: count[c] becomes the first crossing of column c, count[cells] the total. Returns the total. */
export function countsToStarts(count: usize, cells: i32): i32 {
  let total = 0;
  for (let c = 0; c < cells; c++) {
    const p = count + ((<usize>c) << 2);
    const k = load<i32>(p);
    store<i32>(p, total);
    total += k;
  }
  store<i32>(count + ((<usize>cells) << 2), total);
  return total;
}

/** n crossings (in triangle order) into their columns at cursor (each column's next free place): heights and kinds. */
export function scatterCrossings(cells: usize, zs: usize, kind: usize, n: i32, cursor: usize, outZ: usize, outKind: usize): void {
  for (let k = 0; k < n; k++) {
    const p = cursor + ((<usize>load<i32>(cells + ((<usize>k) << 2))) << 2);
    const at = load<i32>(p);
    store<i32>(p, at + 1);
    store<f32>(outZ + ((<usize>at) << 2), load<f32>(zs + ((<usize>k) << 2)));
    store<i8>(outKind + <usize>at, load<i8>(kind + <usize>k));
  }
}
