import { MATERIALS, type MaterialId, normaliseMaterial, PRINT_DEFAULTS } from "./materials.ts";
import type { ZProfile } from "./mesh.ts";

/**
 * Grams and minutes the way a slicer lays a part down (PrusaSlicer 2.5, the reference profile in
 * shared/models/slicer/base.ini): for each layer, the cross-section area A(z), the contour
 * length L(z) and the top/bottom-facing area within the skin depth come from the height profile;
 * the layer then holds perimeters (L × count × bead), solid skin where a top or bottom surface is
 * close, sparse infill in the rest, and support under downward faces steeper than the threshold.
 * Time is path length over the profile's speeds, slowed for acceleration, plus per-layer costs and
 * the minimum layer time. A handful of global coefficients (DEFAULT_MODEL) are fitted across all
 * reference files at once by scripts/calibrate.ts; nothing is per-file.
 */

export interface PrintGeometry {
  /** |volume| of the shells at scale 1, mm³. */
  volumeMm3: number;
  surfaceAreaMm2: number;
  size: { x: number; y: number; z: number };
  overhangProjectedMm2: number;
  profile: ZProfile;
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
  nozzle: number;
  lineWidth: number;
  perimeters: number;
  topLayers: number;
  bottomLayers: number;
  topMinThickness: number;
  bottomMinThickness: number;
  firstLayerHeight: number;
  filamentDiameter: number;
  supportThresholdDeg: number;
  /** Fitted: multipliers on perimeter, solid and sparse infill material. */
  kPerimeter: number;
  kSolid: number;
  kInfill: number;
  /** Fitted: fraction of the support column volume that is extruded. */
  kSupport: number;
  /** Extra solid on sloped walls (ensure_vertical_shell_thickness), × sloped-wall length × ring width. Fitted to 0 on the reference set, kept for other profiles. */
  kSlope: number;
  /** Speeds (mm/s) from the profile. */
  speeds: {
    external: number;
    perimeter: number;
    infill: number;
    solid: number;
    top: number;
    support: number;
    firstLayer: number;
    travel: number;
  };
  /** Fitted: time multiplier for acceleration on short moves, per feature class. */
  kTimePerimeter: number;
  kTimeInfill: number;
  kTimeSolid: number;
  kTimeSupport: number;
  /** Fitted: seconds per island (separate part) per layer: travel, retraction, seam. */
  islandSeconds: number;
  /** Fitted: seconds per layer (layer change, retraction, travel). */
  layerOverhead: number;
  /** Fitted: seconds of travel per mm² of cross-section per layer. */
  travelPerMm2: number;
  /** Accelerations (mm/s²) from the profile (infill_acceleration, first_layer_acceleration). */
  accelInfill: number;
  accelFirstLayer: number;
  /** Support pattern spacing (mm). */
  supportSpacing: number;
  /** Minimum layer time and minimum print speed (cooling slowdown). */
  minLayerTime: number;
  minPrintSpeed: number;
  /** Fitted: fixed seconds per print (start G-code, homing). */
  startSeconds: number;
  /** Projected overhang area (mm²) below which "auto" prints without supports. */
  autoSupportMinMm2: number;
}

export const DEFAULT_MODEL: EstimateModel = {
  nozzle: 0.4,
  lineWidth: 0.45,
  perimeters: 2,
  topLayers: 6,
  bottomLayers: 4,
  topMinThickness: 0.7,
  bottomMinThickness: 0.5,
  firstLayerHeight: 0.2,
  filamentDiameter: 1.75,
  supportThresholdDeg: 50,
  kPerimeter: 1.04,
  kSolid: 1.368,
  kInfill: 0.8284,
  kSupport: 0.3306,
  kSlope: 0,
  speeds: { external: 25, perimeter: 45, infill: 80, solid: 80, top: 40, support: 50, firstLayer: 20, travel: 180 },
  kTimePerimeter: 1,
  kTimeInfill: 2.863,
  kTimeSolid: 1,
  kTimeSupport: 1.952,
  islandSeconds: 1.01,
  layerOverhead: 0.758,
  travelPerMm2: 0,
  accelInfill: 1000,
  accelFirstLayer: 800,
  supportSpacing: 2,
  minLayerTime: 15,
  minPrintSpeed: 15,
  startSeconds: 60,
  autoSupportMinMm2: 5,
};

