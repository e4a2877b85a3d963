/**
 * The column tables from the crossings by column (columns.ts has the layout and the options): each
 * column walked bottom to top (a winding count, so overlapping parts read as their union), its inside
 * intervals added to the skin tables, the support columns under steep bottoms, their outline, the
 * islands on sampled slabs and the united outline's share. Every array is placed by the caller.
 */
import { addF64, f32At, f64At, i32At, setF32, setF64, setI32, setU8, u8At } from "./shared";

// The walk's state (this instance's, one walk at a time): the slabs, the open interval's spans of
// constant winding ([z0, z1, winding] f64s), the intervals and contacts written so far.
let minZ = 0.0,
  dz = 0.0,
  ca = 0.0;
let nb = 0,
  cells = 0,
  samples = 0,
  D = 0;
let depths: usize = 0,
  skinUp: usize = 0,
  skinDown: usize = 0,
  area: usize = 0,
  areaSum: usize = 0,
  sampleZ: usize = 0,
  windAt: usize = 0;
let spans: usize = 0,
  nSpans = 0;
let ivLo: usize = 0,
  ivHi: usize = 0,
  ivRoom = 0,
  nIv = 0;
let ctCell: usize = 0,
  ctZ: usize = 0,
  ctRoom = 0,
  ctN = 0;
let cell = 0,
  lastTop = 0.0;

/** Slab centres within (a, b): from ceil((a − minZ)/dz − 0.5) to floor((b − minZ)/dz − 0.5), clamped to the slabs (-1 … nb as doubles first). */
function slabFrom(a: f64): i32 {
  return <i32>max<f64>(0, Math.ceil((a - minZ) / dz - 0.5));
}
function slabTo(b: f64): i32 {
  return <i32>min(<f64>(nb - 1), max<f64>(-1, Math.floor((b - minZ) / dz - 0.5)));
}

function push(z0: f64, z1: f64, w: f64): void {
  const p = spans + <usize>nSpans * 24;
  store<f64>(p, z0);
  store<f64>(p, z1, 8);
  store<f64>(p, w, 16);
  nSpans++;
}

/** Adds one inside interval [a, b] of a column to the skin tables of the slabs it holds. */
function interval(a: f64, b: f64): void {
  const s0 = slabFrom(a),
    s1 = slabTo(b);
  if (s0 > s1) return;
  addF64(area, s0, ca);
  addF64(area, s1 + 1, -ca);
  const dmax = f64At(depths, D - 1);
  // near the top: distance up = b − zc, growing as s falls; one histogram bin per slab (the first
  // depth edge at or above the distance), made cumulative over the edges by the caller
  const sTop = <i32>max(<f64>s0, Math.ceil((b - dmax - minZ) / dz - 0.5));
  let k = 0;
  for (let s = s1; s >= sTop; s--) {
    const d = b - (minZ + (<f64>s + 0.5) * dz);
    while (k < D - 1 && d > f64At(depths, k)) k++;
    if (d <= f64At(depths, k)) addF64(skinUp, s * D + k, ca);
  }
  const sBot = <i32>min(<f64>s1, Math.floor((a + dmax - minZ) / dz - 0.5));
  k = 0;
  for (let s = s0; s <= sBot; s++) {
    const d = minZ + (<f64>s + 0.5) * dz - a;
    while (k < D - 1 && d > f64At(depths, k)) k++;
    if (d <= f64At(depths, k)) addF64(skinDown, s * D + k, ca);
  }
}

/** The summed-area difference array += w·ca over the slabs whose centres lie in [z0, z1). */
function sumSpan(z0: f64, z1: f64, w: f64): void {
  const s0 = slabFrom(z0),
    s1 = slabTo(z1);
  if (s0 <= s1) {
    addF64(areaSum, s0, ca * w);
    addF64(areaSum, s1 + 1, -ca * w);
  }
}

/**
 * An interval [lo, hi] of the column inside the part: the skin tables, the interval list, a support
 * contact under it, its spans into the summed area and the sampled slabs' windings. A column closed
 * across a hole (`hole`) counts for the section and its skins only, not as a place of its own
 * (islands, supports): where it ends is a guess.
 */
