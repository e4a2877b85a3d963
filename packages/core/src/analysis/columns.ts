/**
 * Vertical columns through the part: the XY footprint is cut into a grid of at most
 * LIMITS-bounded cells, and a vertical ray through each cell centre collects every triangle it
 * crosses (height, entering or leaving, steep enough to need support). The inside intervals of a
 * column tell, for any height, how far it is to the part's top or bottom surface above or below
 * that point — which is exactly what decides a slicer's top and bottom solid layers (a point of a
 * layer is solid when the surface is within N layers) — and where a support column stands
 * (under a steep downward face, down to the bed or to the part below).
 *
 * The per-slab results are kept as small tables in model units so the estimate can re-price them
 * at any layer height and print scale without the mesh:
 *   skinUp[s·D + k]   area of slab s's section whose way out upwards is within depth edge k
 *   skinDown[s·D + k] the same downwards
 *   support[s]        area of support columns crossing slab s (projected, model mm²)
 * Depth edges are SKIN_DEPTHS print-mm at the scale the part is most likely printed at.
 */
import type { Arena } from "./kernels/index.ts";
import { find } from "./mesh.ts";
import { pieces } from "./pieces.ts";
import { type Flips, NO_FLIPS } from "./profile.ts";
import { crossingsRoom, type Soup } from "./soup.ts";

/** Depth edges (mm at the likely print scale) for the skin tables. */
export const SKIN_DEPTHS = [0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.6, 2.0, 2.8] as const;

export interface ColumnProfile {
  /** Slabs (same slabs as the height profile). */
  bins: number;
  /** Depth edges, model mm (SKIN_DEPTHS divided by the likely scale). */
  depths: number[];
  skinUp: number[];
  skinDown: number[];
  support: number[];
  /** Area of support columns whose top (just under the part) lies in each slab, model mm²: where interface layers go. */
  supportTop: number[];
  /**
   * Outline length of the support region crossing each slab (model mm): the cell edges between a
   * support column and a cell without one, × π/4 (a staircase outline overstates a curve by 4/π on
   * average). The slicer grows and closes support regions and joins their lines along this outline,
   * so small, scattered supports take more than their area. Absent in geometry stored before it existed.
   */
  supportEdge?: number[] | undefined;
  /** Section area seen by the columns per slab (model mm²): the skin tables are shares of it. */
  area: number[];
  /**
   * The same with every body counted (overlapping bodies twice where they overlap), model mm²:
   * area / areaSum is the share of the bodies' summed sections the slicer prints (it unites them).
   * Absent in geometry stored before it existed.
   */
  areaSum?: number[] | undefined;
  /** The outline the slicer prints (of the united bodies) as a share of the bodies' summed outlines, per slab (1: no overlap). */
  contourShare?: number[] | undefined;
  /** Separate islands (connected regions of the section) per slab, counted on sampled slabs; 0 where the grid saw nothing. */
  islands: number[];
  /** Grid cell area, model mm², and the grid size (for reference). */
  cellArea: number;
  grid: [number, number];
}

export interface ColumnOptions {
  minZ: number;
  maxZ: number;
  min: [number, number];
  max: [number, number];
  bins: number;
  /** Likely print scale (units): depth edges are print millimetres at that scale. */
  likelyScale: number;
  /** cos of the support threshold angle, measured from straight down. */
  cosSupport: number;
  /** Most grid cells to use (work bound). */
  maxCells: number;
  /** Most triangle × cell visits (work and memory bound: the grid coarsens to stay under it). */
  maxCrossings: number;
  /** Support gap under an overhang, model mm. */
  gap: number;
  /** How far the slicer grows an overhang's contact area sideways (model mm), where nothing of the part is there. */
  supportMargin: number;
  /** Most slabs whose islands are counted (work bound). */
  maxIslandSlabs: number;
  /** The triangles' footprints (BasicMeasures.footprint). */
  footprint: Footprint;
  /**
   * The mesh has holes: a column whose crossings do not pair up (a ray through a hole) is closed
   * the way the slicer closes each layer's outline across a hole: an exit with no entry below it is
   * inside from the part below it (or the bed), an entry with no exit above it is inside to the top.
   */
  open?: boolean;
}

/** The grid of columns over the footprint: cell sizes and the parameters the raster passes read. */
export interface ColumnGrid {
  gx: number;
  gy: number;
  cx: number;
  cy: number;
  /** x0, y0, cx, cy, gx, gy, centre offset, cos(support threshold): rasterChunk's parameters. */
  params: Float64Array;
}

/**
 * The grid: square cells, at most maxCells of them, and coarser when the triangles' footprints
 * (footprintSums) would add up to more than maxCrossings cell visits (many large overlapping
 * triangles: bounded work).
 */
/** Σ of triangles' XY bounding-box areas, widths and heights (mm², mm, mm). */
export interface Footprint {
  area: number;
  width: number;
  height: number;
}

