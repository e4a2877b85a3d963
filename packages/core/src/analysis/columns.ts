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
import { pieces } from "./pieces.ts";
import { type Flips, NO_FLIPS } from "./profile.ts";
import { crossingsRoom, type Welded } from "./welded.ts";

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
export function rasterCollect(s: Welded, from: number, to: number, grid: ColumnGrid, f: Flips, room: number): Crossings {
  const a = s.arena;
  const out: Crossings = { n: 0, cell: a.alloc(4 * room), z: a.alloc(4 * room), kind: a.alloc(room) };
  const mark = a.mark();
  const params = a.alloc(8 * grid.params.length);
  a.f64(params, grid.params.length).set(grid.params);
  const st = a.zeroed(8);
  for (const [from2, to2] of pieces(from, to)) {
    a.k.rasterPass(s.vid, s.pos, from2, to2, params, f.shellOf, f.sign, f.flip, out.cell, out.z, out.kind, room, st);
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
 * Casts the columns. Triangles of inside-out shells are flipped (`f`), so such shells read as solid
 * (as the rest of the analysis treats them).
 */
export function columnProfile(s: Welded, o: ColumnOptions, f: Flips = NO_FLIPS): ColumnProfile {
  const n = s.n;
  const a = s.arena;
  const grid = columnGrid(o, n, o.footprint);
  const cells = grid.gx * grid.gy;
  const mark = a.mark();
  const room = n === 0 || o.maxZ - o.minZ <= 0 ? 0 : crossingsBound(o.footprint, n, grid.cx, grid.cy, cells);
  // the table by column first, the crossings in triangle order after it: given back once sorted in
  const into = { start: a.zeroed(4 * (cells + 1)), zs: a.alloc(4 * room), kind: a.alloc(room) };
  const lists = a.mark();
  const crossings = crossingsByColumn(a, room > 0 ? [rasterCollect(s, 0, n, grid, f, room)] : [], cells, into);
  a.release(lists);
  const out = columnsFromCrossings(a, o, grid, crossings);
  a.release(mark);
  return out;
}

/** The column tables from every column's crossings (CSR by column, in the arena: start has gx·gy + 1 entries). */
export function columnsFromCrossings(
  a: Arena,
  o: ColumnOptions,
  grid: ColumnGrid,
  crossings: { start: Int32Array; zs: Float32Array; kind: Int8Array },
): ColumnProfile {
  const { gx, gy, cx, cy } = grid;
  const cells = gx * gy;
  const nb = o.bins;
  const height = o.maxZ - o.minZ;
  const dz = height > 0 ? height / nb : 1;
  const depths = SKIN_DEPTHS.map((d) => d / o.likelyScale);
  const D = depths.length;
  const { start, zs, kind } = crossings;
  const total = start[cells]!;
  const empty = {
    bins: nb,
    depths,
    cellArea: cx * cy,
    grid: [gx, gy] as [number, number],
  };
  if (total === 0 || height <= 0) {
    const zeros = () => new Array<number>(nb).fill(0);
    return {
      ...empty,
      skinUp: new Array<number>(nb * D).fill(0),
      skinDown: new Array<number>(nb * D).fill(0),
      support: zeros(),
      area: zeros(),
      areaSum: zeros(),
      contourShare: new Array<number>(nb).fill(1),
      supportTop: zeros(),
      supportEdge: zeros(),
      islands: zeros(),
    };
  }
  const mark = a.mark();
  const f64s = (values: ArrayLike<number>) => {
    const at = a.alloc(8 * values.length);
    a.f64(at, values.length).set(values);
    return at;
  };
  // the slabs whose islands and outlines are counted
  const samples = Math.max(1, Math.min(nb, o.maxIslandSlabs));
  const sampleZ = Array.from({ length: samples }, (_, q) => o.minZ + (Math.min(nb - 1, Math.floor(((q + 0.5) * nb) / samples)) + 0.5) * dz);
  let longest = 0;
  for (let c = 0; c < cells; c++) longest = Math.max(longest, start[c + 1]! - start[c]!);
  const ivRoom = (total >> 1) + 1;
  const t = {
    params: f64s([o.minZ, dz, nb, cx * cy, o.gap, Math.max(height * 1e-4, 1e-6), o.open ? 1 : 0, o.maxZ]),
    depths: f64s(depths),
    sampleZ: f64s(sampleZ),
    skinUp: a.zeroed(8 * nb * D),
    skinDown: a.zeroed(8 * nb * D),
    area: a.zeroed(8 * (nb + 1)),
    areaSum: a.zeroed(8 * (nb + 1)),
    windAt: a.zeroed(samples * cells),
    ivStart: a.alloc(4 * (cells + 1)),
    ivLo: a.alloc(4 * ivRoom),
    ivHi: a.alloc(4 * ivRoom),
    ctCell: a.alloc(4 * ivRoom),
    ctZ: a.alloc(4 * ivRoom),
    state: a.alloc(8),
  };
  const walk = a.mark();
  const contacts = a.k.walkColumns(
    start.byteOffset,
    zs.byteOffset,
    kind.byteOffset,
    cells,
    t.params,
    t.depths,
    D,
    t.skinUp,
    t.skinDown,
    t.area,
    t.areaSum,
    t.sampleZ,
    samples,
    t.windAt,
    t.ivStart,
    t.ivLo,
    t.ivHi,
    ivRoom,
    t.ctCell,
    t.ctZ,
    ivRoom,
    a.alloc(8 * longest),
    a.alloc(longest),
    a.alloc(8 * longest),
    a.alloc(24 * (longest + 1)),
    t.state,
  );
  a.release(walk);
  const intervals = a.i32(t.state, 1)[0]!;
  const contourShare = Array.from({ length: samples }, (_, q) => a.k.contourShare(t.windAt + q * cells, gx, gy));
  // support columns and their outline
  const support = a.zeroed(8 * (nb + 1)),
    supportTop = a.zeroed(8 * nb),
    edgeAt = a.zeroed(8 * (nb + 1));
  const svStart = a.alloc(4 * (cells + 1)),
    b0s = a.alloc(4 * (intervals + cells)),
    b1s = a.alloc(4 * (intervals + cells));
  const scratch = a.mark();
  a.k.supportColumns(
    t.ivStart,
    t.ivLo,
    t.ivHi,
    t.ctCell,
    t.ctZ,
    contacts,
    gx,
    gy,
    f64s([cx, cy, o.supportMargin, o.minZ, dz, nb, cx * cy]),
    support,
    supportTop,
    a.alloc(4 * (intervals + cells)),
    a.zeroed(4 * (cells + 1)),
    a.alloc(contacts),
    svStart,
    b0s,
    b1s,
  );
  a.release(scratch);
  a.k.supportOutline(svStart, b0s, b1s, gx, gy, cx, cy, edgeAt);
  // islands closer than about a millimetre are one: the printer crosses such gaps without retracting,
  // so they are counted on cells of f × f grid cells
  const f = Math.max(1, Math.round(1 / o.likelyScale / Math.min(cx, cy)));
  const icx = Math.ceil(gx / f),
    icy = Math.ceil(gy / f);
  const inside = a.alloc(icx * icy),
    parent = a.alloc(4 * icx * icy);
  const islandSamples = Math.max(1, Math.min(nb, o.maxIslandSlabs));
  const counts = Array.from({ length: islandSamples }, (_, q) => {
    const slab = Math.min(nb - 1, Math.floor(((q + 0.5) * nb) / islandSamples));
    return a.k.islandsAt(t.ivStart, t.ivLo, t.ivHi, gx, gy, f, icx, icy, o.minZ + (slab + 0.5) * dz, inside, parent);
  });
  const out = tablesOf(a, t, nb, D, { support, supportTop, edgeAt });
  a.release(mark);
  const nearest = <T>(values: T[], k: number) =>
    Array.from({ length: nb }, (_, b) => values[Math.min(k - 1, Math.floor(((b + 0.5) * k) / nb))]!);
  return {
    ...empty,
    ...out,
    contourShare: nearest(contourShare, samples).map((v) => Number(v.toPrecision(4))),
    islands: nearest(counts, islandSamples),
  };
}

/** The per-slab tables from the walk's difference arrays and histograms (rounded to 5 digits, as stored). */
function tablesOf(
  a: Arena,
  t: { skinUp: number; skinDown: number; area: number; areaSum: number },
  nb: number,
  D: number,
  s: { support: number; supportTop: number; edgeAt: number },
) {
  const support = a.f64(s.support, nb + 1),
    area = a.f64(t.area, nb + 1),
    areaSum = a.f64(t.areaSum, nb + 1),
    edge = a.f64(s.edgeAt, nb + 1);
  const sup = new Array<number>(nb),
    inside = new Array<number>(nb),
    summed = new Array<number>(nb),
    outline = new Array<number>(nb);
  let run = 0,
    runA = 0,
    runS = 0,
    runE = 0;
  for (let b = 0; b < nb; b++) {
    run += support[b]!;
    runA += area[b]!;
    sup[b] = Number(run.toPrecision(5));
    inside[b] = Number(runA.toPrecision(5));
    if (inside[b]! < 1e-12) inside[b] = 0;
    if (sup[b]! < 1e-12) sup[b] = 0;
    runS += areaSum[b]!;
    summed[b] = runS < 1e-12 ? 0 : Number(runS.toPrecision(5));
    runE += edge[b]!;
    const v = (runE * Math.PI) / 4;
    outline[b] = v < 1e-9 ? 0 : Number(v.toPrecision(5));
  }
  // the skin histograms made cumulative over the depth edges
  const skinUp = a.f64(t.skinUp, nb * D),
    skinDown = a.f64(t.skinDown, nb * D);
  for (let r = 0; r < nb * D; r += D) {
    for (let k = 1; k < D; k++) {
      skinUp[r + k] = skinUp[r + k]! + skinUp[r + k - 1]!;
      skinDown[r + k] = skinDown[r + k]! + skinDown[r + k - 1]!;
    }
  }
  return {
    skinUp: round5(skinUp),
    skinDown: round5(skinDown),
    support: sup,
    supportTop: round5(a.f64(s.supportTop, nb)),
    supportEdge: outline,
    area: inside,
    areaSum: summed,
  };
}

function round5(a: Float64Array): number[] {
  const r = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) r[i] = a[i] === 0 ? 0 : Number(a[i]!.toPrecision(5));
  return r;
}
