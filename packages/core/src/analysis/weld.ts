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

/** One range's misses: `n` u64s at `at` (hash above ref). */
export interface WeldMisses {
  at: number;
  n: number;
}

/**
 * Pass 1 over refs [from, to): link[r] = an earlier ref of the same range at the same position, or -1;
 * the misses go to `misses` (room for to − from). Ranges are independent (each its own cache of
 * recentBytes() at `recent`, zeroed), so threads can share it.
 */
export function weldScan(s: Soup, from: number, to: number, link: number, misses: number, recent: number): number {
  let n = 0;
  for (const [r, e] of pieces(from, to, REFS)) n = s.arena.k.recentPass(s.at, r, e, recent, link, misses, n);
  return n;
}

/**
 * Passes 2 and 3: the misses of every range (in range order) grouped by position, then ids in order
 * of first appearance. `link` becomes the vertex ids in place. The ranges' misses are put one after
 * the other from the first range's (each lies at or after where it goes: parallel.ts places them
 * so), and the arena's top is brought back to their end before the sort's scratch is placed, so the
 * sort reuses memory the misses' room did not need.
 */
export function weldFinish(s: Soup, refs: number, link: number, parts: WeldMisses[]): number {
  const a = s.arena;
  const first = parts[0]!.at;
  let total = 0;
  for (const p of parts) {
    // 8-byte misses moved as pairs of i32s (a float view could change a NaN's bits)
    const from = (p.at - first) / 4;
    if (from !== 2 * total) a.i32(first, from + 2 * p.n).copyWithin(2 * total, from, from + 2 * p.n);
    total += p.n;
  }
  a.release(first + 8 * total);
  const mark = a.mark();
  const sorted = a.alloc(8 * total),
    count = a.alloc(4 * 2048);
  a.k.radixSort(first, sorted, total, count);
  // the unsorted misses are not needed any more: their room holds a long run's refs
  a.k.groupRuns(s.at, sorted, total, link, first);
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
  const recent = a.zeroed(a.k.recentBytes());
  const misses = a.alloc(8 * refs);
  const n = weldScan(s, 0, refs, vid, misses, recent);
  const vertices = weldFinish(s, refs, vid, [{ at: misses, n }]);
  a.release(mark);
  return { vid, vertices };
}
