/**
 * Shells and edges from the welded vertex ids (weld.ts): shells by union-find over shared vertices,
 * watertightness by counting each undirected edge's faces (CSR buckets by the lower vertex id).
 * The caller (mesh.ts) runs the passes in order, in pieces.
 */
import { corner, idAt, sortI32 } from "./shared";

function at(a: usize, i: i32): usize {
  return a + ((<usize>i) << 2);
}

/** parent[v] = v for v in [0, n). */
export function identity(parent: usize, n: i32): void {
  for (let i = 0; i < n; i++) store<i32>(at(parent, i), i);
}

/** The root of x's group (paths compressed on the way). */
function find(parent: usize, x: i32): i32 {
  let r = x;
  while (load<i32>(at(parent, r)) !== r) r = load<i32>(at(parent, r));
  while (load<i32>(at(parent, x)) !== r) {
    const nx = load<i32>(at(parent, x));
    store<i32>(at(parent, x), r);
    x = nx;
  }
  return r;
}

/**
 * Joins each triangle's three vertices, triangles [from, to). A group's root is always its lowest
 * vertex id (the larger roots are put under the smallest), so parent[v] <= v for every v: what
 * labelPass needs to number the groups in one pass.
 */
export function unionPass(vid: usize, parent: usize, from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
    const a = find(parent, idAt(vid, 3 * i)),
      b = find(parent, idAt(vid, 3 * i + 1)),
      c = find(parent, idAt(vid, 3 * i + 2));
    const r = min(a, min(b, c));
    store<i32>(at(parent, a), r);
    store<i32>(at(parent, b), r);
    store<i32>(at(parent, c), r);
  }
}

/**
 * Each vertex's group numbered in place (parent[v] becomes its shell), in order of the groups' lowest
 * vertex ids — which is their order of first appearance in the triangles, since ids are given in
 * order of first appearance and a group's first triangle holds its lowest id. Vertices in increasing
 * order: a root takes the next number; any other vertex takes what its parent (a lower id, already
 * numbered) now holds. Returns the shells.
 */
export function labelPass(parent: usize, nv: i32): i32 {
  let shells = 0;
  for (let v = 0; v < nv; v++) {
    const p = load<i32>(at(parent, v));
    store<i32>(at(parent, v), p === v ? shells++ : load<i32>(at(parent, p)));
  }
  return shells;
}

/**
 * Each triangle's shell (shellOf[i], from its first corner's label: labelPass) and each shell's signed
 * volume (f64s at `volumes`, summed in triangle order), triangles [from, to).
 */
export function shellVolumePass(vid: usize, pos: usize, label: usize, shellOf: usize, volumes: usize, from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
    const s = load<i32>(at(label, idAt(vid, 3 * i)));
    store<i32>(at(shellOf, i), s);
    const p0 = corner(vid, pos, i, 0),
      p1 = corner(vid, pos, i, 1),
      p2 = corner(vid, pos, i, 2);
    const ax = <f64>load<f32>(p0),
      ay = <f64>load<f32>(p0, 4),
      az = <f64>load<f32>(p0, 8);
    const ux = <f64>load<f32>(p1) - ax,
      uy = <f64>load<f32>(p1, 4) - ay,
      uz = <f64>load<f32>(p1, 8) - az;
    const vx = <f64>load<f32>(p2) - ax,
      vy = <f64>load<f32>(p2, 4) - ay,
      vz = <f64>load<f32>(p2, 8) - az;
    const cx = uy * vz - uz * vy,
      cy = uz * vx - ux * vz,
      cz = ux * vy - uy * vx;
    const p = volumes + ((<usize>s) << 3);
    store<f64>(p, load<f64>(p) + (ax * cx + ay * cy + az * cz) / 6);
  }
}

/**
 * Each shell's lowest and highest z (f64s at lo and hi, set to +∞ and -∞ by the caller), from its
 * vertices [from, to) (label: each vertex's shell, labelPass): the same as over its triangles'
 * corners, since every vertex is some triangle's corner, in a pass over half as many points, in order.
 */
export function shellRangePass(pos: usize, label: usize, lo: usize, hi: usize, from: i32, to: i32): void {
  for (let v = from; v < to; v++) {
    const z = <f64>load<f32>(pos + <usize>v * 12, 8);
    const s = <usize>load<i32>(at(label, v));
    const pl = lo + (s << 3),
      ph = hi + (s << 3);
    if (z < load<f64>(pl)) store<f64>(pl, z);
    if (z > load<f64>(ph)) store<f64>(ph, z);
  }
}

function bump(a: usize, i: i32): void {
  const p = at(a, i);
  store<i32>(p, load<i32>(p) + 1);
}