function close(lo: f64, hi: f64, contact: bool, hole: bool, gap: f64, bedEps: f64): void {
  interval(lo, hi);
  if (hole) {
    for (let k = 0; k < nSpans; k++) sumSpan(f64At(spans, 3 * k), f64At(spans, 3 * k + 1), f64At(spans, 3 * k + 2));
    if (nSpans === 0) sumSpan(lo, hi, 1);
    nSpans = 0;
    return;
  }
  if (nIv < ivRoom) {
    setF32(ivLo, nIv, lo);
    setF32(ivHi, nIv, hi);
    nIv++;
  }
  // the slicer drops a contact that would lie under its first layer (the bottom within about
  // a layer and a half of the bed: the first layer is printed as part of the part)
  if (contact && lo - minZ > 1.5 * gap + bedEps && lo - gap > lastTop && ctN < ctRoom) {
    // a contact: support goes from just under this bottom down to the part below (or the bed)
    setI32(ctCell, ctN, cell);
    setF32(ctZ, ctN, lo - gap);
    ctN++;
  }
  if (nSpans === 0) push(lo, hi, 1);
  for (let k = 0; k < nSpans; k++) {
    const z0 = f64At(spans, 3 * k),
      z1 = f64At(spans, 3 * k + 1),
      w = f64At(spans, 3 * k + 2);
    sumSpan(z0, z1, w);
    for (let r = 0; r < samples; r++) {
      const zr = f64At(sampleZ, r);
      if (zr >= z0 && zr < z1) setU8(windAt, r * cells + cell, <i32>min<f64>(255, w));
    }
  }
  nSpans = 0;
  lastTop = hi;
}

/** Heap sort of n u64 keys ascending. */
function sortU64(a: usize, n: i32): void {
  for (let start = (n >> 1) - 1; start >= 0; start--) siftU64(a, start, n);
  for (let end = n - 1; end > 0; end--) {
    const t = load<u64>(a);
    store<u64>(a, load<u64>(a + ((<usize>end) << 3)));
    store<u64>(a + ((<usize>end) << 3), t);
    siftU64(a, 0, end);
  }
}

function siftU64(a: usize, root: i32, n: i32): void {
  const x = load<u64>(a + ((<usize>root) << 3));
  let i = root;
  while (true) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && load<u64>(a + ((<usize>(c + 1)) << 3)) > load<u64>(a + ((<usize>c) << 3))) c++;
    const y = load<u64>(a + ((<usize>c) << 3));
    if (y <= x) break;
    store<u64>(a + ((<usize>i) << 3), y);
    i = c;
  }
  store<u64>(a + ((<usize>i) << 3), x);
}

/**
 * Walks the columns (cells [0, cellCount)) through their crossings (CSR: start, zs, kind). params
 * (f64s): minZ, dz, nb, cell area, support gap, the bed's tolerance, open (1: close columns across
 * holes), maxZ. Writes skinUp/skinDown (nb × D histograms), area and areaSum (difference arrays,
 * nb + 1), windAt (samples × cells windings at the sampled heights sampleZ), the intervals (ivStart:
 * cells + 1; ivLo/ivHi, room for ivRoom) and the support contacts (ctCell/ctZ, room for ctRoom).
 * Scratch: evZ (f64) and evK (i8) for the longest column, keys (u64) as long, spans (3 f64 each) one
 * more. Returns the contacts written (state[0] = the intervals written).
 */