export function columnGrid(o: ColumnOptions, n: number, fp: Footprint): ColumnGrid {
  const perimeter = fp.width + fp.height;
  const W = Math.max(o.max[0] - o.min[0], 1e-9),
    Dy = Math.max(o.max[1] - o.min[1], 1e-9);
  let cell = Math.sqrt((W * Dy) / o.maxCells);
  const room = o.maxCrossings - n;
  if (room <= 0) cell = Math.max(W, Dy);
  else if (fp.area / (cell * cell) + perimeter / cell > room) {
    const u = (-perimeter + Math.sqrt(perimeter * perimeter + 4 * fp.area * room)) / (2 * Math.max(fp.area, 1e-300));
    cell = Math.max(cell, 1 / u);
  }
  for (;;) {
    const gx = Math.max(1, Math.min(4096, Math.ceil(W / cell))),
      gy = Math.max(1, Math.min(4096, Math.ceil(Dy / cell)));
    const cx = W / gx,
      cy = Dy / gy;
    // the cells rounded to fit the footprint can be smaller than `cell`: coarser when the crossings
    // might not fit their room (crossingsBound), so the room is placed before any is made
    if (crossingsBound(fp, n, cx, cy, gx * gy) > crossingsRoom(n) && (gx > 1 || gy > 1)) {
      cell *= 1.1;
      continue;
    }
    // cell centres sit at an irrational offset so that vertices and edges of grid-aligned models
    // (voxels, boxes at round sizes) do not fall exactly on them
    const params = new Float64Array([o.min[0], o.min[1], cx, cy, gx, gy, 0.5 + 0.0137 * Math.SQRT2, o.cosSupport]);
    return { gx, gy, cx, cy, params };
  }
}

/**
 * The most crossings n triangles whose footprints sum to `fp` can make on `cells` cells of cx × cy:
 * a triangle w × h wide covers at most (w/cx + 1)(h/cy + 1) cell centres, and at most every cell.
 */
export function crossingsBound(fp: Footprint, n: number, cx: number, cy: number, cells: number): number {
  return Math.min(n * cells, Math.ceil(fp.area / (cx * cy) + fp.width / cx + fp.height / cy) + n);
}

/** Crossings of columns by triangles, in triangle order, in the arena: the column (cell, i32s), the height (z, f32s) and the kind (i8s). */
export interface Crossings {
  n: number;
  cell: number;
  z: number;
  /** +1 enter (downward face), +2 enter on a steep face, -1 leave. */
  kind: number;
}

/**
 * Every crossing of a column by triangles [from, to), in one pass (the triangles are read once; the
 * table by column is made from the crossings, crossingsByColumn), into `room` crossings placed in
 * the arena (crossingsBound: they always fit).
 */
export function rasterCollect(s: Soup, from: number, to: number, grid: ColumnGrid, f: Flips, room: number): Crossings {
  const a = s.arena;
  const out: Crossings = { n: 0, cell: a.alloc(4 * room), z: a.alloc(4 * room), kind: a.alloc(room) };
  const mark = a.mark();
  const params = a.alloc(8 * grid.params.length);
  a.f64(params, grid.params.length).set(grid.params);
  const st = a.zeroed(8);
  for (const [from2, to2] of pieces(from, to)) {
    a.k.rasterPass(s.at, from2, to2, params, f.shellOf, f.sign, f.flip, out.cell, out.z, out.kind, room, st);
    if (a.i32(st, 2)[1] !== to2) throw new Error("column crossings: more than their bound");
  }
  out.n = a.i32(st, 1)[0]!;
  a.release(mark);
  return out;
}

/**
 * The crossings by column (CSR: start has gx·gy + 1 entries), placed in the arena (or where `into`
 * says: start zeroed, room for every crossing), from the lists of consecutive ranges of triangles in
 * order: within a column they stay in triangle order, whichever thread made which list.
 */
export function crossingsByColumn(
  a: Arena,
  lists: Crossings[],
  cells: number,
  into?: { start: number; zs: number; kind: number },
): { start: Int32Array; zs: Float32Array; kind: Int8Array } {
  const start = into?.start ?? a.zeroed(4 * (cells + 1));
  for (const l of lists) a.k.countCells(l.cell, l.n, start);
  const total = a.k.countsToStarts(start, cells);
  const zs = into?.zs ?? a.alloc(4 * total),
    kind = into?.kind ?? a.alloc(total);
  const mark = a.mark();
  const cursor = a.alloc(4 * cells);
  a.i32(cursor, cells).set(a.i32(start, cells));
  for (const l of lists) a.k.scatterCrossings(l.cell, l.z, l.kind, l.n, cursor, zs, kind);
  a.release(mark);
  return { start: a.i32(start, cells + 1), zs: a.f32(zs, total), kind: a.i8(kind, total) };
}

/**
 * Casts the columns. Triangles of inside-out shells are flipped with `shellSign`, so such shells
 * read as solid (as the rest of the analysis treats them).
 */
