/**
 * From a parsed, welded mesh to the stored geometry (DesignGeometry): basic measures, units, welding and
 * shells, the height profile and the column tables. In two steps, so that the parts that go over
 * every triangle can be shared among threads (parallel.ts) and handed in already done: the
 * profile's sums and the columns' crossings (made without shell signs: when the mesh turns out to
 * have inside-out shells they are made again here, with the signs).
 */
import { fail } from "../shared/errors.ts";
import type { Parsed } from "./analyze.ts";
import { type ColumnGrid, type ColumnOptions, columnProfile, columnsFromCrossings, type Footprint } from "./columns.ts";
import type { BoundingBox, DesignGeometry } from "./describe.ts";
import { DEFAULT_MODEL, supportsNeeded } from "./estimate.ts";
import { LIMITS } from "./limits.ts";
import { type BasicMeasures, topology } from "./mesh.ts";
import { placeFlips, profileFinish, profileParams, zProfile } from "./profile.ts";
import { detectUnits, type Size3, type UnitsReport } from "./units.ts";
import { cornerIds, type Welded } from "./welded.ts";

/**
 * `d` decimals, and at least 6 significant digits below 1: a design drawn in metres is measured in
 * thousandths of a "millimetre" (the stanford bunny's volume is 0.00077 mm³ as read), and the
 * customer's rescale multiplies what is stored by 1000³ (describeEstimate): three decimals made its
 * 770 cm³ read 1000 cm³ and its area 57,000 mm² instead of 57,129.
 */
const r = (x: number, d = 3) => (x !== 0 && Math.abs(x) < 1 ? Number(x.toPrecision(6)) : Number(x.toFixed(d)));

export interface Prepared {
  p: Parsed;
  basic: BasicMeasures;
  size: Size3;
  units: UnitsReport;
  /** The height profile's layout (profileParams) and the columns' options. */
  profile: Float64Array;
  columns: ColumnOptions;
}

/** What threads may have done already (all without shell signs), in the mesh's arena. */
export interface Shared {
  /** The profile's sums per range (profile.ts PROFILE_RANGES). */
  profileRanges?: Float64Array[];
  crossings?: { grid: ColumnGrid; start: Int32Array; zs: Float32Array; kind: Int8Array };
}

/** Units, and the layouts of the profile and the columns, from the basic measures. */
export function prepareGeometry(p: Parsed, basic: BasicMeasures & { footprint: Footprint }, unitOverride?: string): Prepared {
  const extent = Math.max(basic.max[0] - basic.min[0], basic.max[1] - basic.min[1], basic.max[2] - basic.min[2]);
  if (extent > LIMITS.maxExtent)
    throw fail("design_too_large", { size: extent.toExponential(1), limit: LIMITS.maxExtent.toExponential(0) });
  const size: Size3 = { x: r(basic.max[0] - basic.min[0], 4), y: r(basic.max[1] - basic.min[1], 4), z: r(basic.max[2] - basic.min[2], 4) };
  const units = detectUnits(size, unitOverride === undefined && p.format === "3mf" ? p.unit : (unitOverride ?? null));
  // height profile in slabs of about 0.05 mm at the likely print size (200–2000 slabs)
  const printHeight = (basic.max[2] - basic.min[2]) * Math.max(1, units.suggestedScale);
  const bins = Math.min(2000, Math.max(200, Math.ceil(printHeight / 0.05)));
  // column tables on slabs of about 0.2 mm at the likely print size (40–400 slabs)
  const likelyScale = Math.max(1e-6, units.suggestedScale);
  const columns: ColumnOptions = {
    minZ: basic.min[2],
    maxZ: basic.max[2],
    min: [basic.min[0], basic.min[1]],
    max: [basic.max[0], basic.max[1]],
    bins: Math.min(400, Math.max(40, Math.ceil(((basic.max[2] - basic.min[2]) * likelyScale) / 0.2))),
    likelyScale,
    cosSupport: Math.cos((DEFAULT_MODEL.supportThresholdDeg * Math.PI) / 180),
    // small meshes have few, large faces: a coarser grid sees them as well and costs less
    maxCells: Math.min(LIMITS.columnCells, Math.max(2048, 64 * basic.triangles)),
    maxCrossings: LIMITS.columnCrossings,
    gap: 0.2 / likelyScale,
    supportMargin: DEFAULT_MODEL.supportMargin / likelyScale,
    maxIslandSlabs: 32,
    footprint: basic.footprint,
  };
  return { p, basic, size, units, profile: profileParams(basic.min[2], basic.max[2], bins, DEFAULT_MODEL.supportThresholdDeg), columns };
}

