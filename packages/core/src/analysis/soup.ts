/**
 * A triangle soup in an analysis arena (kernels/index.ts): n triangles of 9 f32 (x0 y0 z0 x1 … z2)
 * at `at`, in millimetres as the file gives them. Every pass over the triangles reads it there.
 */
import { Arena } from "./kernels/index.ts";
import { LIMITS } from "./limits.ts";

export interface Soup {
  arena: Arena;
  at: number;
  n: number;
  /** The basic measures' sums per block of BLOCK triangles (12 f64 each: mesh.ts measuresOf), filled as the triangles are placed. */
  blocks: number;
}

/** Triangles per block of the basic measures' sums (assembly/shared.ts BLOCK_SHIFT). */
export const BLOCK = 16384;
export const blocksOf = (n: number) => Math.max(1, Math.ceil(n / BLOCK));

/** The room placed for the columns' crossings of n triangles: at most the cap, at most every triangle over a full grid. */
export const crossingsRoom = (n: number) => Math.min(LIMITS.columnCrossingsCap, n * MAX_GRID_CELLS);

/** The most cells columns.ts's grid can have: its cells rounded up along each side add at most a row and a column of 4,096. */
const MAX_GRID_CELLS = LIMITS.columnCells + 2 * 4096 + 1;

/** A piece of a stream's records copied into the arena at a time (stream.ts). */
export const STAGING_BYTES = 1 << 20;

/**
 * The most memory the analysis of n triangles can place at once (geometry.ts's order): the soup,
 * the measures' blocks, the vertex ids, each triangle's shell, the shells' volumes (at most one per
 * vertex), the skipped triangles, and the largest of what the passes place and give back (the weld's
 * misses and their sort, the edges' buckets, the profile's sums per range, the columns' crossings,
 * bounded by LIMITS.columnCrossingsCap: columns.ts's grid). Reserving it costs nothing until used.
 */
export function arenaBytes(n: number): number {
  const refs = 3 * n;
  const kept = 36 * n + 96 * blocksOf(n) + 4 * refs + 4 * n + 8 * refs + n;
  const weld = 16 * refs + 8192 + 262_144;
  const edges = 16 * refs + 16 + 4 * refs;
  const profile = 4 * 8 * (5 * 2000 + 15 * 2001 + 4) + 16 * refs;
  // the table by column, then the larger of the crossings in triangle order and what the walk places
  // (intervals, contacts, support gaps: at most half the crossings each, and a few arrays a cell)
  const columns = 5 * crossingsRoom(n) + Math.max(9 * crossingsRoom(n), 20 * crossingsRoom(n) + (32 + 40) * MAX_GRID_CELLS) + 262_144;
  return kept + Math.max(weld, edges, profile, columns, STAGING_BYTES + 64) + 4096 * 16;
}

/** A new arena with room for n triangles' analysis, the soup placed first (its contents: zeros) and its measures' blocks empty. */
export function newSoup(n: number): Soup {
  const arena = new Arena(arenaBytes(n));
  const at = arena.alloc(36 * n);
  const blocks = arena.alloc(96 * blocksOf(n));
  arena.k.measureBlocksInit(blocks, blocksOf(n));
  return { arena, at, n, blocks };
}

/** A soup made elsewhere (a parser's Float32Array), copied into a new arena and measured. */
export function soupOf(t: Float32Array): Soup {
  const s = newSoup((t.length / 9) | 0);
  s.arena.f32(s.at, t.length).set(t);
  measure(s);
  return s;
}

/** The soup's floats, a view of the arena's memory. */
export const soupFloats = (s: Soup) => s.arena.f32(s.at, 9 * s.n);

/** Every coordinate × f (a unit the customer chose), and the measures made again. */
export function scaleSoup(s: Soup, f: number): void {
  const t = soupFloats(s);
  for (let i = 0; i < t.length; i++) t[i] = t[i]! * f;
  s.arena.k.measureBlocksInit(s.blocks, blocksOf(s.n));
  measure(s);
}

/** The soup's measures summed into its blocks (mesh.ts measuresOf adds them up). */
function measure(s: Soup): void {
  for (let a = 0; a < s.n; a += BLOCK) s.arena.k.measureSoup(s.at, a, Math.min(s.n, a + BLOCK), s.blocks);
}