export function columnProfile(s: Soup, o: ColumnOptions, f: Flips = NO_FLIPS): ColumnProfile {
  const n = s.n;
  const fp = o.footprint;
  const grid = columnGrid(o, n, fp);
  const cells = grid.gx * grid.gy;
  const mark = s.arena.mark();
  const crossings =
    n === 0 || o.maxZ - o.minZ <= 0
      ? { start: new Int32Array(cells + 1), zs: new Float32Array(0), kind: new Int8Array(0) }
      : crossingsByColumn(s.arena, [rasterCollect(s, 0, n, grid, f, crossingsBound(fp, n, grid.cx, grid.cy, cells))], cells);
  const out = columnsFromCrossings(o, grid, crossings.start, crossings.zs, crossings.kind);
  s.arena.release(mark);
  return out;
}

/** The column tables from every column's crossings (CSR by column: start has gx·gy + 1 entries). */
export function columnsFromCrossings(
  o: ColumnOptions,
  grid: ColumnGrid,
  start: Int32Array,
  zs: Float32Array,
  kind: Int8Array,
): ColumnProfile {
  const { gx, gy, cx, cy } = grid;
  const nb = o.bins;
  const height = o.maxZ - o.minZ;
  const dz = height > 0 ? height / nb : 1;
  const depths = SKIN_DEPTHS.map((d) => d / o.likelyScale);
  const D = depths.length;
  const supportTop = new Float64Array(nb);
  const skinUp = new Float64Array(nb * D),
    skinDown = new Float64Array(nb * D),
    support = new Float64Array(nb + 1),
    area = new Float64Array(nb + 1);
  const out: ColumnProfile = {
    bins: nb,
    depths,
    skinUp: [],
    skinDown: [],
    support: [],
    supportTop: [],
    supportEdge: [],
    area: [],
    islands: [],
    cellArea: cx * cy,
    grid: [gx, gy],
  };
  const total = start[gx * gy]!;
  if (total === 0 || height <= 0) {
    out.skinUp = Array.from(skinUp);
    out.skinDown = Array.from(skinDown);
    out.support = new Array<number>(nb).fill(0);
    out.area = new Array<number>(nb).fill(0);
    out.areaSum = new Array<number>(nb).fill(0);
    out.contourShare = new Array<number>(nb).fill(1);
    out.supportTop = new Array<number>(nb).fill(0);
    out.supportEdge = new Array<number>(nb).fill(0);
    out.islands = new Array<number>(nb).fill(0);
    return out;
  }
  const count = start;
  const p2 = new Float64Array([o.minZ, dz, nb, cx * cy, o.gap, Math.max(height * 1e-4, 1e-6), o.open ? 1 : 0, o.maxZ]);
  // the slabs whose islands and outlines are counted
  const samples = Math.max(1, Math.min(nb, o.maxIslandSlabs));
  const sampleZ = new Float64Array(samples);
  for (let q = 0; q < samples; q++) sampleZ[q] = o.minZ + (Math.min(nb - 1, Math.floor(((q + 0.5) * nb) / samples)) + 0.5) * dz;
  const windAt = new Uint8Array(samples * gx * gy);
  const areaSum = new Float64Array(nb + 1);
  const dep = new Float64Array(depths);
  const iv: Intervals = {
    start: new Int32Array(gx * gy + 1),
    lo: new Float32Array((total >> 1) + 1),
    hi: new Float32Array((total >> 1) + 1),
  };
  const ct: Contacts = { n: 0, cell: new Int32Array((total >> 1) + 1), z: new Float32Array((total >> 1) + 1) };
  columnsChunk(count, zs, kind, 0, gx * gy, p2, dep, skinUp, skinDown, area, iv, ct, sampleZ, windAt, areaSum);
  out.contourShare = contourShares(windAt, gx, gy, samples, nb);
  const sv = supportColumns(iv, ct, gx, gy, cx, cy, o.supportMargin, o.minZ, dz, nb, cx * cy, support, supportTop);
  out.supportTop = round5(supportTop);
  out.supportEdge = supportOutline(sv, gx, gy, cx, cy, nb);
  out.islands = countIslands(iv, gx, gy, o.minZ, dz, nb, o.maxIslandSlabs, Math.max(1, Math.round(1 / o.likelyScale / Math.min(cx, cy))));
  // difference arrays -> per slab
  const sup = new Array<number>(nb),
    inside = new Array<number>(nb);
  let run = 0,
    runA = 0;
  for (let b = 0; b < nb; b++) {
    run += support[b]!;
    runA += area[b]!;
    sup[b] = Number(run.toPrecision(5));
    inside[b] = Number(runA.toPrecision(5));
  }
  out.area = inside.map((v) => (v < 1e-12 ? 0 : v));
  let runS = 0;
  out.areaSum = out.area.map((_, b) => {
    runS += areaSum[b]!;
    return runS < 1e-12 ? 0 : Number(runS.toPrecision(5));
  });
  for (let r = 0; r < nb * D; r += D) {
    for (let k = 1; k < D; k++) {
      skinUp[r + k] = skinUp[r + k]! + skinUp[r + k - 1]!;
      skinDown[r + k] = skinDown[r + k]! + skinDown[r + k - 1]!;
    }
  }
  out.skinUp = round5(skinUp);
  out.skinDown = round5(skinDown);
  out.support = sup.map((v) => (v < 1e-12 ? 0 : v));
  return out;
}