export function finishGeometry(prep: Prepared, fileName: string, fileBytes: number, shared: Shared = {}): DesignGeometry {
  const { p, basic, size, units } = prep;
  const mesh = p.mesh;
  const topo = topology(mesh);
  const sign = new Int8Array(topo.shells);
  for (let s = 0; s < topo.shells; s++) sign[s] = topo.shellVolumes[s]! < 0 ? -1 : 1;
  // a shell facing inwards inside another one is a cavity (a hollow part, as a slicer reads it),
  // not a solid whose normals are reversed: it keeps its sign and is not counted as solid
  const cavities = topo.invertedShells > 0 ? findCavities(mesh, topo.shellOfTriangle, topo.shellVolumes) : new Uint8Array(0);
  let inverted = 0;
  let printedVolume = 0;
  for (let s = 0; s < topo.shells; s++) {
    const v = topo.shellVolumes[s]!;
    if (cavities[s]) sign[s] = 1;
    else if (v < 0) inverted++;
    printedVolume += cavities[s] ? v : Math.abs(v);
  }
  printedVolume = Math.max(0, printedVolume);
  const sot = topo.shellOfTriangle;
  // what threads made without signs holds when no shell is read inside out
  const flips = inverted > 0 ? sign : null;
  const { profile, stats } =
    shared.profileRanges && !flips
      ? profileFinish(prep.profile, shared.profileRanges, topo.shellZ)
      : zProfile(mesh, basic.min[2], basic.max[2], flips, prep.profile[2]!, DEFAULT_MODEL.supportThresholdDeg, sot, topo.shellZ);
  // a mesh with holes: columns through a hole are closed as the slicer closes each layer's outline
  const colOptions = { ...prep.columns, open: !topo.watertight && topo.boundaryEdges > 0 };
  const columns =
    shared.crossings && !flips
      ? columnsFromCrossings(mesh.arena, colOptions, shared.crossings.grid, shared.crossings)
      : columnProfile(mesh, colOptions, placeFlips(mesh, flips, sot));
  const warnings: string[] = [];
  if (units.message) warnings.push(units.message);
  if (!topo.watertight) {
    warnings.push(
      `The mesh is not watertight (${topo.boundaryEdges} open and ${topo.nonManifoldEdges} non-manifold edges); volume and weight are approximate and a slicer may need to repair it.`,
    );
  }
  if (inverted > 0) warnings.push(`${inverted} of ${topo.shells} shells are inside out (normals reversed); they are counted as solid.`);
  const geom: Omit<DesignGeometry, "supportsNeeded"> = {
    version: 1,
    fileName,
    fileFormat: p.format === "3mf" ? "3mf" : p.format === "obj" ? "obj" : "stl",
    format: p.format,
    bytes: fileBytes,
    triangles: basic.triangles,
    vertices: topo.vertices,
    degenerateTriangles: basic.degenerateTriangles,
    signedVolumeMm3: r(basic.volume),
    volumeMm3: r(printedVolume),
    surfaceAreaMm2: r(basic.area),
    boundingBox: {
      ...size,
      min: basic.min.map((v) => r(v, 4)) as BoundingBox["min"],
      max: basic.max.map((v) => r(v, 4)) as BoundingBox["max"],
    },
    size,
    shells: topo.shells,
    watertight: topo.watertight,
    boundaryEdges: topo.boundaryEdges,
    nonManifoldEdges: topo.nonManifoldEdges,
    invertedShells: inverted,
    overhangAreaMm2: r(stats.overhangArea),
    overhangProjectedMm2: r(stats.overhangProjected),
    bedContactMm2: r(stats.bedArea),
    numberOfColors: Math.max(1, p.colors),
    unitScale: p.unitScale,
    units,
    profile,
    columns,
    warnings,
    details: p.details,
  };
  return { ...geom, supportsNeeded: supportsNeeded({ ...geom }, 1) };
}

/**
 * Which inward-facing shells (negative signed volume) are cavities: their bounding box lies inside
 * the bounding box of an outward-facing shell that holds more volume. A lone inward-facing shell is
 * a solid with reversed normals instead.
 */
function findCavities(m: Welded, shellOf: Int32Array, volumes: Float64Array): Uint8Array {
  const k = volumes.length;
  const box = new Float64Array(6 * k);
  for (let s = 0; s < k; s++) box.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], 6 * s);
  const id = cornerIds(m),
    pos = m.arena.f32(m.pos, 3 * m.vertices);
  for (let i = 0; i < m.n; i++) {
    const o = 6 * shellOf[i]!;
    for (let v = 0; v < 3; v++) {
      for (let a = 0; a < 3; a++) {
        const x = pos[3 * id(3 * i + v) + a]!;
        if (x < box[o + a]!) box[o + a] = x;
        if (x > box[o + 3 + a]!) box[o + 3 + a] = x;
      }
    }
  }
  const out = new Uint8Array(k);
  const outer: number[] = [];
  for (let s = 0; s < k; s++) if (volumes[s]! > 0) outer.push(s);
  for (let s = 0; s < k; s++) {
    if (volumes[s]! >= 0) continue;
    for (const p of outer) {
      if (volumes[p]! < -volumes[s]!) continue;
      let inside = true;
      for (let a = 0; a < 3 && inside; a++) inside = box[6 * p + a]! <= box[6 * s + a]! && box[6 * s + 3 + a]! <= box[6 * p + 3 + a]!;
      if (inside) {
        out[s] = 1;
        break;
      }
    }
    if (outer.length > 1000) break; // bounded work for files with thousands of shells
  }
  return out;
}