export function walkColumns(
  start: usize,
  zs: usize,
  kind: usize,
  cellCount: i32,
  params: usize,
  depthsAt: usize,
  depthCount: i32,
  skinUpAt: usize,
  skinDownAt: usize,
  areaAt: usize,
  areaSumAt: usize,
  sampleZAt: usize,
  sampleCount: i32,
  windAtAt: usize,
  ivStart: usize,
  ivLoAt: usize,
  ivHiAt: usize,
  ivRoomN: i32,
  ctCellAt: usize,
  ctZAt: usize,
  ctRoomN: i32,
  evZ: usize,
  evK: usize,
  keys: usize,
  spansAt: usize,
  state: usize,
): i32 {
  minZ = load<f64>(params);
  dz = load<f64>(params, 8);
  nb = <i32>load<f64>(params, 16);
  ca = load<f64>(params, 24);
  const gap = load<f64>(params, 32),
    bedEps = load<f64>(params, 40),
    open = load<f64>(params, 48) === 1,
    maxZ = load<f64>(params, 56);
  cells = cellCount;
  depths = depthsAt;
  D = depthCount;
  skinUp = skinUpAt;
  skinDown = skinDownAt;
  area = areaAt;
  areaSum = areaSumAt;
  sampleZ = sampleZAt;
  samples = sampleCount;
  windAt = windAtAt;
  spans = spansAt;
  ivLo = ivLoAt;
  ivHi = ivHiAt;
  ivRoom = ivRoomN;
  ctCell = ctCellAt;
  ctZ = ctZAt;
  ctRoom = ctRoomN;
  nIv = 0;
  ctN = 0;
  for (let c = 0; c < cells; c++) {
    setI32(ivStart, c, nIv);
    const s = i32At(start, c),
      e = i32At(start, c + 1);
    const fewest = open ? 1 : 2;
    if (e - s < fewest) continue;
    const ne = e - s;
    if (ne > 32) {
      // a hostile file can stack thousands of faces over one cell: sort keys, O(n log n) whatever
      // the heights (the float's order-preserving bits × 4 + the kind: enters before leaves on ties)
      for (let q = s; q < e; q++) {
        const u = load<u32>(zs + ((<usize>q) << 2));
        const ordered: u64 = <u64>(u & 0x80000000 ? ~u : u | 0x80000000);
        const k = load<i8>(kind + <usize>q);
        store<u64>(keys + ((<usize>(q - s)) << 3), (ordered << 2) | <u64>(k === 2 ? 0 : k === 1 ? 1 : 2));
      }
      sortU64(keys, ne);
      for (let m = 0; m < ne; m++) {
        const key = load<u64>(keys + ((<usize>m) << 3));
        const code = <i32>(key & 3);
        const ordered = <u32>(key >> 2);
        const u: u32 = ordered & 0x80000000 ? ordered & 0x7fffffff : ~ordered;
        setF64(evZ, m, <f64>reinterpret<f32>(u));
        store<i8>(evK + <usize>m, <i8>(code === 0 ? 2 : code === 1 ? 1 : -1));
      }
    } else {
      // few crossings (a real part): insertion sort straight into the event arrays
      for (let q = s, m = 0; q < e; q++, m++) {
        const z = f32At(zs, q),
          k = load<i8>(kind + <usize>q);
        let j = m - 1;
        while (j >= 0 && (f64At(evZ, j) > z || (f64At(evZ, j) === z && load<i8>(evK + <usize>j) < k))) {
          setF64(evZ, j + 1, f64At(evZ, j));
          store<i8>(evK + <usize>(j + 1), load<i8>(evK + <usize>j));
          j--;
        }
        setF64(evZ, j + 1, z);
        store<i8>(evK + <usize>(j + 1), k);
      }
    }
    cell = c;
    let wind = 0,
      bottom = 0.0,
      steep = false;
    lastTop = minZ;
    nSpans = 0;
    for (let m = 0; m < ne; m++) {
      const k = load<i8>(evK + <usize>m);
      const z = f64At(evZ, m);
      if (wind > 0 && m > 0) push(f64At(evZ, m - 1), z, <f64>wind);
      if (k > 0) {
        if (wind === 0) {
          bottom = z;
          steep = k === 2;
        }
        wind++;
      } else if (wind > 0) {
        wind--;
        if (wind === 0) close(bottom, z, steep, false, gap, bedEps);
      } else if (open) close(lastTop, z, false, true, gap, bedEps); // an exit with no entry: a hole below
    }
    if (open && wind > 0) {
      // an entry with no exit: a hole above
      push(f64At(evZ, ne - 1), maxZ, <f64>wind);
      close(bottom, maxZ, false, true, gap, bedEps);
    }
    nSpans = 0;
  }
  setI32(ivStart, cells, nIv);
  store<i32>(state, nIv);
  return ctN;
}

