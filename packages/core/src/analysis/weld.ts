/**
 * Welding: every vertex reference (3 per triangle) gets the id of its unique position (exact float
 * bits; -0 was folded to +0 by the parsers). Ids are given in order of first appearance, so arrays
 * indexed by vertex keep the file's locality.
 *
 * A hash table touched at random for each of the millions of references waits on memory for most
 * of its time. Instead, in passes that read and write memory in order:
 *   1. each reference is looked up in a small direct-mapped cache of recently seen positions (it
 *      stays in the processor's cache; a vertex is met again a few triangles or one tessellation row
 *      later): a hit links the reference to the earlier one;
 *   2. the references the cache missed are sorted by a 32-bit hash of their position (radix sort)
 *      and grouped by exact position: each group links to its first reference;
 *   3. one pass in file order gives each first reference a new id and every other the id of the
 *      reference it links to (always an earlier one).
 * Work is linear; equal hashes of different positions (rare, or crafted) are grouped by a native
 * sort of the run, never quadratically.
 */
import { pieces } from "./pieces.ts";

const RECENT = 16384;

export function hash3(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b, 0xc2b2ae35) ^ Math.imul(c ^ (c >>> 15), 0x27d4eb2f);
  h ^= h >>> 13;
  h = Math.imul(h, 0x165667b1);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Pass 1 over refs [from, to): link[r] = an earlier ref at the same position, or -1 (a cache miss; its hash kept in missHash). */
function recentChunk(
  bits: Uint32Array,
  from: number,
  to: number,
  recent: Uint32Array,
  link: Int32Array,
  missRef: Int32Array,
  missHash: Uint32Array,
  misses: number,
): number {
  for (let r = from; r < to; r++) {
    const o = r * 3;
    const a = bits[o]!,
      b = bits[o + 1]!,
      c = bits[o + 2]!;
    const h = hash3(a, b, c);
    const q = ((h >>> 8) & (RECENT - 1)) << 2;
    // slot word 3 holds the ref + 1 (0 = empty)
    const prev = recent[q + 3]!;
    if (prev !== 0 && recent[q] === a && recent[q + 1] === b && recent[q + 2] === c) {
      link[r] = prev - 1;
      continue;
    }
    recent[q] = a;
    recent[q + 1] = b;
    recent[q + 2] = c;
    recent[q + 3] = r + 1;
    link[r] = -1;
    missRef[misses] = r;
    missHash[misses] = h;
    misses++;
  }
  return misses;
}

/** Stable LSD radix sort of `refs` by `keys` (32-bit), 11 bits a pass. */
function radixSort(keys: Uint32Array, refs: Int32Array, n: number): { keys: Uint32Array; refs: Int32Array } {
  let k0: Uint32Array = keys,
    r0: Int32Array = refs;
  let k1: Uint32Array = new Uint32Array(n),
    r1: Int32Array = new Int32Array(n);
  const count = new Int32Array(2048);
  // one loop per function (pieces.ts says why)
  for (let shift = 0; shift < 32; shift += 11) {
    digitStarts(k0, n, shift, count);
    scatterByDigit(k0, r0, k1, r1, n, shift, count);
    [k0, k1] = [k1, k0];
    [r0, r1] = [r1, r0];
  }
  return { keys: k0, refs: r0 };
}

/** count[d] = where the keys whose digit (11 bits at `shift`) is d start in the sorted order. */
function digitStarts(keys: Uint32Array, n: number, shift: number, count: Int32Array): void {
  countDigits(keys, n, shift, count);
  let sum = 0;
  for (let d = 0; d < 2048; d++) {
    const c = count[d]!;
    count[d] = sum;
    sum += c;
  }
}

function countDigits(keys: Uint32Array, n: number, shift: number, count: Int32Array): void {
  count.fill(0);
  for (let i = 0; i < n; i++) count[(keys[i]! >>> shift) & 2047]!++;
}

function scatterByDigit(
  k0: Uint32Array,
  r0: Int32Array,
  k1: Uint32Array,
  r1: Int32Array,
  n: number,
  shift: number,
  count: Int32Array,
): void {
  for (let i = 0; i < n; i++) {
    const k = k0[i]!;
    const at = count[(k >>> shift) & 2047]!++;
    k1[at] = k;
    r1[at] = r0[i]!;
  }
}