function round5(a: Float64Array): number[] {
  const r = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) r[i] = a[i] === 0 ? 0 : Number(a[i]!.toPrecision(5));
  return r;
}

/**
 * Walks each column bottom to top through its crossings (a winding count, so overlapping parts
 * read as their union), and for every inside interval adds the cell's area to the skin tables of
 * the slabs within the deepest depth edge of its top or bottom, and a support column under its
 * bottom when that bottom is a steep face above the bed or the part.
 */
function columnsChunk(
  start: Int32Array,
  zs: Float32Array,
  kind: Int8Array,
  from: number,
  to: number,
  p: Float64Array,
  depths: Float64Array,
  skinUp: Float64Array,
  skinDown: Float64Array,
  area: Float64Array,
  iv: Intervals,
  ct: Contacts,
  sampleZ: Float64Array,
  windAt: Uint8Array,
  areaSum: Float64Array,
): void {
  const minZ = p[0]!,
    dz = p[1]!,
    nb = p[2]!,
    ca = p[3]!,
    gap = p[4]!,
    bedEps = p[5]!,
    open = p[6] === 1,
    maxZ = p[7]!;
  const cells = start.length - 1;
  const samples = sampleZ.length;
  // an interval's spans of constant winding, kept until the interval closes: [z0, z1, winding] × n
  let spans = new Float64Array(48);
  const D = depths.length;
  const dmax = depths[D - 1]!;
  let longest = 0;
  for (let c = from; c < to; c++) longest = Math.max(longest, start[c + 1]! - start[c]!);
  // the column's crossings in height order: evZ heights, evK kinds
  const evZ = new Float64Array(longest),
    evK = new Int8Array(longest);
  const keyBuf = new Float64Array(longest);
  const f32 = new Float32Array(1),
    u32 = new Uint32Array(f32.buffer);
  let nIv = iv.start[from]!;
  // the cell being walked, the top of its last interval, and its open interval's spans (made once per
  // chunk, not per cell: a closure per cell costs more than the walk)
  let cell = 0,
    lastTop = minZ,
    nSpans = 0;
  // the current interval's spans of constant winding, [z0, z1, winding] each, committed when it closes
  const push = (z0: number, z1: number, w: number) => {
    if (3 * nSpans + 3 > spans.length) {
      const grown = new Float64Array(spans.length * 2);
      grown.set(spans);
      spans = grown;
    }
    spans[3 * nSpans] = z0;
    spans[3 * nSpans + 1] = z1;
    spans[3 * nSpans + 2] = w;
    nSpans++;
  };
  // an interval [lo, hi] of the column inside the part: the skin tables, the interval list, a support
  // contact under it, its spans into the summed area and the sampled slabs' windings
  const close = (lo: number, hi: number, contact: boolean, hole = false) => {
    interval(lo, hi, minZ, dz, nb, ca, depths, dmax, D, skinUp, skinDown, area);
    // a column closed across a hole counts for the section and its skins, not as a place of its
    // own (islands, supports): where it ends is a guess
    if (hole) {
      for (let k = 0; k < nSpans; k++) {
        const z0 = spans[3 * k]!,
          z1 = spans[3 * k + 1]!;
        let s0 = Math.ceil((z0 - minZ) / dz - 0.5),
          s1 = Math.floor((z1 - minZ) / dz - 0.5);
        if (s0 < 0) s0 = 0;
        if (s1 > nb - 1) s1 = nb - 1;
        if (s0 <= s1) {
          areaSum[s0] = areaSum[s0]! + ca * spans[3 * k + 2]!;
          areaSum[s1 + 1] = areaSum[s1 + 1]! - ca * spans[3 * k + 2]!;
        }
      }
      if (nSpans === 0) {
        let s0 = Math.ceil((lo - minZ) / dz - 0.5),
          s1 = Math.floor((hi - minZ) / dz - 0.5);
        if (s0 < 0) s0 = 0;
        if (s1 > nb - 1) s1 = nb - 1;
        if (s0 <= s1) {
          areaSum[s0] = areaSum[s0]! + ca;
          areaSum[s1 + 1] = areaSum[s1 + 1]! - ca;
        }
      }
      nSpans = 0;
      return;
    }
    if (nIv < iv.lo.length) {
      iv.lo[nIv] = lo;
      iv.hi[nIv] = hi;
      nIv++;
    }
    // the slicer drops a contact that would lie under its first layer (the bottom within about
    // a layer and a half of the bed: the first layer is printed as part of the part)
    if (contact && lo - minZ > 1.5 * gap + bedEps && lo - gap > lastTop && ct.n < ct.cell.length) {
      // a contact: support goes from just under this bottom down to the part below (or the bed)
      ct.cell[ct.n] = cell;
      ct.z[ct.n] = lo - gap;
      ct.n++;
    }
    if (nSpans === 0) push(lo, hi, 1);
    for (let k = 0; k < nSpans; k++) {
      const z0 = spans[3 * k]!,
        z1 = spans[3 * k + 1]!,
        w = spans[3 * k + 2]!;
      let s0 = Math.ceil((z0 - minZ) / dz - 0.5),
        s1 = Math.floor((z1 - minZ) / dz - 0.5);
      if (s0 < 0) s0 = 0;
      if (s1 > nb - 1) s1 = nb - 1;
      if (s0 <= s1) {
        areaSum[s0] = areaSum[s0]! + ca * w;
        areaSum[s1 + 1] = areaSum[s1 + 1]! - ca * w;
      }
      for (let r = 0; r < samples; r++) {
        const zr = sampleZ[r]!;
        if (zr >= z0 && zr < z1) windAt[r * cells + cell] = Math.min(255, w);
      }
    }
    nSpans = 0;
    lastTop = hi;
  };
  for (let c = from; c < to; c++) {
    iv.start[c] = nIv;
    const s = start[c]!,
      e = start[c + 1]!;
    if (e - s < (open ? 1 : 2)) continue;
    const ne = e - s;
    if (ne > 32) {
      // a hostile file can stack thousands of faces over one cell: sort numeric keys natively,
      // O(n log n) whatever the heights (the float's order-preserving bits × 4 + the kind)
      const keys = keyBuf.subarray(0, ne);
      for (let q = s; q < e; q++) {
        f32[0] = zs[q]!;
        const u = u32[0]!;
        const ordered = u & 0x80000000 ? ~u >>> 0 : (u | 0x80000000) >>> 0;
        const k = kind[q]!;
        keys[q - s] = ordered * 4 + (k === 2 ? 0 : k === 1 ? 1 : 2); // enters before leaves on ties
      }
      keys.sort();
      for (let m = 0; m < ne; m++) {
        const key = keys[m]!;
        const code = key % 4;
        const ordered = (key - code) / 4;
        u32[0] = ordered & 0x80000000 ? (ordered & 0x7fffffff) >>> 0 : ~ordered >>> 0;
        evZ[m] = f32[0]!;
        evK[m] = code === 0 ? 2 : code === 1 ? 1 : -1;
      }
    } else {
      // few crossings (a real part): insertion sort straight into the event arrays
      for (let q = s, m = 0; q < e; q++, m++) {
        const z = zs[q]!,
          k = kind[q]!;
        let j = m - 1;
        while (j >= 0 && (evZ[j]! > z || (evZ[j] === z && evK[j]! < k))) {
          evZ[j + 1] = evZ[j]!;
          evK[j + 1] = evK[j]!;
          j--;
        }
        evZ[j + 1] = z;
        evK[j + 1] = k;
      }
    }
    cell = c;
    let wind = 0,
      bottom = 0,
      steep = false;
    lastTop = minZ;
    nSpans = 0;
    for (let m = 0; m < ne; m++) {
      const k = evK[m]!;
      const z = evZ[m]!;
      if (wind > 0 && m > 0) push(evZ[m - 1]!, z, wind);
      if (k > 0) {
        if (wind === 0) {
          bottom = z;
          steep = k === 2;
        }
        wind++;
      } else if (wind > 0) {
        wind--;
        if (wind === 0) close(bottom, z, steep);
      } else if (open) close(lastTop, z, false, true); // an exit with no entry: a hole below
    }
    if (open && wind > 0) {
      // an entry with no exit: a hole above
      push(evZ[ne - 1]!, maxZ, wind);
      close(bottom, maxZ, false, true);
    }
    nSpans = 0;
  }
  iv.start[to] = nIv;
}