/** Does column c hold a contact within `near` of z (contacts indexed by cell: cStart)? */
function hasNear(cStart: usize, ctZAt: usize, c: i32, z: f64, near: f64): bool {
  for (let k = i32At(cStart, c), e = i32At(cStart, c + 1); k < e; k++) if (Math.abs(f32At(ctZAt, k) - z) <= near) return true;
  return false;
}

/**
 * Support columns from the contacts (n of them, in cell order). The slicer grows each overhang's
 * contact area sideways by a margin wherever the layer below holds nothing of the part, and a column
 * stands under every point of the grown contact down to the part below or the bed. In cells: each
 * contact is spread over the cells within the margin, into the empty gap of that cell's column that
 * holds the contact's height (the highest contact per gap wins). params (f64s): cell width, height,
 * margin, minZ, dz, nb, cell area. Writes the support (nb + 1) and supportTop (nb) difference arrays
 * and each cell's slab ranges (svStart: cells + 1; b0/b1, room for every gap). Scratch: top (f32, a
 * gap each: intervals + cells), cStart (i32, cells + 1, zeroed), edge (u8, n). Returns the ranges.
 */
export function supportColumns(
  ivStart: usize,
  ivLoAt: usize,
  ivHiAt: usize,
  ctCellAt: usize,
  ctZAt: usize,
  n: i32,
  gx: i32,
  gy: i32,
  params: usize,
  support: usize,
  supportTop: usize,
  top: usize,
  cStart: usize,
  edge: usize,
  svStart: usize,
  b0s: usize,
  b1s: usize,
): i32 {
  const cx = load<f64>(params),
    cy = load<f64>(params, 8),
    margin = load<f64>(params, 16),
    z0 = load<f64>(params, 24),
    h = load<f64>(params, 32),
    slabs = <i32>load<f64>(params, 40),
    cellArea = load<f64>(params, 48);
  const all = gx * gy;
  // gaps of cell c: g = 0 below its first interval … count; global index ivStart[c] + c + g
  const gaps = i32At(ivStart, all) + all;
  for (let g = 0; g < gaps; g++) setF32(top, g, -Infinity);
  // contacts come in cell order: index them by cell
  for (let q = 0; q < n; q++) setI32(cStart, i32At(ctCellAt, q) + 1, i32At(cStart, i32At(ctCellAt, q) + 1) + 1);
  for (let c = 0; c < all; c++) setI32(cStart, c + 1, i32At(cStart, c + 1) + i32At(cStart, c));
  const near = max(cx, cy) * 2;
  // only contacts at the edge of a contact region are spread (an inner one's margin is covered by its
  // neighbours'); the rest mark their own cell
  let edges = 0;
  for (let q = 0; q < n; q++) {
    const c = i32At(ctCellAt, q),
      z = f32At(ctZAt, q);
    const i = c % gx,
      j = c / gx;
    const inner =
      i > 0 &&
      i < gx - 1 &&
      j > 0 &&
      j < gy - 1 &&
      hasNear(cStart, ctZAt, c - 1, z, near) &&
      hasNear(cStart, ctZAt, c + 1, z, near) &&
      hasNear(cStart, ctZAt, c - gx, z, near) &&
      hasNear(cStart, ctZAt, c + gx, z, near);
    setU8(edge, q, inner ? 0 : 1);
    if (!inner) edges++;
  }
  // bounded work: about 16 cell visits per cell of the grid (a finer grid sees the margin in coarser steps)
  let rx = <i32>min<f64>(16, Math.floor(margin / cx)),
    ry = <i32>min<f64>(16, Math.floor(margin / cy));
  const budget = 16 * <f64>all + 65536;
  while ((rx > 0 || ry > 0) && <f64>edges * <f64>(2 * rx + 1) * <f64>(2 * ry + 1) > budget) {
    rx >>= 1;
    ry >>= 1;
  }
  const m2 = max(margin * margin, max(<f64>(rx * rx) * cx * cx, <f64>(ry * ry) * cy * cy));
  for (let q = 0; q < n; q++) {
    const c0 = i32At(ctCellAt, q),
      z = f32At(ctZAt, q);
    const i0 = c0 % gx,
      j0 = c0 / gx;
    const isEdge = u8At(edge, q) !== 0;
    const r1 = isEdge ? ry : 0,
      r0 = isEdge ? rx : 0;
    for (let dj = -r1; dj <= r1; dj++) {
      const j = j0 + dj;
      if (j < 0 || j >= gy) continue;
      for (let di = -r0; di <= r0; di++) {
        const i = i0 + di;
        if (i < 0 || i >= gx) continue;
        // within the margin (cell centres)
        const ex = <f64>di * cx,
          ey = <f64>dj * cy;
        if (ex * ex + ey * ey > m2 * (1 + 1e-9)) continue;
        const c = j * gx + i;
        let g = 0;
        let inside = false;
        for (let k = i32At(ivStart, c), e = i32At(ivStart, c + 1); k < e; k++) {
          if (f32At(ivHiAt, k) <= z) g++;
          else {
            inside = f32At(ivLoAt, k) <= z;
            break;
          }
        }
        if (inside) continue;
        const at = i32At(ivStart, c) + c + g;
        if (z > f32At(top, at)) setF32(top, at, z);
      }
    }
  }
  let ranges = 0;
  for (let c = 0; c < all; c++) {
    setI32(svStart, c, ranges);
    const s = i32At(ivStart, c),
      e = i32At(ivStart, c + 1);
    for (let g = 0; g <= e - s; g++) {
      const hi = f32At(top, s + c + g);
      if (hi === -Infinity) continue;
      const lo = g === 0 ? z0 : f32At(ivHiAt, s + g - 1);
      if (hi <= lo) continue;
      const b0 = <i32>max<f64>(0, Math.floor((lo - z0) / h + 0.5)),
        b1 = <i32>min(<f64>slabs, Math.floor((hi - z0) / h + 0.5));
      if (b1 <= b0) continue;
      addF64(support, b0, cellArea);
      addF64(support, b1, -cellArea);
      addF64(supportTop, b1 - 1, cellArea);
      setI32(b0s, ranges, b0);
      setI32(b1s, ranges, b1);
      ranges++;
    }
  }
  setI32(svStart, all, ranges);
  return ranges;
}