/**
 * A triangle with a collapsed edge (two corners the same vertex) is left out of the edge count:
 * slicers drop them; zero-area triangles with three distinct corners stay, they often close T-junctions.
 */
function collapsed(a: i32, b: i32, c: i32): bool {
  return a === b || b === c || c === a;
}

/**
 * start[lo] += 1 for each edge (lo, hi) of triangles [from, to) (runningSums then makes each bucket's
 * end). Returns the highest vertex id among those triangles (-1 for none).
 */
export function edgeCountPass(vid: usize, start: usize, from: i32, to: i32): i32 {
  let highest = -1;
  for (let i = from; i < to; i++) {
    const a = idAt(vid, 3 * i),
      b = idAt(vid, 3 * i + 1),
      c = idAt(vid, 3 * i + 2);
    highest = max(highest, max(a, max(b, c)));
    if (collapsed(a, b, c)) continue;
    bump(start, min(a, b));
    bump(start, min(b, c));
    bump(start, min(c, a));
  }
  return highest;
}

/** a[i] += a[i - 1] for i in [1, n). */
export function runningSums(a: usize, n: i32): void {
  for (let i = 1; i < n; i++) store<i32>(at(a, i), load<i32>(at(a, i)) + load<i32>(at(a, i - 1)));
}

/** Puts hi in lo's bucket when lo is in [v0, v1) (the buckets of one range of vertices, from `base`). */
function put(fill: usize, his: usize, base: i32, v0: i32, v1: i32, lo: i32, hi: i32): void {
  if (<u32>(lo - v0) >= <u32>(v1 - v0)) return;
  const p = at(fill, lo);
  const k = load<i32>(p) - 1;
  store<i32>(p, k);
  store<i32>(at(his, k - base), hi);
}

/**
 * The higher vertex of each edge whose lower vertex is in [v0, v1) into that vertex's bucket,
 * triangles [from, to), filled from each bucket's end (fill: the ends, from runningSums; his holds
 * the range's buckets, the first at `base`): once the range's edges are in, fill[v] is bucket v's
 * start, so one array serves as the counts, the places and the buckets' bounds. The buckets are
 * filled and scanned a range of vertices at a time so that they need a part of the memory, not
 * all of it (fresh pages are costly: the analysis README, "Speed and memory").
 */
export function edgeFillPass(vid: usize, fill: usize, his: usize, base: i32, v0: i32, v1: i32, from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
    const a = idAt(vid, 3 * i),
      b = idAt(vid, 3 * i + 1),
      c = idAt(vid, 3 * i + 2);
    if (collapsed(a, b, c)) continue;
    put(fill, his, base, v0, v1, min(a, b), max(a, b));
    put(fill, his, base, v0, v1, min(b, c), max(b, c));
    put(fill, his, base, v0, v1, min(c, a), max(c, a));
  }
}

/**
 * Buckets of vertices [from, to), within a filled range whose buckets start at `base` and whose last
 * bucket (vertex `last`) ends at `lastEnd`: each sorted, then equal neighbours counted. stats (i32s)
 * += boundary edges (1 face), non-manifold edges (more than 2), edges with an odd count.
 */
export function edgeScanPass(start: usize, his: usize, base: i32, last: i32, lastEnd: i32, stats: usize, from: i32, to: i32): void {
  let boundary = 0,
    nonManifold = 0,
    odd = 0;
  for (let v = from; v < to; v++) {
    const s = load<i32>(at(start, v)) - base,
      e = (v === last ? lastEnd : load<i32>(at(start, v + 1))) - base;
    if (e - s > 32) {
      sortI32(at(his, s), e - s); // a hub vertex (fan): never quadratic
    } else if (e - s > 1) {
      for (let i = s + 1; i < e; i++) {
        const x = load<i32>(at(his, i));
        let j = i - 1;
        while (j >= s && load<i32>(at(his, j)) > x) {
          store<i32>(at(his, j + 1), load<i32>(at(his, j)));
          j--;
        }
        store<i32>(at(his, j + 1), x);
      }
    }
    let i = s;
    while (i < e) {
      const x = load<i32>(at(his, i));
      let j = i + 1;
      while (j < e && load<i32>(at(his, j)) === x) j++;
      const cnt = j - i;
      if (x !== v) {
        if (cnt === 1) boundary++;
        else if (cnt > 2) nonManifold++;
        if (cnt & 1) odd++;
      }
      i = j;
    }
  }
  store<i32>(stats, load<i32>(stats) + boundary);
  store<i32>(stats, load<i32>(stats, 4) + nonManifold, 4);
  store<i32>(stats, load<i32>(stats, 8) + odd, 8);
}
