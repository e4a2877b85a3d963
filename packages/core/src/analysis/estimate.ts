import type { ColumnProfile } from "./columns.ts";
import { MATERIALS, type MaterialId, normaliseMaterial, PRINT_DEFAULTS } from "./materials.ts";
import type { ZProfile } from "./profile.ts";

/**
 * Grams and minutes the way a slicer lays a part down (PrusaSlicer 2.5 with the profile in
 * calibration/base.ini), layer by layer:
 *   - the section of the layer (area A, contour length L) comes from the height profile;
 *   - perimeters fill a ring of `perimeters` beads along the contour, or the whole section where
 *     it is thinner than that ring; a bead of spacing s and height h holds s·h mm³ per mm, so the
 *     ring holds (ring area)·h;
 *   - inside the ring, the part of the section whose way out upwards (downwards) is within the
 *     top (bottom) shell depth is solid infill: the column tables give that share exactly, also
 *     under sloped and curved surfaces; the rest is sparse gyroid at the infill density;
 *   - supports stand under steep downward faces, down to the bed or the part, at the support
 *     pattern's density, with dense interface layers under the part.
 * Time is each feature's path length over its speed from the profile, with the acceleration of a
 * line as long as the region is wide, the cooling slowdown to the minimum layer time, and a fixed
 * cost per layer and per island. The few constants that are not in the slicer profile (gyroid's
 * material and time factors, support density, per-layer and per-island seconds) are fitted on the
 * generated calibration corpus only (`npm run calibrate`), never on real files.
 */

export interface PrintGeometry {
  /** |volume| of the shells at scale 1, mm³. */
  volumeMm3: number;
  surfaceAreaMm2: number;
  size: { x: number; y: number; z: number };
  overhangProjectedMm2: number;
  profile: ZProfile;
  /** Column tables (skin depths, supports). Absent in geometry stored before they existed: the profile alone is used then. */
  columns?: ColumnProfile | undefined;
  /** False for a mesh with holes: its sections are the columns' (closed as the slicer closes them), not the profile's. */
  watertight?: boolean;
}

export type SupportsSetting = "auto" | "yes" | "no";

export interface PrintSettings {
  material: MaterialId;
  /** Percent, 0–100. */
  infill: number;
  layerHeight: number;
  supports: SupportsSetting;
  /** Print at this factor of the (unit-corrected) model. */
  scale: number;
}

/** Settings as callers give them: any material name (normalised; unknown → PLA), missing fields defaulted. */
export type SettingsInput = Omit<Partial<PrintSettings>, "material"> & { material?: string };

export interface EstimateModel {
  // --- from the slicer profile
  nozzle: number;
  lineWidth: number;
  /** Top solid infill lines are narrower (top_infill_extrusion_width): more path for the same area. */
  topLineWidth: number;
  supportLineWidth: number;
  perimeters: number;
  topLayers: number;
  bottomLayers: number;
  topMinThickness: number;
  bottomMinThickness: number;
  firstLayerHeight: number;
  filamentDiameter: number;
  supportThresholdDeg: number;
  /** Support base pattern: gap between lines (mm); interface layers and their gap. */
  supportSpacing: number;
  interfaceLayers: number;
  interfaceSpacing: number;
  /** The first support layer (on the bed) is grown by this much (mm) and laid at this density (raft_first_layer_expansion/_density). */
  firstSupportExpansion: number;
  firstSupportDensity: number;
  /** How far the slicer grows an overhang's contact area sideways (mm; PrusaSlicer's SUPPORT_MATERIAL_MARGIN). */
  supportMargin: number;
  speeds: {
    external: number;
    perimeter: number;
    infill: number;
    solid: number;
    top: number;
    support: number;
    interface: number;
    firstLayer: number;
    travel: number;
  };
  accel: { perimeter: number; infill: number; firstLayer: number; travel: number };
  minLayerTime: number;
  minPrintSpeed: number;
  /** Projected overhang area (mm²) below which "auto" prints without supports. */
  autoSupportMinMm2: number;
  // --- fitted on the calibration corpus
  /** Gyroid lays this many times the straight-line material for its density (wavy lines, anchors). */
  kInfill: number;
  /** Share of the sparse region's boundary that infill anchors cover (one bead wide). */
  kAnchor: number;
  /** Narrowest band of vertical-shell solid the slicer keeps (mm): narrower bands are opened away. */
  shellOpening: number;
  /** Solid infill material per mm² of solid area and mm of height (overlap with perimeters). */
  kSolid: number;
  /** Support material (base pattern and interface layers) relative to columns straight under the steep faces: the slicer widens and closes support regions. */
  kSupport: number;
  /**
   * Support lines along each support region's outline, per mm of outline and layer (× a support
   * line's section): the slicer joins its support lines' ends along the region's border, so small and
   * narrow regions (under the arms of a figure, a lattice's bars) take more than their area's density.
   */
  kSupportEdge: number;
  /** Gyroid's time per mm of path relative to straight lines at infill speed (short segments, junctions). */
  kTimeInfill: number;
  /** Support's time per mm of path relative to straight lines at support speed (short zig-zags, travels and retractions between support islands). */
  kTimeSupport: number;
  /** Seconds per layer (layer change, retraction, z-hop) and per island per layer (travel, seam). */
  layerSeconds: number;
  islandSeconds: number;
  /** Seconds per island with solid infill per layer (the travels and retractions of its chains). */
  solidSeconds: number;
  /** Seconds per mm of perimeter path: the travels, retractions and seams that come with more contour (holes, details). */
  contourSeconds: number;
  /** Fixed seconds per print (start G-code moves the estimate counts). */
  startSeconds: number;
}

