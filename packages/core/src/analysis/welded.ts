/**
 * A design's triangles welded as they are read (assembly/weld.ts): each corner is the id of its
 * position (exact float bits, -0 folded to +0) in order of first appearance, and each distinct
 * position is kept once — in an analysis arena (kernels/index.ts), where every later pass reads them.
 * A third of a triangle soup's memory: a 1M-triangle STL is 9 MB of ids (3 bytes each) and 6 MB of positions where
 * its soup was 36 MB, and on a VM each fresh page costs ~10 µs.
 */
import { Arena } from "./kernels/index.ts";
import { LIMITS } from "./limits.ts";

export interface Welded {
  arena: Arena;
  /** Triangles, their corners' ids (3 each, ID_BYTES a corner: cornerIds reads them) at vid, the distinct positions (3 f32 each) at pos. */
  n: number;
  vid: number;
  pos: number;
  vertices: number;
  /** The basic measures' sums per block of BLOCK triangles (12 f64 each: mesh.ts measuresOf), made as the triangles were welded. */
  blocks: number;
}

/**
 * Bytes of a corner's vertex id: 24 bits hold the most vertices a design can have (three a triangle
 * under LIMITS.maxTriangles: 9M < 2^24), and a quarter less memory than a u32 is ~730 fresh pages
 * less for 1M triangles (each ~10 µs on a VM) and a quarter less to read in every pass over the ids.
 */
export const ID_BYTES = 3;
/** The ids' bytes for n triangles: the last id is read as a u32, so one byte of padding. */
export const idsBytes = (n: number) => 3 * ID_BYTES * n + 1;

/** Corner k's vertex id (triangle k / 3), read from the arena's bytes. */
export function cornerIds(m: Welded): (k: number) => number {
  const b = m.arena.u8(m.vid, idsBytes(m.n));
  return (k) => b[3 * k]! | (b[3 * k + 1]! << 8) | (b[3 * k + 2]! << 16);
}

/** Triangles per block of the basic measures' sums (assembly/shared.ts BLOCK_SHIFT). */
export const BLOCK = 16384;
export const blocksOf = (n: number) => Math.max(1, Math.ceil(n / BLOCK));

/** A piece of triangles copied into the arena at a time. */
export const STAGING_BYTES = 1 << 18;

/** The room placed for the columns' crossings of n triangles: at most the cap, at most every triangle over a full grid. */
export const crossingsRoom = (n: number) => Math.min(LIMITS.columnCrossingsCap, n * MAX_GRID_CELLS);

/** The most cells columns.ts's grid can have: its cells rounded up along each side add at most a row and a column of 4,096. */
const MAX_GRID_CELLS = LIMITS.columnCells + 2 * 4096 + 1;

const pow2 = (x: number) => 2 ** Math.ceil(Math.log2(Math.max(1024, x)));

/**
 * The most memory the analysis of n triangles can place at once (geometry.ts's order): the ids and
 * positions (at most three a triangle), the measures' blocks, each triangle's shell, and the largest of
 * what the passes place and give back (the weld's table, the edges' buckets or the union-find, the profile's sums per
 * range, the columns' crossings, bounded by LIMITS.columnCrossingsCap: columns.ts's grid). Reserving
 * it costs nothing until used.
 */
export function arenaBytes(n: number): number {
  const refs = 3 * n;
  const kept = idsBytes(n) + 12 * refs + 96 * blocksOf(n) + 4 * n + 65_536;
  const weld = STAGING_BYTES + 262_144 + 4 * pow2(2 * refs);
  // topology's: the edges' counts and one range's buckets (a hub's may be all of them), then the union-find
  // and the shells' volumes and heights (at most a shell a triangle)
  const topo = Math.max(4 * (refs + 1) + 4 * refs, 4 * refs + 24 * n) + 128;
  const profile = 4 * 8 * (5 * 2000 + 15 * 2001 + 4) + 16 * refs;
  // the table by column, then the larger of the crossings in triangle order and what the walk places
  // (intervals, contacts, support gaps: at most half the crossings each, and a few arrays a cell)
  const room = crossingsRoom(n);
  const columns = 5 * room + Math.max(9 * room, 20 * room + (32 + 40) * MAX_GRID_CELLS) + 262_144;
  return kept + Math.max(weld, topo, profile, columns) + 4096 * 16;
}

/** How the triangles come: binary STL records (with their attribute words read as colours: VisCAM's, or Materialise's) or a soup. */
export type Colours = "none" | "viscam" | "materialise";