/** Adds e over column c's support ranges to the difference array d. */
function addRanges(d: usize, svStart: usize, b0s: usize, b1s: usize, c: i32, e: f64): void {
  for (let k = i32At(svStart, c); k < i32At(svStart, c + 1); k++) {
    addF64(d, i32At(b0s, k), e);
    addF64(d, i32At(b1s, k), -e);
  }
}

/** |A| + |B| − 2|A ∩ B| of two neighbouring columns' support ranges, × e, into d. */
function pairRanges(d: usize, svStart: usize, b0s: usize, b1s: usize, a: i32, b: i32, e: f64): void {
  addRanges(d, svStart, b0s, b1s, a, e);
  addRanges(d, svStart, b0s, b1s, b, e);
  for (let i = i32At(svStart, a); i < i32At(svStart, a + 1); i++)
    for (let j = i32At(svStart, b); j < i32At(svStart, b + 1); j++) {
      const lo = max(i32At(b0s, i), i32At(b0s, j)),
        hi = min(i32At(b1s, i), i32At(b1s, j));
      if (hi > lo) {
        addF64(d, lo, -2 * e);
        addF64(d, hi, 2 * e);
      }
    }
}

/**
 * Outline length of the support region as a difference array d (nb + 1, zeroed): for every pair of
 * neighbouring cells (and a cell at the grid's border with the outside), the slabs where exactly one
 * of them holds a support column add the shared edge.
 */
export function supportOutline(svStart: usize, b0s: usize, b1s: usize, gx: i32, gy: i32, cx: f64, cy: f64, d: usize): void {
  for (let j = 0; j < gy; j++)
    for (let i = 0; i < gx; i++) {
      const c = j * gx + i;
      if (i32At(svStart, c) === i32At(svStart, c + 1)) {
        // no support here: only the pairs with a supported neighbour count, handled from that side or below
        if (i + 1 < gx) addRanges(d, svStart, b0s, b1s, c + 1, cy);
        if (j + 1 < gy) addRanges(d, svStart, b0s, b1s, c + gx, cx);
        continue;
      }
      if (i === 0) addRanges(d, svStart, b0s, b1s, c, cy);
      if (i === gx - 1) addRanges(d, svStart, b0s, b1s, c, cy);
      if (j === 0) addRanges(d, svStart, b0s, b1s, c, cx);
      if (j === gy - 1) addRanges(d, svStart, b0s, b1s, c, cx);
      if (i + 1 < gx) pairRanges(d, svStart, b0s, b1s, c, c + 1, cy);
      if (j + 1 < gy) pairRanges(d, svStart, b0s, b1s, c, c + gx, cx);
    }
}