export const DEFAULT_MODEL: EstimateModel = {
  nozzle: 0.4,
  lineWidth: 0.45,
  topLineWidth: 0.4,
  supportLineWidth: 0.35,
  perimeters: 2,
  topLayers: 6,
  bottomLayers: 4,
  topMinThickness: 0.7,
  bottomMinThickness: 0.5,
  firstLayerHeight: 0.2,
  filamentDiameter: 1.75,
  supportThresholdDeg: 50,
  supportSpacing: 2,
  interfaceLayers: 2,
  interfaceSpacing: 0.2,
  firstSupportExpansion: 3,
  firstSupportDensity: 0.9,
  supportMargin: 1.5,
  speeds: { external: 25, perimeter: 45, infill: 80, solid: 80, top: 40, support: 50, interface: 40, firstLayer: 20, travel: 180 },
  accel: { perimeter: 800, infill: 1000, firstLayer: 800, travel: 1000 },
  minLayerTime: 15,
  minPrintSpeed: 15,
  autoSupportMinMm2: 5,
  kInfill: 0.9643,
  kAnchor: 0.2634,
  shellOpening: 0.2153,
  kSolid: 1.005,
  kSupport: 0.9692,
  kSupportEdge: 0.8121,
  kTimeInfill: 1.829,
  kTimeSupport: 0.9395,
  layerSeconds: 0.1177,
  islandSeconds: 0.4268,
  contourSeconds: 0.0007306,
  solidSeconds: 0.8859,
  startSeconds: 11.43,
};

export interface PrintEstimate {
  material: MaterialId;
  density: number;
  infill: number;
  layerHeight: number;
  scale: number;
  supports: boolean;
  layers: number;
  /** Grams of filament, total and by feature (0.01 g). */
  grams: number;
  gramsBreakdown: { perimeters: number; solid: number; infill: number; supports: number };
  filamentLengthMm: number;
  filamentVolumeCm3: number;
  seconds: number;
  minutes: number;
}

/**
 * Time to extrude `total` mm as lines of length `seg` at speed v with acceleration a: each line
 * accelerates from rest and brakes at its end (trapezoid, or triangle when too short to reach v).
 */
export function moveTime(total: number, v: number, a: number, seg: number): number {
  if (total <= 0) return 0;
  if (seg >= (v * v) / a) return total * (1 / v + v / (a * seg));
  return (total / seg) * 2 * Math.sqrt(seg / a);
}

/** Bead cross-section (PrusaSlicer's rounded rectangle) and centre spacing for width w, height h. */
export function flowArea(w: number, h: number): number {
  return (w - h) * h + (Math.PI * h * h) / 4;
}
export const beadSpacing = (w: number, h: number) => w - h * (1 - Math.PI / 4);

function cumulative(a: readonly number[]): Float64Array {
  const c = new Float64Array(a.length + 1);
  for (let i = 0; i < a.length; i++) c[i + 1] = c[i]! + a[i]!;
  return c;
}