/**
 * Welds n triangles as they come, in pieces of any size (a record cut between two pieces waits in the
 * staging area for its rest). `scale` multiplies every coordinate first (a unit the customer chose).
 * Placed in `arena` (a new one sized for n triangles when not given: shared memory for threads).
 */
export class Welder {
  readonly mesh: Welded;
  private readonly staging: number;
  private readonly state: number;
  private readonly recent: number;
  private readonly table: number;
  private readonly mark: number;
  private done = 0;
  private carried = 0;

  constructor(
    n: number,
    colours: Colours = "none",
    private readonly scale = 1,
    arena: Arena = new Arena(arenaBytes(n)),
  ) {
    if (3 * n >= 2 ** (8 * ID_BYTES)) throw new Error(`welding: ${n} triangles are more than ${ID_BYTES}-byte ids can number`);
    const a = arena;
    const vid = a.alloc(idsBytes(n));
    const pos = a.alloc(4 * 9 * n);
    const blocks = a.alloc(96 * blocksOf(n));
    a.k.measureBlocksInit(blocks, blocksOf(n));
    this.mesh = { arena: a, n, vid, pos, vertices: 0, blocks };
    this.state = a.zeroed(32 + 4096);
    // the scratch of the weld, given back by finish
    this.mark = a.mark();
    this.staging = a.alloc(STAGING_BYTES);
    this.recent = a.zeroed(a.k.recentBytes());
    const room = pow2(2 * 3 * n),
      slots = Math.min(room, pow2(n + 1024));
    this.table = a.alloc(4 * room);
    a.u8(this.table, 4 * slots).fill(0);
    const seed = new Uint32Array(1);
    globalThis.crypto.getRandomValues(seed);
    a.u32(this.state, 5).set([0, slots - 1, room, seed[0]!, colours === "none" ? 0 : colours === "viscam" ? 1 : 2]);
  }

  /** Triangles placed so far. */
  get count(): number {
    return this.done;
  }

  /** The next bytes of binary STL records (after the 84-byte header). */
  pushRecords(piece: Uint8Array): void {
    this.push(piece, 50, 12);
  }

  /** The next floats of a soup (9 a triangle). */
  pushSoup(floats: Float32Array): void {
    this.push(new Uint8Array(floats.buffer, floats.byteOffset, floats.byteLength), 36, 0);
  }

  private push(piece: Uint8Array, stride: number, offset: number): void {
    const a = this.mesh.arena;
    let at = 0;
    while (at < piece.length && this.done < this.mesh.n) {
      const take = Math.min(piece.length - at, STAGING_BYTES - this.carried);
      a.u8(this.staging + this.carried, take).set(piece.subarray(at, at + take));
      at += take;
      const bytes = this.carried + take;
      const whole = Math.min(this.mesh.n - this.done, Math.floor(bytes / stride));
      const m = this.mesh;
      if (whole > 0)
        a.k.weldTriangles(
          this.staging,
          stride,
          offset,
          whole,
          this.done,
          this.scale,
          m.vid,
          m.pos,
          this.table,
          this.recent,
          this.state,
          m.blocks,
        );
      this.done += whole;
      this.carried = bytes - whole * stride;
      if (this.carried > 0) a.u8(0, a.size).copyWithin(this.staging, this.staging + whole * stride, this.staging + bytes);
    }
  }

  /**
   * The mesh, once every triangle is in (the caller checks `count`); the weld's scratch is given back.
   * `bad`: a coordinate is NaN or infinite; `colourFlags`: facets carrying a colour; `colours`: how many (at most 64).
   */
  finish(): { mesh: Welded; bad: boolean; colourFlags: number; colours: number } {
    const a = this.mesh.arena;
    const [vertices, , , , , bad, flags] = a.u32(this.state, 7);
    let colours = 0;
    for (const w of a.u32(this.state + 32, 1024)) for (let x = w; x !== 0; x &= x - 1) colours++;
    a.release(this.mark);
    this.mesh.vertices = vertices!;
    return { mesh: this.mesh, bad: bad !== 0, colourFlags: flags!, colours: Math.min(64, colours) };
  }
}

/** A soup made elsewhere (a parser's Float32Array, 9 floats a triangle) welded into a new arena. */
export function weldSoup(t: Float32Array, scale = 1): Welded {
  const w = new Welder((t.length / 9) | 0, "none", scale);
  w.pushSoup(t);
  return w.finish().mesh;
}