/** Pass 2: within each run of equal hashes (refs ascending), link every ref to the first one at its position. */
function groupRuns(bits: Uint32Array, keys: Uint32Array, refs: Int32Array, n: number, link: Int32Array): void {
  let i = 0;
  while (i < n) {
    const k = keys[i]!;
    let j = i + 1;
    while (j < n && keys[j] === k) j++;
    if (j - i > 1) {
      if (j - i <= 16) {
        // a short run: compare each ref with the earlier ones that are still their group's first
        for (let p = i + 1; p < j; p++) {
          const rp = refs[p]! * 3;
          for (let q = i; q < p; q++) {
            const rq = refs[q]!;
            if (link[rq] !== -1) continue;
            if (bits[rp] === bits[rq * 3] && bits[rp + 1] === bits[rq * 3 + 1] && bits[rp + 2] === bits[rq * 3 + 2]) {
              link[refs[p]!] = rq;
              break;
            }
          }
        }
      } else {
        // a long run (many refs of one vertex the cache kept missing, or colliding hashes): sort it by
        // position, ties by ref, and link each ref to the first of its position
        const run = Array.from(refs.subarray(i, j));
        run.sort(
          (x, y) => bits[x * 3]! - bits[y * 3]! || bits[x * 3 + 1]! - bits[y * 3 + 1]! || bits[x * 3 + 2]! - bits[y * 3 + 2]! || x - y,
        );
        let first = run[0]!;
        for (let p = 1; p < run.length; p++) {
          const x = run[p]!;
          if (bits[x * 3] === bits[first * 3] && bits[x * 3 + 1] === bits[first * 3 + 1] && bits[x * 3 + 2] === bits[first * 3 + 2])
            link[x] = first;
          else first = x;
        }
      }
    }
    i = j;
  }
}

/** Pass 3: ids in order of first appearance (link[r] < r always). Returns the vertex count. */
function assignChunk(link: Int32Array, vid: Int32Array, from: number, to: number, nv: number): number {
  for (let r = from; r < to; r++) {
    const l = link[r]!;
    vid[r] = l < 0 ? nv++ : vid[l]!;
  }
  return nv;
}

/** The references the recent-positions cache missed in a range: refs and their hashes (`n` of them). */
export interface WeldMisses {
  ref: Int32Array;
  hash: Uint32Array;
  n: number;
}

/**
 * Pass 1 over refs [from, to): link[r] = an earlier ref of the same range at the same position, or -1;
 * the misses are returned. Ranges are independent (each its own cache), so threads can share it.
 */
export function weldScan(bits: Uint32Array, from: number, to: number, link: Int32Array): WeldMisses {
  const CHUNK = 49152;
  const recent = new Uint32Array(RECENT * 4);
  const len = to - from;
  // misses are about a fifth of the refs on real meshes: grow their arrays as needed
  let missRef = new Int32Array(Math.min(len, Math.max(CHUNK, len >> 2)));
  let missHash = new Uint32Array(missRef.length);
  let misses = 0;
  for (const [r, e] of pieces(from, to, CHUNK)) {
    if (misses + (e - r) > missRef.length && missRef.length < len) {
      const n = Math.min(len, Math.max(missRef.length * 2, misses + (e - r)));
      const a = new Int32Array(n),
        b = new Uint32Array(n);
      a.set(missRef.subarray(0, misses));
      b.set(missHash.subarray(0, misses));
      missRef = a;
      missHash = b;
    }
    misses = recentChunk(bits, r, e, recent, link, missRef, missHash, misses);
  }
  return { ref: missRef, hash: missHash, n: misses };
}

/**
 * Passes 2 and 3: the misses of every range (in range order) grouped by position, then ids in order
 * of first appearance. `link` becomes the vertex ids in place.
 */
export function weldFinish(bits: Uint32Array, refs: number, link: Int32Array, parts: WeldMisses[]): { vid: Int32Array; vertices: number } {
  const total = parts.reduce((s, p) => s + p.n, 0);
  let ref: Int32Array, hash: Uint32Array;
  if (parts.length === 1) {
    ref = parts[0]!.ref;
    hash = parts[0]!.hash;
  } else {
    ref = new Int32Array(total);
    hash = new Uint32Array(total);
    let at = 0;
    for (const p of parts) {
      ref.set(p.ref.subarray(0, p.n), at);
      hash.set(p.hash.subarray(0, p.n), at);
      at += p.n;
    }
  }
  const sorted = radixSort(hash, ref, total);
  groupRuns(bits, sorted.keys, sorted.refs, total, link);
  const CHUNK = 49152;
  let nv = 0;
  for (const [a, b] of pieces(0, refs, CHUNK)) nv = assignChunk(link, link, a, b, nv);
  return { vid: link, vertices: nv };
}

/** Vertex id of every reference of the soup `bits` (9 words per triangle), and the number of vertices. */
export function weld(bits: Uint32Array, refs: number): { vid: Int32Array; vertices: number } {
  const link = new Int32Array(refs);
  return weldFinish(bits, refs, link, [weldScan(bits, 0, refs, link)]);
}