export interface PrintEstimate {
  material: MaterialId;
  density: number;
  infill: number;
  layerHeight: number;
  scale: number;
  supports: boolean;
  layers: number;
  /** Grams of filament, total and by feature. */
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
  return g.overhangProjectedMm2 * scale * scale > model.autoSupportMinMm2;
}

export function estimatePrint(g: PrintGeometry, settings: SettingsInput = {}, model: EstimateModel = DEFAULT_MODEL): PrintEstimate {
  const st = resolveSettings(settings);
  const s = st.scale;
  const s2 = s * s;
  const h = st.layerHeight;
  const mat = MATERIALS[st.material];
  const useSupports = st.supports === "no" ? false : st.supports === "yes" ? true : supportsNeeded(g, s, model);
  const p = g.profile;
  const H = g.size.z * s;
  const dzs = p.dz * s; // slab height at this scale
  const cLat = cumulative(p.lateral),
    cUp = cumulative(p.up),
    cDown = cumulative(p.down),
    cOver = cumulative(p.overhang);
  const cSlope = cumulative(p.slope);
  const isl = p.islands;
  const nb = p.bins;
  const at = (c: Float64Array, z: number): number => {
    // cumulative amount below height z (scaled mm), in scaled area units
    if (z <= 0) return 0;
    const f = z / dzs;
    if (f >= nb) return c[nb]! * s2;
    const i = Math.floor(f);
    return (c[i]! + (c[i + 1]! - c[i]!) * (f - i)) * s2;
  };
  const totalOver = cOver[nb]! * s2;
  const w = model.lineWidth;
  const infillFrac = st.infill / 100;
  const topDepth = Math.max(model.topLayers * h, model.topMinThickness);
  const bottomDepth = Math.max(model.bottomLayers * h, model.bottomMinThickness);
  const sp = model.speeds;

  let vPer = 0,
    vSolid = 0,
    vInfill = 0,
    vSup = 0;
  let time = model.startSeconds;
  let layers = 0;
  // very tall parts (or absurd sizes) are walked in groups of k identical layers: at most ~4000 steps
  const totalLayers = H > 0 ? 1 + Math.max(0, Math.ceil((H - Math.min(model.firstLayerHeight, H)) / h - 1e-9)) : 0;
  if (!Number.isFinite(totalLayers)) throw new RangeError("model height is not finite");
  const k = Math.max(1, Math.ceil(totalLayers / 4000));
  let a = 0;
  let step = 0;
  while (a < H - 1e-9) {
    const reps = step === 0 ? 1 : k; // layers this step stands for
    const lh = step === 0 ? Math.min(model.firstLayerHeight, H) : h;
    const b = Math.min(a + lh * reps, H);
    const thick = (b - a) / reps;
    if (thick <= 1e-9) break;
    step++;
    layers += reps;
    const m = (a + b) / 2;
    const area = Math.max(0, at(cDown, m) - at(cUp, m));
    const L = Math.max(0, (at(cLat, b) - at(cLat, a)) / (b - a));
    const fa = flowArea(w, thick);
    const spacing = beadSpacing(w, thick);
    // perimeters: the ring they cover, capped by the section (thin walls are all perimeter)
    const ringWanted = L * model.perimeters * spacing;
    const ring = Math.min(area, ringWanted);
    const perimLen = ringWanted > 0 ? (L * model.perimeters * ring) / ringWanted : 0;
    const rest = Math.max(0, area - ring);
    // solid skin: share of the section that has a top surface within topDepth above or a bottom within bottomDepth below
    const topA = at(cUp, a + topDepth) - at(cUp, a);
    const botA = at(cDown, a + thick) - at(cDown, Math.max(0, a + thick - bottomDepth));
    const solidShare = area > 0 ? Math.min(1, (topA + botA) / area) : 0;
    const slopeLen = Math.max(0, (at(cSlope, b) - at(cSlope, a)) / (b - a));
    const solid = Math.min(rest, rest * solidShare + model.kSlope * slopeLen * model.perimeters * spacing);
    const sparse = rest - solid;
    const perVol = perimLen * fa * model.kPerimeter;
    const solidVol = solid * thick * model.kSolid;
    const infVol = sparse * thick * infillFrac * model.kInfill;
    let supArea = 0;
    if (useSupports) supArea = Math.max(0, totalOver - at(cOver, a + thick));
    const supVol = supArea * thick * model.kSupport;
    vPer += perVol * reps;
    vSolid += solidVol * reps;
    vInfill += infVol * reps;
    vSup += supVol * reps;
    // time
    const solidLen = solidVol / fa;
    const infLen = infVol / fa;
    const supLen = supVol / flowArea(0.35, thick);
    const topHere = Math.min(solid, at(cUp, a + thick + h) - at(cUp, a));
    const topLen = (topHere * thick * model.kSolid) / fa;
    // fills run back and forth across the region: lines as long as its width (2 × area / contour),
    // each accelerating to speed and braking at the turn (trapezoid profile)
    const width = L > 0 ? Math.max(model.nozzle, (2 * Math.max(rest, area * 0.05)) / L) : 1e9;
    let t: number;
    if (step === 1) {
      t =
        moveTime(perimLen, sp.firstLayer, model.accelFirstLayer, 1e9) * model.kTimePerimeter +
        moveTime(solidLen + infLen + supLen, sp.firstLayer, model.accelFirstLayer, width) * model.kTimeSolid;
    } else {
      const perimT = (perimLen / model.perimeters) * (1 / sp.external + (model.perimeters - 1) / sp.perimeter);
      t =
        perimT * model.kTimePerimeter +
        (moveTime(solidLen - topLen, sp.solid, model.accelInfill, width) + moveTime(topLen, sp.top, model.accelInfill, width)) *
          model.kTimeSolid +
        moveTime(infLen, sp.infill, model.accelInfill, width) * model.kTimeInfill +
        moveTime(supLen, sp.support, model.accelInfill, model.supportSpacing * 10) * model.kTimeSupport;
    }
    const extrudeLen = perimLen + solidLen + infLen + supLen;
    // cooling: stretch short layers to the minimum layer time, never below the minimum speed
    if (t < model.minLayerTime) t = Math.max(t, Math.min(model.minLayerTime, extrudeLen / model.minPrintSpeed));
    const islands = isl[Math.min(nb - 1, Math.floor(m / dzs))] ?? 1;
    t += model.layerOverhead + model.travelPerMm2 * area + model.islandSeconds * islands;
    time += t * reps;
    a = b;
  }
  const vol = vPer + vSolid + vInfill + vSup; // mm³
  const gPer = (vPer / 1000) * mat.density;
  const gSolid = (vSolid / 1000) * mat.density;
  const gInf = (vInfill / 1000) * mat.density;
  const gSup = (vSup / 1000) * mat.density * (useSupports ? mat.supportMultiplier : 1);
  const grams = gPer + gSolid + gInf + gSup;
  const fil = (Math.PI * model.filamentDiameter * model.filamentDiameter) / 4;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    material: st.material,
    density: mat.density,
    infill: st.infill,
    layerHeight: h,
    scale: s,
    supports: useSupports,
    layers,
    grams: r2(grams),
    gramsBreakdown: { perimeters: r2(gPer), solid: r2(gSolid), infill: r2(gInf), supports: r2(gSup) },
    filamentLengthMm: Math.round(vol / fil),
    filamentVolumeCm3: Math.round(vol) / 1000,
    seconds: Math.round(time),
    minutes: Math.max(1, Math.ceil(time / 60)),
  };
}