interface Contacts {
  n: number;
  /** Cell and height (just under the part, model mm) of each support contact. */
  cell: Int32Array;
  z: Float32Array;
}

/**
 * Support columns from the contacts. The slicer grows each overhang's contact area sideways by a
 * margin wherever the layer below holds nothing of the part (SUPPORT_MATERIAL_MARGIN), and a column
 * stands under every point of the grown contact down to the part below or the bed: so a hole's roof
 * in a thin wall, or the underside of a small feature, is propped by columns beside the part that
 * reach the bed. In cells: each contact is spread over the cells within the margin, into the empty
 * gap of that cell's column that holds the contact's height (the highest contact per gap wins).
 * Writes the support and supportTop difference arrays and returns each cell's slab ranges.
 */
function supportColumns(
  iv: Intervals,
  ct: Contacts,
  gx: number,
  gy: number,
  cx: number,
  cy: number,
  margin: number,
  minZ: number,
  dz: number,
  nb: number,
  ca: number,
  support: Float64Array,
  supportTop: Float64Array,
): SupportRanges {
  const cells = gx * gy;
  // gaps of cell c: g = 0 below its first interval … count; global index iv.start[c] + c + g
  const top = new Float32Array(iv.start[cells]! + cells).fill(Number.NEGATIVE_INFINITY);
  // contacts come in cell order: index them by cell
  const cStart = new Int32Array(cells + 1);
  for (let q = 0; q < ct.n; q++) cStart[ct.cell[q]! + 1]!++;
  for (let c = 0; c < cells; c++) cStart[c + 1] = cStart[c + 1]! + cStart[c]!;
  const near = Math.max(cx, cy) * 2;
  const hasNear = (c: number, z: number): boolean => {
    for (let k = cStart[c]!, e = cStart[c + 1]!; k < e; k++) if (Math.abs(ct.z[k]! - z) <= near) return true;
    return false;
  };
  // only contacts at the edge of a contact region are spread (an inner one's margin is covered by its
  // neighbours'); the rest mark their own cell
  const edge = new Uint8Array(ct.n);
  let edges = 0;
  for (let q = 0; q < ct.n; q++) {
    const c = ct.cell[q]!,
      z = ct.z[q]!;
    const i = c % gx,
      j = (c - i) / gx;
    const inner =
      i > 0 && i < gx - 1 && j > 0 && j < gy - 1 && hasNear(c - 1, z) && hasNear(c + 1, z) && hasNear(c - gx, z) && hasNear(c + gx, z);
    if (!inner) {
      edge[q] = 1;
      edges++;
    }
  }
  // bounded work: about 16 cell visits per cell of the grid (a finer grid sees the margin in coarser steps)
  let rx = Math.min(16, Math.floor(margin / cx)),
    ry = Math.min(16, Math.floor(margin / cy));
  const budget = 16 * cells + 65536;
  while ((rx > 0 || ry > 0) && edges * (2 * rx + 1) * (2 * ry + 1) > budget) {
    rx >>= 1;
    ry >>= 1;
  }
  const m2 = Math.max(margin * margin, rx * rx * cx * cx, ry * ry * cy * cy);
  for (let q = 0; q < ct.n; q++) {
    const c0 = ct.cell[q]!,
      z = ct.z[q]!;
    const i0 = c0 % gx,
      j0 = (c0 - i0) / gx;
    const r1 = edge[q] ? ry : 0,
      r0 = edge[q] ? rx : 0;
    for (let dj = -r1; dj <= r1; dj++) {
      const j = j0 + dj;
      if (j < 0 || j >= gy) continue;
      for (let di = -r0; di <= r0; di++) {
        const i = i0 + di;
        if (i < 0 || i >= gx) continue;
        // within the margin (cell centres)
        const ex = di * cx,
          ey = dj * cy;
        if (ex * ex + ey * ey > m2 * (1 + 1e-9)) continue;
        const c = j * gx + i;
        let g = 0;
        let inside = false;
        for (let k = iv.start[c]!, e = iv.start[c + 1]!; k < e; k++) {
          if (iv.hi[k]! <= z) g++;
          else {
            inside = iv.lo[k]! <= z;
            break;
          }
        }
        if (inside) continue;
        const at = iv.start[c]! + c + g;
        if (z > top[at]!) top[at] = z;
      }
    }
  }
  const sv: SupportRanges = { start: new Int32Array(cells + 1), b0: new Int32Array(64), b1: new Int32Array(64) };
  let n = 0;
  for (let c = 0; c < cells; c++) {
    sv.start[c] = n;
    const s = iv.start[c]!,
      e = iv.start[c + 1]!;
    for (let g = 0; g <= e - s; g++) {
      const hi = top[s + c + g]!;
      if (hi === Number.NEGATIVE_INFINITY) continue;
      const lo = g === 0 ? minZ : iv.hi[s + g - 1]!;
      if (hi <= lo) continue;
      const b0 = Math.max(0, Math.floor((lo - minZ) / dz + 0.5)),
        b1 = Math.min(nb, Math.floor((hi - minZ) / dz + 0.5));
      if (b1 <= b0) continue;
      support[b0] = support[b0]! + ca;
      support[b1] = support[b1]! - ca;
      supportTop[b1 - 1] = supportTop[b1 - 1]! + ca;
      if (n === sv.b0.length) {
        const grow = (a: Int32Array) => {
          const b = new Int32Array(a.length * 2);
          b.set(a);
          return b;
        };
        sv.b0 = grow(sv.b0);
        sv.b1 = grow(sv.b1);
      }
      sv.b0[n] = b0;
      sv.b1[n] = b1;
      n++;
    }
  }
  sv.start[cells] = n;
  return sv;
}

