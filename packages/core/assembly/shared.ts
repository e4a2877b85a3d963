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

// Typed reads and writes of the arena's arrays by index (binaryen inlines them).
export function f64At(a: usize, i: i32): f64 {
  return load<f64>(a + ((<usize>i) << 3));
}
export function setF64(a: usize, i: i32, v: f64): void {
  store<f64>(a + ((<usize>i) << 3), v);
}
export function addF64(a: usize, i: i32, v: f64): void {
  const p = a + ((<usize>i) << 3);
  store<f64>(p, load<f64>(p) + v);
}
export function f32At(a: usize, i: i32): f64 {
  return <f64>load<f32>(a + ((<usize>i) << 2));
}
export function setF32(a: usize, i: i32, v: f64): void {
  store<f32>(a + ((<usize>i) << 2), <f32>v);
}
export function i32At(a: usize, i: i32): i32 {
  return load<i32>(a + ((<usize>i) << 2));
}
export function setI32(a: usize, i: i32, v: i32): void {
  store<i32>(a + ((<usize>i) << 2), v);
}
export function u8At(a: usize, i: i32): i32 {
  return <i32>load<u8>(a + <usize>i);
}
export function setU8(a: usize, i: i32, v: i32): void {
  store<u8>(a + <usize>i, <u8>v);
}

/**
 * Corner k's vertex id in a welded mesh's ids (vid): 3 bytes each (welded.ts ID_BYTES: the triangle
 * cap's 9M vertices need 24 bits), read as a u32 and masked (the array is padded for the last one).
 */
export function idAt(vid: usize, k: i32): i32 {
  return <i32>(load<u32>(vid + <usize>k * 3) & 0xffffff);
}

/** Where corner v (0 … 2) of triangle i has its position (3 f32), in a welded mesh: its id at vid, the positions at pos. */
export function corner(vid: usize, pos: usize, i: i32, v: i32): usize {
  return pos + <usize>idAt(vid, 3 * i + v) * 12;
}