export function resolveSettings(s: SettingsInput = {}): PrintSettings {
  const infill = s.infill ?? PRINT_DEFAULTS.infill;
  const layerHeight = s.layerHeight ?? PRINT_DEFAULTS.layerHeight;
  const scale = s.scale ?? 1;
  return {
    material: normaliseMaterial(s.material),
    infill: Math.min(100, Math.max(0, Number.isFinite(infill) ? infill : PRINT_DEFAULTS.infill)),
    layerHeight: Math.min(0.6, Math.max(0.05, Number.isFinite(layerHeight) ? layerHeight : PRINT_DEFAULTS.layerHeight)),
    supports: s.supports ?? "auto",
    scale: Number.isFinite(scale) && scale > 0 ? scale : 1,
  };
}

export function supportsNeeded(g: PrintGeometry, scale: number, model: EstimateModel = DEFAULT_MODEL): boolean {
  // the support columns' tops when the columns are there (faces inside the part, such as where two
  // bodies touch, need nothing), else the steep downward faces
  const top = g.columns?.supportTop;
  if (top && top.length === g.columns?.bins) return top.reduce((a, b) => a + b, 0) * scale * scale > model.autoSupportMinMm2;
  return g.overhangProjectedMm2 * scale * scale > model.autoSupportMinMm2;
}

/**
 * Reads the column tables at a height (model mm): the share of the section whose way out upwards
 * (or downwards) is within a depth (model mm), interpolated between slabs and between depth edges.
 */
class SkinTables {
  private readonly D: number;
  constructor(
    private readonly c: ColumnProfile,
    private readonly dz: number,
  ) {
    this.D = c.depths.length;
  }
  private row(z: number): [number, number, number] {
    const f = Math.min(Math.max(z / this.dz - 0.5, 0), this.c.bins - 1);
    const i = Math.min(Math.floor(f), this.c.bins - 1);
    return [i, Math.min(i + 1, this.c.bins - 1), f - i];
  }
  /** Column area at height z (model mm²). */
  area(z: number): number {
    const [i, j, w] = this.row(z);
    return this.c.area[i]! * (1 - w) + this.c.area[j]! * w;
  }
  /** The united section's share of the bodies' summed sections at height z (1 where nothing overlaps, or for geometry stored without it). */
  united(z: number): number {
    const sum = this.c.areaSum;
    if (!sum || sum.length !== this.c.bins) return 1;
    const [i, j, w] = this.row(z);
    const s = sum[i]! * (1 - w) + sum[j]! * w;
    return s > 0 ? Math.min(1, this.area(z) / s) : 1;
  }
  /** The united outline's share of the bodies' summed outlines at height z. */
  contour(z: number): number {
    const c = this.c.contourShare;
    if (!c || c.length !== this.c.bins) return 1;
    return c[Math.min(this.c.bins - 1, Math.max(0, Math.floor(z / this.dz)))] ?? 1;
  }
  islands(z: number): number {
    return this.c.islands[Math.min(this.c.bins - 1, Math.max(0, Math.floor(z / this.dz)))] ?? 0;
  }
  /** Area of support column tops between heights z0 and z1 (model mm). */
  supportTops(z0: number, z1: number): number {
    const t = this.c.supportTop;
    if (!t) return 0;
    let sum = 0;
    const b0 = Math.max(0, Math.floor(z0 / this.dz)),
      b1 = Math.min(this.c.bins - 1, Math.floor(z1 / this.dz));
    for (let b = b0; b <= b1; b++) {
      // the part of slab b inside [z0, z1]
      const lo = Math.max(z0, b * this.dz),
        hi = Math.min(z1, (b + 1) * this.dz);
      if (hi > lo) sum += (t[b]! * (hi - lo)) / this.dz;
    }
    return sum;
  }
  support(z: number): number {
    const [i, j, w] = this.row(z);
    return this.c.support[i]! * (1 - w) + this.c.support[j]! * w;
  }
  /** Outline of the support region at height z (model mm); 0 for geometry stored without it. */
  supportEdge(z: number): number {
    const e = this.c.supportEdge;
    if (!e || e.length !== this.c.bins) return 0;
    const [i, j, w] = this.row(z);
    return e[i]! * (1 - w) + e[j]! * w;
  }
  exposed(table: number[], z: number, depth: number): number {
    const [i, j, w] = this.row(z);
    const at = (r: number) => {
      const d = this.c.depths;
      const o = r * this.D;
      if (depth <= d[0]!) return (table[o]! * depth) / d[0]!;
      for (let k = 1; k < this.D; k++) {
        if (depth <= d[k]!) {
          const u = (depth - d[k - 1]!) / (d[k]! - d[k - 1]!);
          return table[o + k - 1]! * (1 - u) + table[o + k]! * u;
        }
      }
      return table[o + this.D - 1]!;
    };
    return at(i) * (1 - w) + at(j) * w;
  }
  up(z: number, depth: number): number {
    return this.exposed(this.c.skinUp, z, depth);
  }
  down(z: number, depth: number): number {
    return this.exposed(this.c.skinDown, z, depth);
  }
}

