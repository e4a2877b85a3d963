/**
 * Shells and edges from the welded vertex ids (weld.ts): shells by union-find over shared vertices,
 * watertightness by counting each undirected edge's faces (CSR buckets by the lower vertex id).
 * The caller (mesh.ts) runs the passes in order, in pieces.
 */
import { corner, sortI32 } from "./shared";

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

/** Joins each triangle's three vertices, triangles [from, to). */
export function unionPass(vid: usize, parent: usize, from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
    const a = find(parent, load<i32>(at(vid, 3 * i))),
      b = find(parent, load<i32>(at(vid, 3 * i + 1))),
      c = find(parent, load<i32>(at(vid, 3 * i + 2)));
    if (a !== b) store<i32>(at(parent, b), a);
    const ra = find(parent, a);
    if (ra !== c) store<i32>(at(parent, c), ra);
  }
}

/** Shell of each triangle [from, to), numbered in order of first appearance (shellId: -1 where none yet). Returns the shells now. */
export function compactPass(vid: usize, parent: usize, shellId: usize, shellOf: usize, from: i32, to: i32, shells: i32): i32 {
  for (let i = from; i < to; i++) {
    const r = find(parent, load<i32>(at(vid, 3 * i)));
    let s = load<i32>(at(shellId, r));
    if (s === -1) {
      s = shells++;
      store<i32>(at(shellId, r), s);
    }
    store<i32>(at(shellOf, i), s);
  }
  return shells;
}

/**
 * Each shell's signed volume (f64s at `volumes`, summed in triangle order), and skip[i] = 1 for a
 * triangle with a collapsed edge (left out of the edge count: slicers drop them; zero-area triangles
 * with three distinct corners stay, they often close T-junctions).
 */
export function shellVolumePass(vid: usize, pos: usize, shellOf: usize, volumes: usize, skip: usize, from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
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
    const p = volumes + ((<usize>load<i32>(at(shellOf, i))) << 3);
    store<f64>(p, load<f64>(p) + (ax * cx + ay * cy + az * cz) / 6);
    if (cx === 0 && cy === 0 && cz === 0) {
      const a = load<i32>(at(vid, 3 * i)),
        b = load<i32>(at(vid, 3 * i + 1)),
        c = load<i32>(at(vid, 3 * i + 2));
      if (a === b || b === c || c === a) store<u8>(skip + <usize>i, 1);
    }
  }
}

function bump(a: usize, i: i32): void {
  const p = at(a, i);
  store<i32>(p, load<i32>(p) + 1);
}

/** start[lo] += 1 for each edge (lo, hi) of triangles [from, to) not skipped (runningSums then makes each bucket's end). */
export function edgeCountPass(vid: usize, skip: usize, start: usize, from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
    if (load<u8>(skip + <usize>i) !== 0) continue;
    const a = load<i32>(at(vid, 3 * i)),
      b = load<i32>(at(vid, 3 * i + 1)),
      c = load<i32>(at(vid, 3 * i + 2));
    bump(start, min(a, b));
    bump(start, min(b, c));
    bump(start, min(c, a));
  }
}

/** a[i] += a[i - 1] for i in [1, n). */
export function runningSums(a: usize, n: i32): void {
  for (let i = 1; i < n; i++) store<i32>(at(a, i), load<i32>(at(a, i)) + load<i32>(at(a, i - 1)));
}

function put(fill: usize, his: usize, lo: i32, hi: i32): void {
  const p = at(fill, lo);
  const k = load<i32>(p) - 1;
  store<i32>(p, k);
  store<i32>(at(his, k), hi);
}

/**
 * Each edge's higher vertex into its lower vertex's bucket, triangles [from, to), filled from each
 * bucket's end (fill: the ends, from runningSums): once every edge is in, fill[v] is bucket v's start
 * and fill[v + 1] its end, so one array serves as the counts, the places and the buckets' bounds.
 */
export function edgeFillPass(vid: usize, skip: usize, fill: usize, his: usize, from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
    if (load<u8>(skip + <usize>i) !== 0) continue;
    const a = load<i32>(at(vid, 3 * i)),
      b = load<i32>(at(vid, 3 * i + 1)),
      c = load<i32>(at(vid, 3 * i + 2));
    put(fill, his, min(a, b), max(a, b));
    put(fill, his, min(b, c), max(b, c));
    put(fill, his, min(c, a), max(c, a));
  }
}

/**
 * Buckets of vertices [from, to): each sorted, then equal neighbours counted. stats (i32s) += boundary
 * edges (1 face), non-manifold edges (more than 2), edges with an odd count.
 */
export function edgeScanPass(start: usize, his: usize, stats: usize, from: i32, to: i32): void {
  let boundary = 0,
    nonManifold = 0,
    odd = 0;
  for (let v = from; v < to; v++) {
    const s = load<i32>(at(start, v)),
      e = load<i32>(at(start, v + 1));
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
