/**
 * Welding: every vertex reference (3 per triangle) gets the id of its unique position (exact float
 * bits). Ids are given in order of first appearance, so arrays indexed by vertex keep the file's
 * locality. A hash table touched at random for each of millions of references waits on memory for
 * most of its time; instead, in passes that read and write memory in order:
 *   1. recentPass: each reference is looked up in a small direct-mapped cache of recently seen
 *      positions (it stays in the processor's cache; a vertex is met again a few triangles or one
 *      tessellation row later): a hit links the reference to the earlier one;
 *   2. the misses are sorted by a 32-bit hash of their position (radixSort) and grouped by exact
 *      position (groupRuns): each group links to its first reference;
 *   3. assign: in file order each first reference gets a new id, every other the id of the
 *      reference it links to (always an earlier one).
 * Work is linear; equal hashes of different positions (rare, or crafted) are grouped by sorting the
 * run, never quadratically.
 */
const RECENT: u32 = 16384;

function hash3(a: u32, b: u32, c: u32): u32 {
  let h: u32 = ((a ^ 0x9e3779b9) * 0x85ebca6b) ^ (b * 0xc2b2ae35) ^ ((c ^ (c >> 15)) * 0x27d4eb2f);
  h ^= h >> 13;
  h = h * 0x165667b1;
  return h ^ (h >> 16);
}

/** Bytes of the recent-positions cache (zeroed by the caller before a range's first call). */
export function recentBytes(): i32 {
  return <i32>RECENT * 16;
}

/**
 * Pass 1 over refs [from, to) of the soup (3 u32 a ref): link[r] = an earlier ref at the same
 * position, or -1 (a miss: appended at misses[count …] as a u64, its hash above its ref). Returns
 * the misses now. Ranges are independent (each its own cache), so threads can share the pass.
 */
export function recentPass(soup: usize, from: i32, to: i32, recent: usize, link: usize, misses: usize, count: i32): i32 {
  for (let r = from; r < to; r++) {
    const o = soup + <usize>r * 12;
    const a = load<u32>(o),
      b = load<u32>(o, 4),
      c = load<u32>(o, 8);
    const h = hash3(a, b, c);
    const q = recent + ((<usize>((h >> 8) & (RECENT - 1))) << 4);
    // slot word 3 holds the ref + 1 (0 = empty)
    const prev = load<u32>(q, 12);
    if (prev !== 0 && load<u32>(q) === a && load<u32>(q, 4) === b && load<u32>(q, 8) === c) {
      store<i32>(link + ((<usize>r) << 2), <i32>prev - 1);
      continue;
    }
    store<u32>(q, a);
    store<u32>(q, b, 4);
    store<u32>(q, c, 8);
    store<u32>(q, <u32>r + 1, 12);
    store<i32>(link + ((<usize>r) << 2), -1);
    store<u64>(misses + ((<usize>count) << 3), ((<u64>h) << 32) | <u64>r);
    count++;
  }
  return count;
}

/**
 * Stable LSD radix sort of n misses (u64: hash above ref) by their hash, 11 bits a pass (3 passes),
 * ping-ponging with `scratch` (n u64); `count` is 2048 i32s of scratch. The sorted misses end in
 * `scratch` (an odd number of passes).
 */
export function radixSort(misses: usize, scratch: usize, n: i32, count: usize): void {
  let m0 = misses,
    m1 = scratch;
  for (let shift: u64 = 32; shift < 64; shift += 11) {
    memory.fill(count, 0, 2048 * 4);
    for (let i = 0; i < n; i++) {
      const d = count + ((<usize>((load<u64>(m0 + ((<usize>i) << 3)) >> shift) & 2047)) << 2);
      store<i32>(d, load<i32>(d) + 1);
    }
    let sum = 0;
    for (let d = 0; d < 2048; d++) {
      const p = count + ((<usize>d) << 2);
      const c = load<i32>(p);
      store<i32>(p, sum);
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const m = load<u64>(m0 + ((<usize>i) << 3));
      const p = count + ((<usize>((m >> shift) & 2047)) << 2);
      const at = load<i32>(p);
      store<i32>(p, at + 1);
      store<u64>(m1 + ((<usize>at) << 3), m);
    }
    const t = m0;
    m0 = m1;
    m1 = t;
  }
}