/** Per-layer quantities that do not depend on the fitted constants (LAYER_FIELDS per layer). */
export interface LayerPlan {
  settings: PrintSettings;
  supports: boolean;
  layers: number;
  /** Rows of LAYER_FIELDS numbers, one row per step (a step stands for `reps` identical layers). */
  rows: Float64Array;
  steps: number;
}

/** Fields of a LayerPlan row: volumes (mm³) before the fitted factors, path times (s) and lengths (mm). */
export const F = {
  vAnchor: 17,
  tAnchor: 18,
  lenAnchor: 19,
  reps: 0,
  vPer: 1,
  vSolid: 2,
  vInf: 3,
  vSup: 4,
  vIf: 5,
  tPer: 6,
  tSolid: 7,
  tInf: 8,
  tSup: 9,
  tIf: 10,
  lenPer: 11,
  lenSolid: 12,
  lenInf: 13,
  lenSup: 14,
  lenIf: 15,
  islands: 16,
  travel: 20,
  solidIslands: 21,
  vSupEdge: 22,
  tSupEdge: 23,
  lenSupEdge: 24,
  SIZE: 25,
} as const;

/** Lays the part out in layers: what each layer holds, before the fitted constants. */
export function planLayers(g: PrintGeometry, settings: SettingsInput = {}, model: EstimateModel = DEFAULT_MODEL): LayerPlan {
  const st = resolveSettings(settings);
  const s = st.scale;
  const s2 = s * s;
  const h = st.layerHeight;
  const useSupports = st.supports === "no" ? false : st.supports === "yes" ? true : supportsNeeded(g, s, model);
  const p = g.profile;
  const H = g.size.z * s;
  const cLat = cumulative(p.lateral),
    cUp = cumulative(p.up),
    cDown = cumulative(p.down),
    cOver = cumulative(p.overhang);
  const isl = p.islands;
  const nb = p.bins;
  const dzs = p.dz * s; // profile slab height at this scale
  /** Cumulative amount below print height z, in print mm². */
  const at = (c: Float64Array, z: number): number => {
    if (z <= 0) return 0;
    const f = z / dzs;
    if (f >= nb) return c[nb]! * s2;
    const i = Math.floor(f);
    return (c[i]! + (c[i + 1]! - c[i]!) * (f - i)) * s2;
  };
  const cols =
    g.columns && g.columns.bins > 0 && g.columns.area.length === g.columns.bins && g.columns.islands?.length === g.columns.bins
      ? new SkinTables(g.columns, g.size.z / g.columns.bins)
      : null;
  const w = model.lineWidth;
  const infillFrac = st.infill / 100;
  const topDepth = Math.max(model.topLayers * h, model.topMinThickness);
  const bottomDepth = Math.max(model.bottomLayers * h, model.bottomMinThickness);
  const sp = model.speeds;
  const supDensity = model.supportLineWidth / (model.supportSpacing + model.supportLineWidth);
  const ifDensity = Math.min(1, model.supportLineWidth / (model.interfaceSpacing + model.supportLineWidth));
  const totalOver = at(cOver, H);
  // very tall parts (or absurd sizes) are walked in groups of k identical layers: at most ~4000 steps
  const totalLayers = H > 0 ? 1 + Math.max(0, Math.ceil((H - Math.min(model.firstLayerHeight, H)) / h - 1e-9)) : 0;
  if (!Number.isFinite(totalLayers)) throw new RangeError("model height is not finite");
  const k = Math.max(1, Math.ceil(totalLayers / 4000));
  const rows = new Float64Array((Math.ceil(totalLayers / k) + 2) * F.SIZE);
  let layers = 0;
  let a = 0;
  let step = 0;
  while (a < H - 1e-9) {
    const reps = step === 0 ? 1 : k; // layers this step stands for
    const lh = step === 0 ? Math.min(model.firstLayerHeight, H) : h;
    const b = Math.min(a + lh * reps, H);
    const thick = (b - a) / reps;
    if (thick <= 1e-9) break;
    const first = step === 0;
    const row = rows.subarray(step * F.SIZE, (step + 1) * F.SIZE);
    step++;
    layers += reps;
    const m = (a + b) / 2;
    // PrusaSlicer slices each layer at its middle; it unites overlapping bodies (their section counted
    // once, the outlines inside another body gone) and closes a mesh's holes layer by layer
    const mz = m / s;
    const colArea = cols ? cols.area(mz) : 0;
    const area = Math.max(0, at(cDown, m) - at(cUp, m)) * (cols ? cols.united(mz) : 1);
    const L = Math.max(0, (at(cLat, b) - at(cLat, a)) / (b - a)) * (cols ? cols.contour(mz) : 1);
    const spacing = beadSpacing(w, thick);
    // perimeters: the ring their beads cover, the whole section where it is thinner than that
    const ring = Math.min(area, L * model.perimeters * spacing);
    const inner = area - ring;
    // top/bottom solid: share of the section within the shell depth of a surface above/below
    let upShare: number,
      downShare: number,
      topShare = 0;
    if (cols && colArea > 0) {
      upShare = Math.min(1, cols.up(mz, topDepth / s) / colArea);
      downShare = Math.min(1, cols.down(mz, bottomDepth / s) / colArea);
      topShare = Math.min(1, cols.up(mz, thick / s) / colArea);
    } else if (area > 0) {
      // no columns here (thinner than the grid, or geometry stored before columns): facing area within the depth
      upShare = Math.min(1, (at(cUp, a + topDepth) - at(cUp, a)) / area);
      downShare = Math.min(1, (at(cDown, b) - at(cDown, Math.max(0, b - bottomDepth))) / area);
      topShare = Math.min(1, (at(cUp, b + thick) - at(cUp, a)) / area);
    } else upShare = downShare = 0;
    if (first) downShare = 1;
    const exposed = area * (1 - (1 - upShare) * (1 - downShare));
    // vertical shells: the infill area of this layer that is not infill area in every layer within
    // the shell depth is solid; on a slope that band is as wide as the exposure, just inside the
    // ring. The slicer drops bands narrower than about a line (an opening): take that width off
    // along the contour.
    const solid = Math.min(inner, Math.max(0, exposed - L * model.shellOpening));
    const sparse = inner - solid;
    const vPer = ring * thick;
    const vSolid = solid * thick;
    // sparse infill: the density's share of the area, plus anchors: each line's end runs along the
    // boundary of the region (infill_anchor), so narrow regions take more than their density
    const vInf = sparse * thick * infillFrac;
    const vAnchor = sparse > 0 ? Math.min(sparse, L * w) * thick : 0;
    let vSup = 0,
      vIf = 0,
      vSupEdge = 0;
    if (useSupports) {
      const colSup = cols ? cols.support(mz) * s2 : Math.max(0, totalOver - at(cOver, a + thick));
      const edge = cols ? cols.supportEdge(mz) * s : 0;
      vSupEdge = first ? 0 : edge * model.supportLineWidth * thick;
      if (first) {
        // the first support layer is grown and laid dense so the columns stand (not fitted: the profile's values)
        vSup = ((colSup + edge * model.firstSupportExpansion) * thick * model.firstSupportDensity) / model.kSupport;
      } else vSup = colSup * thick * supDensity;
      // interface layers: the tops of the support columns within the interface layers above this one
      const over = cols
        ? cols.supportTops(a / s, (a + thick * model.interfaceLayers) / s) * s2
        : at(cOver, b + thick * (model.interfaceLayers + 1)) - at(cOver, b + thick);
      vIf = Math.max(0, over) * thick * ifDensity;
    }
    // time: path lengths (volume / bead area) over speeds, with acceleration on lines as long as the region is wide
    const fa = flowArea(w, thick);
    const faSup = flowArea(model.supportLineWidth, thick);
    const lenPer = vPer / fa,
      lenSolid = vSolid / fa,
      lenInf = vInf / fa,
      lenAnchor = vAnchor / fa,
      lenSup = vSup / faSup,
      lenSupEdge = vSupEdge / faSup,
      lenIf = vIf / faSup;
    // top surfaces: narrower lines, so more path for their volume (the time counts it, not the grams)
    const topVol = Math.min(vSolid, area * topShare * thick);
    const topLen = topVol / flowArea(model.topLineWidth, thick);
    const width = L > 0 ? Math.max(model.nozzle, (2 * Math.max(inner, area * 0.05)) / L) : 1e9;
    // solid lines run across their region: the whole inner area on a flat top, a band just inside
    // the perimeters on a slope (as wide as the solid area over the contour)
    const solidWidth = L > 0 ? Math.max(model.nozzle, Math.min(width, (2 * solid) / L)) : 1e9;
    const extLen = Math.min(lenPer, L);
    let tPer: number, tSolid: number, tInf: number, tAnchor: number, tSup: number, tIf: number;
    let tSupEdge = 0;
    if (first) {
      tPer = moveTime(lenPer, sp.firstLayer, model.accel.firstLayer, 1e9);
      tSolid = moveTime(lenSolid, sp.firstLayer, model.accel.firstLayer, solidWidth);
      tInf = moveTime(lenInf, sp.firstLayer, model.accel.firstLayer, width);
      tAnchor = moveTime(lenAnchor, sp.firstLayer, model.accel.firstLayer, width);
      tSup = moveTime(lenSup, sp.firstLayer, model.accel.firstLayer, model.supportSpacing * 10);
      tIf = moveTime(lenIf, sp.firstLayer, model.accel.firstLayer, width);
    } else {
      tPer =
        moveTime(extLen, sp.external, model.accel.perimeter, 1e9) + moveTime(lenPer - extLen, sp.perimeter, model.accel.perimeter, 1e9);
      tSolid =
        moveTime(lenSolid - topVol / fa, sp.solid, model.accel.infill, solidWidth) +
        moveTime(topLen, sp.top, model.accel.infill, solidWidth);
      tInf = moveTime(lenInf, sp.infill, model.accel.infill, width);
      tAnchor = moveTime(lenAnchor, sp.infill, model.accel.infill, width);
      tSup = moveTime(lenSup, sp.support, model.accel.infill, model.supportSpacing * 10);
      tSupEdge = moveTime(lenSupEdge, sp.support, model.accel.infill, model.supportSpacing * 5);
      tIf = moveTime(lenIf, sp.interface, model.accel.infill, width);
    }
    row[F.reps] = reps;
    row[F.vPer] = vPer;
    row[F.vSolid] = vSolid;
    row[F.vInf] = vInf;
    row[F.vAnchor] = vAnchor;
    row[F.tAnchor] = tAnchor;
    row[F.lenAnchor] = lenAnchor;
    row[F.vSup] = vSup;
    row[F.vSupEdge] = vSupEdge;
    row[F.tSupEdge] = tSupEdge;
    row[F.lenSupEdge] = lenSupEdge;
    row[F.vIf] = vIf;
    row[F.tPer] = tPer;
    row[F.tSolid] = tSolid;
    row[F.tInf] = tInf;
    row[F.tSup] = tSup;
    row[F.tIf] = tIf;
    row[F.lenPer] = lenPer;
    row[F.lenSolid] = lenSolid;
    row[F.lenInf] = lenInf;
    row[F.lenSup] = lenSup;
    row[F.lenIf] = lenIf;
    // islands: counted on the section by the columns; the shells spanning the layer where the grid saw none
    const islands = (cols ? cols.islands(mz) : 0) || (isl[Math.min(nb - 1, Math.floor(m / dzs))] ?? 1);
    row[F.islands] = islands;
    // solid infill is laid in separate chains (a band on a slope is cut into several by the part
    // inside it), each reached by a travel with a retraction: one more per island with solid infill
    row[F.solidIslands] = solid > 0.05 * Math.max(inner, 1e-9) && solid > 1 ? islands : 0;
    // travel between islands: one hop per island, as long as the islands are spread over the footprint
    const hop = Math.sqrt((g.size.x * g.size.y * s2) / Math.max(1, islands));
    row[F.travel] = islands > 1 ? islands * moveTime(hop, sp.travel, model.accel.travel, hop) : 0;
    a = b;
  }
  return { settings: st, supports: useSupports, layers, rows, steps: step };
}