interface SupportRanges {
  /** CSR: support ranges of column c are start[c] … start[c+1]-1, slabs [b0, b1). */
  start: Int32Array;
  b0: Int32Array;
  b1: Int32Array;
}

/**
 * Outline length of the support region per slab: for every pair of neighbouring cells (and a cell
 * at the grid's border with the outside), the slabs where exactly one of them holds a support
 * column add the shared edge (|A| + |B| − 2|A ∩ B| over their slab ranges, as difference arrays).
 */
function supportOutline(sv: SupportRanges, gx: number, gy: number, cx: number, cy: number, nb: number): number[] {
  const d = new Float64Array(nb + 1);
  const add = (c: number, e: number) => {
    for (let k = sv.start[c]!; k < sv.start[c + 1]!; k++) {
      d[sv.b0[k]!]! += e;
      d[sv.b1[k]!]! -= e;
    }
  };
  const pair = (a: number, b: number, e: number) => {
    add(a, e);
    add(b, e);
    for (let i = sv.start[a]!; i < sv.start[a + 1]!; i++)
      for (let j = sv.start[b]!; j < sv.start[b + 1]!; j++) {
        const lo = Math.max(sv.b0[i]!, sv.b0[j]!),
          hi = Math.min(sv.b1[i]!, sv.b1[j]!);
        if (hi > lo) {
          d[lo]! -= 2 * e;
          d[hi]! += 2 * e;
        }
      }
  };
  for (let j = 0; j < gy; j++)
    for (let i = 0; i < gx; i++) {
      const c = j * gx + i;
      if (sv.start[c] === sv.start[c + 1]) {
        // no support here: only the pairs with a supported neighbour count, handled from that side or below
        if (i + 1 < gx) add(c + 1, cy);
        if (j + 1 < gy) add(c + gx, cx);
        continue;
      }
      if (i === 0) add(c, cy);
      if (i === gx - 1) add(c, cy);
      if (j === 0) add(c, cx);
      if (j === gy - 1) add(c, cx);
      if (i + 1 < gx) pair(c, c + 1, cy);
      if (j + 1 < gy) pair(c, c + gx, cx);
    }
  const out = new Array<number>(nb);
  let run = 0;
  for (let b = 0; b < nb; b++) {
    run += d[b]!;
    const v = (run * Math.PI) / 4;
    out[b] = v < 1e-9 ? 0 : Number(v.toPrecision(5));
  }
  return out;
}

