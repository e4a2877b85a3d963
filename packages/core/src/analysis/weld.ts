/**
 * Welding: every vertex reference (3 per triangle) gets the id of its unique position (exact float
 * bits; -0 was folded to +0 by the parsers), in order of first appearance (assembly/weld.ts says
 * how: a cache of recent positions, the misses sorted by hash and grouped, ids assigned in order).
 * The arrays live in the soup's arena: the ids stay placed, the scratch is given back.
 */
import { pieces } from "./pieces.ts";
import type { Soup } from "./soup.ts";

/** Pieces of vertex references a kernel call takes (soup.ts's blocks are triangles; this is refs). */
const REFS = 49152;

/** One range's misses: refs and their hashes at ref / hash, `n` of them. */
export interface WeldMisses {
  ref: number;
  hash: number;
  n: number;
}

/**
 * Pass 1 over refs [from, to): link[r] = an earlier ref of the same range at the same position, or -1;
 * the misses go to missRef / missHash (room for to − from). Ranges are independent (each its own
 * cache of recentBytes() at `recent`, zeroed), so threads can share it.
 */
export function weldScan(s: Soup, from: number, to: number, link: number, missRef: number, missHash: number, recent: number): number {
  let misses = 0;
  for (const [r, e] of pieces(from, to, REFS)) misses = s.arena.k.recentPass(s.at, r, e, recent, link, missRef, missHash, misses);
  return misses;
}

/**
 * Passes 2 and 3: the misses of every range (in range order) grouped by position, then ids in order
 * of first appearance. `link` becomes the vertex ids in place. Each range's misses lie at or after
 * where they go when put one after the other from the first range's, its hashes as far from the
 * first range's hashes as its refs from the first refs (parallel.ts places them so).
 */
export function weldFinish(s: Soup, refs: number, link: number, parts: WeldMisses[]): number {
  const a = s.arena;
  const total = parts.reduce((t, p) => t + p.n, 0);
  // the ranges' misses one after the other (each already at or after where it goes)
  const ref = parts[0]?.ref ?? 0,
    hash = parts[0]?.hash ?? 0;
  let at = 0;
  for (const p of parts) {
    const from = (p.ref - ref) / 4;
    if (from !== at) {
      a.i32(ref, from + p.n).copyWithin(at, from, from + p.n);
      a.u32(hash, from + p.n).copyWithin(at, from, from + p.n);
    }
    at += p.n;
  }
  const mark = a.mark();
  const keys2 = a.alloc(4 * total),
    refs2 = a.alloc(4 * total),
    count = a.alloc(4 * 2048);
  a.k.radixSort(hash, ref, keys2, refs2, total, count);
  a.k.groupRuns(s.at, keys2, refs2, total, link);
  a.release(mark);
  let nv = 0;
  for (const [from, to] of pieces(0, refs, REFS)) nv = a.k.assign(link, from, to, nv);
  return nv;
}

/** Vertex id of every reference of the soup (placed in its arena), and the number of vertices. */
export function weld(s: Soup): { vid: number; vertices: number } {
  const a = s.arena;
  const refs = 3 * s.n;
  const vid = a.alloc(4 * refs);
  const mark = a.mark();
  const missRef = a.alloc(4 * refs),
    missHash = a.alloc(4 * refs);
  const n = weldScan(s, 0, refs, vid, missRef, missHash, a.zeroed(a.k.recentBytes()));
  const vertices = weldFinish(s, refs, vid, [{ ref: missRef, hash: missHash, n }]);
  a.release(mark);
  return { vid, vertices };
}