/** Volumes (mm³) by feature and seconds of a plan under the fitted constants. */
export function priceLayers(
  plan: LayerPlan,
  model: EstimateModel = DEFAULT_MODEL,
): { per: number; solid: number; infill: number; supports: number; seconds: number } {
  const r = plan.rows;
  let per = 0,
    solid = 0,
    infill = 0,
    sup = 0;
  let time = model.startSeconds;
  const kS = model.kSolid,
    kI = model.kInfill,
    kA = model.kAnchor,
    kSup = model.kSupport,
    kSE = model.kSupportEdge,
    kTI = model.kTimeInfill;
  for (let i = 0, o = 0; i < plan.steps; i++, o += F.SIZE) {
    const reps = r[o + F.reps]!;
    per += r[o + F.vPer]! * reps;
    solid += r[o + F.vSolid]! * kS * reps;
    infill += (r[o + F.vInf]! * kI + r[o + F.vAnchor]! * kA) * reps;
    sup += ((r[o + F.vSup]! + r[o + F.vIf]!) * kSup + r[o + F.vSupEdge]! * kSE) * reps;
    let t =
      r[o + F.tPer]! +
      r[o + F.tSolid]! * kS +
      (r[o + F.tInf]! * kI + r[o + F.tAnchor]! * kA) * kTI +
      ((r[o + F.tSup]! + r[o + F.tIf]!) * kSup + r[o + F.tSupEdge]! * kSE) * model.kTimeSupport;
    const len =
      r[o + F.lenPer]! +
      r[o + F.lenSolid]! * kS +
      r[o + F.lenInf]! * kI +
      r[o + F.lenAnchor]! * kA +
      (r[o + F.lenSup]! + r[o + F.lenIf]!) * kSup +
      r[o + F.lenSupEdge]! * kSE;
    // cooling: short layers are slowed to the minimum layer time, never below the minimum speed
    if (t < model.minLayerTime) t = Math.max(t, Math.min(model.minLayerTime, len / model.minPrintSpeed));
    time +=
      (t +
        r[o + F.travel]! +
        model.layerSeconds +
        model.islandSeconds * r[o + F.islands]! +
        model.solidSeconds * r[o + F.solidIslands]! +
        model.contourSeconds * r[o + F.lenPer]!) *
      reps;
  }
  return { per, solid, infill, supports: sup, seconds: time };
}