function find(parent: usize, x: i32): i32 {
  let r = x;
  while (i32At(parent, r) !== r) r = i32At(parent, r);
  while (i32At(parent, x) !== r) {
    const nx = i32At(parent, x);
    setI32(parent, x, r);
    x = nx;
  }
  return r;
}

/** Joins a's and b's groups: 1 when they were two. */
function join(parent: usize, a: i32, b: i32): i32 {
  const ra = find(parent, a),
    rb = find(parent, b);
  if (ra === rb) return 0;
  setI32(parent, rb, ra);
  return 1;
}

/**
 * Islands at height z: connected regions (8-neighbour) of the coarse cells (f × f grid cells; the
 * coarse grid cx × cy) where some column is inside the part, by union-find. Scratch: inside (u8) and
 * parent (i32), a coarse cell each.
 */
export function islandsAt(
  ivStart: usize,
  ivLoAt: usize,
  ivHiAt: usize,
  gx: i32,
  gy: i32,
  f: i32,
  cx: i32,
  cy: i32,
  z: f64,
  inside: usize,
  parent: usize,
): i32 {
  memory.fill(inside, 0, <usize>(cx * cy));
  for (let j = 0; j < gy; j++) {
    const row = (j / f) * cx;
    for (let i = 0; i < gx; i++) {
      const c = j * gx + i;
      for (let k = i32At(ivStart, c), e = i32At(ivStart, c + 1); k < e; k++) {
        if (f32At(ivLoAt, k) <= z && z < f32At(ivHiAt, k)) {
          setU8(inside, row + i / f, 1);
          break;
        }
      }
    }
  }
  const all = cx * cy;
  for (let c = 0; c < all; c++) setI32(parent, c, c);
  let islands = 0;
  for (let j = 0; j < cy; j++) {
    for (let i = 0; i < cx; i++) {
      const c = j * cx + i;
      if (u8At(inside, c) === 0) continue;
      islands++;
      if (i > 0 && u8At(inside, c - 1) !== 0) islands -= join(parent, c - 1, c);
      if (j > 0) {
        if (u8At(inside, c - cx) !== 0) islands -= join(parent, c - cx, c);
        if (i > 0 && u8At(inside, c - cx - 1) !== 0) islands -= join(parent, c - cx - 1, c);
        if (i < cx - 1 && u8At(inside, c - cx + 1) !== 0) islands -= join(parent, c - cx + 1, c);
      }
    }
  }
  return islands;
}

/**
 * The united outline's share of the bodies' summed outlines on one sampled slab's windings (a cell
 * each): the cell edges between inside and outside over the edges summed by winding difference
 * (each body's own outline). 1 where nothing overlaps.
 */
export function contourShare(w: usize, gx: i32, gy: i32): f64 {
  let united = 0.0,
    summed = 0.0;
  for (let j = 0; j < gy; j++)
    for (let i = 0; i < gx; i++) {
      const a = u8At(w, j * gx + i);
      const right = i + 1 < gx ? u8At(w, j * gx + i + 1) : 0,
        up = j + 1 < gy ? u8At(w, (j + 1) * gx + i) : 0;
      if (i === 0) {
        united += a > 0 ? 1 : 0;
        summed += <f64>a;
      }
      if (j === 0) {
        united += a > 0 ? 1 : 0;
        summed += <f64>a;
      }
      united += a > 0 !== right > 0 ? 1 : 0;
      united += a > 0 !== up > 0 ? 1 : 0;
      summed += <f64>(abs(a - right) + abs(a - up));
    }
  return summed > 0 ? min<f64>(1, united / summed) : 1;
}
