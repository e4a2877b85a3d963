/** Triangles per block of sums (measures.ts): 16,384. */
export const BLOCK_SHIFT: i32 = 14;

/**
 * Sorts the i32s at [a, a + 4n) ascending, in place: heap sort, O(n log n) whatever the input and
 * without recursion (a hub vertex's edges, a crafted file's colliding hashes).
 */
export function sortI32(a: usize, n: i32): void {
  for (let start = (n >> 1) - 1; start >= 0; start--) siftI32(a, start, n);
  for (let end = n - 1; end > 0; end--) {
    const t = load<i32>(a);
    store<i32>(a, load<i32>(a + ((<usize>end) << 2)));
    store<i32>(a + ((<usize>end) << 2), t);
    siftI32(a, 0, end);
  }
}

function siftI32(a: usize, root: i32, n: i32): void {
  const x = load<i32>(a + ((<usize>root) << 2));
  let i = root;
  while (true) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && load<i32>(a + ((<usize>(c + 1)) << 2)) > load<i32>(a + ((<usize>c) << 2))) c++;
    const y = load<i32>(a + ((<usize>c) << 2));
    if (y <= x) break;
    store<i32>(a + ((<usize>i) << 2), y);
    i = c;
  }
  store<i32>(a + ((<usize>i) << 2), x);
}