interface Intervals {
  /** CSR: intervals of column c are start[c] … start[c+1]-1. */
  start: Int32Array;
  lo: Float32Array;
  hi: Float32Array;
}

/**
 * Islands per slab: connected regions (8-neighbour) of the cells inside the part at the slab's
 * middle, counted with union-find on at most `maxSamples` evenly spread slabs (the others take the
 * nearest sample). Each island costs the printer a travel, a retraction and a seam per layer.
 */
function countIslands(
  iv: Intervals,
  gx: number,
  gy: number,
  minZ: number,
  dz: number,
  nb: number,
  maxSamples: number,
  f: number,
): number[] {
  const samples = Math.max(1, Math.min(nb, maxSamples));
  // islands closer than about a millimetre are one: the printer crosses such gaps without retracting,
  // so they are counted on cells of f × f grid cells
  const cx = Math.ceil(gx / f),
    cy = Math.ceil(gy / f);
  const inside = new Uint8Array(cx * cy);
  const parent = new Int32Array(cx * cy);
  const counts = new Float64Array(samples);
  for (let q = 0; q < samples; q++) {
    const slab = Math.min(nb - 1, Math.floor(((q + 0.5) * nb) / samples));
    counts[q] = islandsAt(iv, gx, gy, f, cx, cy, minZ + (slab + 0.5) * dz, inside, parent);
  }
  const out = new Array<number>(nb);
  for (let b = 0; b < nb; b++) out[b] = counts[Math.min(samples - 1, Math.floor(((b + 0.5) * samples) / nb))]!;
  return out;
}

function islandsAt(
  iv: Intervals,
  gx: number,
  gy: number,
  f: number,
  cx: number,
  cy: number,
  z: number,
  inside: Uint8Array,
  parent: Int32Array,
): number {
  // one loop per function, nothing after it: V8 optimises a loop while it runs, from what it has seen,
  // and code after the loop that has not run yet would throw that away on every call (README, "Speed")
  markInside(iv, gx, gy, f, cx, z, inside);
  return markedGroups(inside, cx, cy, parent);
}

/** The coarse cells (f × f grid cells) where some column is inside the part at height z. */
function markInside(iv: Intervals, gx: number, gy: number, f: number, cx: number, z: number, inside: Uint8Array): void {
  inside.fill(0);
  for (let j = 0; j < gy; j++) {
    const row = Math.floor(j / f) * cx;
    for (let i = 0; i < gx; i++) {
      const c = j * gx + i;
      for (let k = iv.start[c]!, e = iv.start[c + 1]!; k < e; k++) {
        if (iv.lo[k]! <= z && z < iv.hi[k]!) {
          inside[row + Math.floor(i / f)] = 1;
          break;
        }
      }
    }
  }
}