/** Is ref x's position before ref y's (bits x, y, z), ties by ref: the order a long run is sorted in. */
function before(soup: usize, x: i32, y: i32): bool {
  const px = soup + <usize>x * 12,
    py = soup + <usize>y * 12;
  for (let k: usize = 0; k < 12; k += 4) {
    const a = load<u32>(px + k),
      b = load<u32>(py + k);
    if (a !== b) return a < b;
  }
  return x < y;
}

function samePosition(soup: usize, x: i32, y: i32): bool {
  const px = soup + <usize>x * 12,
    py = soup + <usize>y * 12;
  return load<u32>(px) === load<u32>(py) && load<u32>(px, 4) === load<u32>(py, 4) && load<u32>(px, 8) === load<u32>(py, 8);
}

/** Heap sort of n refs at `a` by position (before). */
function sortByPosition(soup: usize, a: usize, n: i32): void {
  for (let start = (n >> 1) - 1; start >= 0; start--) siftByPosition(soup, a, start, n);
  for (let end = n - 1; end > 0; end--) {
    const t = load<i32>(a);
    store<i32>(a, load<i32>(a + ((<usize>end) << 2)));
    store<i32>(a + ((<usize>end) << 2), t);
    siftByPosition(soup, a, 0, end);
  }
}

function siftByPosition(soup: usize, a: usize, root: i32, n: i32): void {
  const x = load<i32>(a + ((<usize>root) << 2));
  let i = root;
  while (true) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && before(soup, load<i32>(a + ((<usize>c) << 2)), load<i32>(a + ((<usize>(c + 1)) << 2)))) c++;
    const y = load<i32>(a + ((<usize>c) << 2));
    if (!before(soup, x, y)) break;
    store<i32>(a + ((<usize>i) << 2), y);
    i = c;
  }
  store<i32>(a + ((<usize>i) << 2), x);
}

/** The ref of a miss (its low 32 bits), its hash the high 32. */
function refOf(m: u64): i32 {
  return <i32>(m & 0xffffffff);
}

/**
 * Pass 2: within each run of equal hashes (refs ascending) of the sorted misses, link every ref to
 * the first one at its position. A long run (over 16 refs) has its refs sorted by position in `run`
 * (scratch: room for every miss, i32s).
 */
export function groupRuns(soup: usize, sorted: usize, n: i32, link: usize, run: usize): void {
  let i = 0;
  while (i < n) {
    const k = <u32>(load<u64>(sorted + ((<usize>i) << 3)) >> 32);
    let j = i + 1;
    while (j < n && <u32>(load<u64>(sorted + ((<usize>j) << 3)) >> 32) === k) j++;
    if (j - i > 16) {
      for (let p = i; p < j; p++) store<i32>(run + ((<usize>(p - i)) << 2), refOf(load<u64>(sorted + ((<usize>p) << 3))));
      sortByPosition(soup, run, j - i);
      let first = load<i32>(run);
      for (let p = 1; p < j - i; p++) {
        const x = load<i32>(run + ((<usize>p) << 2));
        if (samePosition(soup, x, first)) store<i32>(link + ((<usize>x) << 2), first);
        else first = x;
      }
    } else if (j - i > 1) {
      // a short run: compare each ref with the earlier ones that are still their group's first
      for (let p = i + 1; p < j; p++) {
        const rp = refOf(load<u64>(sorted + ((<usize>p) << 3)));
        for (let q = i; q < p; q++) {
          const rq = refOf(load<u64>(sorted + ((<usize>q) << 3)));
          if (load<i32>(link + ((<usize>rq) << 2)) !== -1) continue;
          if (samePosition(soup, rp, rq)) {
            store<i32>(link + ((<usize>rp) << 2), rq);
            break;
          }
        }
      }
    }
    i = j;
  }
}

/** Pass 3 over refs [from, to): ids in order of first appearance, in place (link[r] < r always). Returns the vertex count. */
export function assign(link: usize, from: i32, to: i32, nv: i32): i32 {
  for (let r = from; r < to; r++) {
    const p = link + ((<usize>r) << 2);
    const l = load<i32>(p);
    store<i32>(p, l < 0 ? nv++ : load<i32>(link + ((<usize>l) << 2)));
  }
  return nv;
}