export function estimatePrint(g: PrintGeometry, settings: SettingsInput = {}, model: EstimateModel = DEFAULT_MODEL): PrintEstimate {
  const plan = planLayers(g, settings, model);
  return estimateFromPlan(plan, model);
}

export function estimateFromPlan(plan: LayerPlan, model: EstimateModel = DEFAULT_MODEL): PrintEstimate {
  const st = plan.settings;
  const mat = MATERIALS[st.material];
  const v = priceLayers(plan, model);
  const vol = v.per + v.solid + v.infill + v.supports; // mm³
  const gPer = (v.per / 1000) * mat.density;
  const gSolid = (v.solid / 1000) * mat.density;
  const gInf = (v.infill / 1000) * mat.density;
  const gSup = (v.supports / 1000) * mat.density * (plan.supports ? mat.supportMultiplier : 1);
  const grams = gPer + gSolid + gInf + gSup;
  const fil = (Math.PI * model.filamentDiameter * model.filamentDiameter) / 4;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    material: st.material,
    density: mat.density,
    infill: st.infill,
    layerHeight: st.layerHeight,
    scale: st.scale,
    supports: plan.supports,
    layers: plan.layers,
    grams: r2(grams),
    gramsBreakdown: { perimeters: r2(gPer), solid: r2(gSolid), infill: r2(gInf), supports: r2(gSup) },
    filamentLengthMm: Math.round(vol / fil),
    filamentVolumeCm3: Math.round(vol) / 1000,
    seconds: Math.round(v.seconds),
    minutes: Math.max(1, Math.ceil(v.seconds / 60)),
  };
}