/** Connected groups of marked cells, 8-neighbour (cells touching at a corner are one island), by union-find. */
function markedGroups(inside: Uint8Array, cx: number, cy: number, parent: Int32Array): number {
  const cells = cx * cy;
  for (let c = 0; c < cells; c++) parent[c] = c;
  let islands = 0;
  for (let j = 0; j < cy; j++) {
    for (let i = 0; i < cx; i++) {
      const c = j * cx + i;
      if (!inside[c]) continue;
      islands++;
      if (i > 0 && inside[c - 1]) islands -= join(parent, c - 1, c);
      if (j > 0) {
        if (inside[c - cx]) islands -= join(parent, c - cx, c);
        if (i > 0 && inside[c - cx - 1]) islands -= join(parent, c - cx - 1, c);
        if (i < cx - 1 && inside[c - cx + 1]) islands -= join(parent, c - cx + 1, c);
      }
    }
  }
  return islands;
}

/** Joins a's and b's groups: 1 when they were two. */
function join(parent: Int32Array, a: number, b: number): number {
  const ra = find(parent, a),
    rb = find(parent, b);
  if (ra === rb) return 0;
  parent[rb] = ra;
  return 1;
}

/** Adds one inside interval [a, b] of a column to the skin tables of the slabs it holds. */
function interval(
  a: number,
  b: number,
  minZ: number,
  dz: number,
  nb: number,
  ca: number,
  depths: Float64Array,
  dmax: number,
  D: number,
  up: Float64Array,
  down: Float64Array,
  area: Float64Array,
): void {
  // slab centres within (a, b): s from ceil((a - minZ)/dz - 0.5) to floor((b - minZ)/dz - 0.5)
  let s0 = Math.ceil((a - minZ) / dz - 0.5),
    s1 = Math.floor((b - minZ) / dz - 0.5);
  if (s0 < 0) s0 = 0;
  if (s1 > nb - 1) s1 = nb - 1;
  if (s0 > s1) return;
  area[s0] = area[s0]! + ca;
  area[s1 + 1] = area[s1 + 1]! - ca;
  // near the top: distance up = b - zc, growing as s falls; one histogram bin per slab (the first
  // depth edge at or above the distance), made cumulative over the edges at the end
  const sTop = Math.max(s0, Math.ceil((b - dmax - minZ) / dz - 0.5));
  let k = 0;
  for (let s = s1; s >= sTop; s--) {
    const d = b - (minZ + (s + 0.5) * dz);
    while (k < D - 1 && d > depths[k]!) k++;
    if (d <= depths[k]!) up[s * D + k] = up[s * D + k]! + ca;
  }
  const sBot = Math.min(s1, Math.floor((a + dmax - minZ) / dz - 0.5));
  k = 0;
  for (let s = s0; s <= sBot; s++) {
    const d = minZ + (s + 0.5) * dz - a;
    while (k < D - 1 && d > depths[k]!) k++;
    if (d <= depths[k]!) down[s * D + k] = down[s * D + k]! + ca;
  }
}

/**
 * The united outline's share of the bodies' summed outlines on the sampled slabs: on the grid, the
 * cell edges between inside and outside (winding > 0 or not) over the edges summed by winding
 * difference (each body's own outline). 1 where nothing overlaps. Each slab takes its nearest sample.
 */
function contourShares(windAt: Uint8Array, gx: number, gy: number, samples: number, nb: number): number[] {
  const cells = gx * gy;
  const share = new Float64Array(samples);
  for (let q = 0; q < samples; q++) {
    const w = windAt.subarray(q * cells, (q + 1) * cells);
    let united = 0,
      summed = 0;
    for (let j = 0; j < gy; j++)
      for (let i = 0; i < gx; i++) {
        const a = w[j * gx + i]!;
        const right = i + 1 < gx ? w[j * gx + i + 1]! : 0,
          up = j + 1 < gy ? w[(j + 1) * gx + i]! : 0;
        if (i === 0) {
          united += a > 0 ? 1 : 0;
          summed += a;
        }
        if (j === 0) {
          united += a > 0 ? 1 : 0;
          summed += a;
        }
        united += (a > 0 ? 1 : 0) !== (right > 0 ? 1 : 0) ? 1 : 0;
        united += (a > 0 ? 1 : 0) !== (up > 0 ? 1 : 0) ? 1 : 0;
        summed += Math.abs(a - right) + Math.abs(a - up);
      }
    share[q] = summed > 0 ? Math.min(1, united / summed) : 1;
  }
  const out = new Array<number>(nb);
  for (let b = 0; b < nb; b++) out[b] = Number(share[Math.min(samples - 1, Math.floor(((b + 0.5) * samples) / nb))]!.toPrecision(4));
  return out;
}
