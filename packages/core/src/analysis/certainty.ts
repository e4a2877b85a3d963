/**
 * How sure an estimate is (issue 25 point 4): a range of grams and minutes that the slicer's own
 * figures fall in for about nine designs in ten, wider where the estimate is known to be weaker:
 *   - open meshes (holes, lost faces): the slicer closes each layer's outline its own way;
 *   - tiny parts: a fraction of a gram is a large share, and per-layer overheads dominate the time;
 *   - supports: the least certain part of any estimate, more so on small parts;
 *   - shapes unlike anything the model was calibrated on (size, height, wall thickness, overhangs,
 *     number of parts outside the corpus's range).
 * Pure; the constants come from the calibration (`npm run calibrate -- --certainty` prints the
 * leave-one-family-out error of each kind of design on the training split and how often the range
 * holds on the held-out split).
 */
import type { PrintEstimate } from "./estimate.ts";

/** Why an estimate is less certain than usual (the screens put these in words). */
export type CertaintyReason = "open_mesh" | "tiny" | "supports" | "unusual_shape";

export interface EstimateRange {
  grams: { low: number; high: number };
  minutes: { low: number; high: number };
  /** The range's half-width as a share of the estimate (0.08 = ±8 %). */
  spread: { grams: number; minutes: number };
  /** "typical": as sure as the model usually is; "less-certain": at least one reason widened it. */
  level: "typical" | "less-certain";
  reasons: CertaintyReason[];
}

/** What the range is judged from: the geometry's traits at the print scale, and the estimate. */
export interface CertaintyInput {
  watertight: boolean;
  boundaryEdges: number;
  shells: number;
  /** mm³, mm², mm at the print scale. */
  volumeMm3: number;
  surfaceAreaMm2: number;
  size: { x: number; y: number; z: number };
  /** Steep downward area, projected (mm², print scale). */
  overhangProjectedMm2: number;
  estimate: Pick<PrintEstimate, "grams" | "minutes" | "supports">;
}

/**
 * Half-widths (shares) that hold for about 90 % of designs of each kind, from the calibration's
 * leave-one-family-out errors on its training split (see the README's table).
 */
export const CERTAINTY = {
  // 90th percentiles of the training split's leave-one-family-out errors (551 designs, 1566 rows)
  grams: 0.062,
  gramsSupports: 0.088,
  minutes: 0.2,
  /**
   * Added (in quadrature) for each reason. Open meshes: the corpus's open designs err a little more at
   * the 90th percentile and much more beyond it (a missing side: the slicer drops what it cannot close).
   */
  openMesh: 0.08,
  tiny: 0.03,
  /** Small parts with supports: the support under small features is the least predictable. */
  tinySupports: 0.08,
  /** Per quarter of the corpus's range outside it (at most three): supports and time err twice as much there. */
  unusual: 0.1,
  /** The least half-width in grams and minutes: rounding and fixed costs of any print. */
  minGrams: 0.3,
  minMinutes: 2,
  /** Below this many grams (or a largest side under `tinyMm`) a part is tiny. */
  tinyGrams: 3,
  tinyMm: 15,
  /** A spread past this share of the typical one reads as "less certain". */
  lessCertainAt: 1.25,
} as const;

/**
 * The traits of the calibration corpus (training split), 2nd to 98th percentile: a design outside
 * them is unlike what the model was fitted on. log10 of volume (mm³), of height (mm), of the mean
 * wall thickness (volume / area, mm), the overhang's share of the footprint, and the number of parts.
 */
export const CORPUS_TRAITS = {
  logVolume: [1.44, 5.29],
  logHeight: [-0.22, 2.0],
  logThickness: [-0.71, 0.94],
  overhangShare: [0, 1],
  shells: [1, 6],
} as const;

function traitsOutside(g: CertaintyInput): number {
  const v = Math.max(g.volumeMm3, 1e-9);
  const footprint = Math.max(g.size.x * g.size.y, 1e-9);
  const t: Array<[number, readonly [number, number]]> = [
    [Math.log10(v), CORPUS_TRAITS.logVolume],
    [Math.log10(Math.max(g.size.z, 1e-9)), CORPUS_TRAITS.logHeight],
    [Math.log10(v / Math.max(g.surfaceAreaMm2, 1e-9)), CORPUS_TRAITS.logThickness],
    [Math.min(1, g.overhangProjectedMm2 / footprint), CORPUS_TRAITS.overhangShare],
    [g.shells, CORPUS_TRAITS.shells],
  ];
  // how far outside, in spans of the corpus's own range, summed over the traits
  let out = 0;
  for (const [x, [lo, hi]] of t) {
    const span = Math.max(hi - lo, 1e-9);
    if (x > hi) out += (x - hi) / span;
    else if (x < lo) out += (lo - x) / span;
  }
  return out;
}

export function estimateRange(g: CertaintyInput): EstimateRange {
  const e = g.estimate;
  const reasons: CertaintyReason[] = [];
  const largest = Math.max(g.size.x, g.size.y, g.size.z);
  const tiny = e.grams < CERTAINTY.tinyGrams || largest < CERTAINTY.tinyMm;
  const open = !g.watertight && g.boundaryEdges > 0;
  const outside = traitsOutside(g);
  let gram2 = (e.supports ? CERTAINTY.gramsSupports : CERTAINTY.grams) ** 2;
  let min2 = CERTAINTY.minutes ** 2;
  if (open) {
    reasons.push("open_mesh");
    gram2 += CERTAINTY.openMesh ** 2;
    min2 += CERTAINTY.openMesh ** 2;
  }
  if (tiny) {
    reasons.push("tiny");
    const k = e.supports ? CERTAINTY.tinySupports : CERTAINTY.tiny;
    gram2 += k * k;
    min2 += k * k;
  }
  if (e.supports) reasons.push("supports");
  if (outside > 0.05) {
    reasons.push("unusual_shape");
    const k = CERTAINTY.unusual * Math.min(3, outside / 0.25);
    gram2 += k * k;
    min2 += k * k;
  }
  const sg = Math.sqrt(gram2),
    sm = Math.sqrt(min2);
  const halfG = Math.max(CERTAINTY.minGrams, e.grams * sg),
    halfM = Math.max(CERTAINTY.minMinutes, e.minutes * sm);
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const spreadG = e.grams > 0 ? halfG / e.grams : sg,
    spreadM = e.minutes > 0 ? halfM / e.minutes : sm;
  // supports alone are expected to be less sure: they make the range wider without calling the design unusual
  const typicalG = e.supports ? CERTAINTY.gramsSupports : CERTAINTY.grams;
  const less =
    reasons.some((r) => r !== "supports") &&
    (spreadG > typicalG * CERTAINTY.lessCertainAt || spreadM > CERTAINTY.minutes * CERTAINTY.lessCertainAt);
  return {
    grams: { low: r2(Math.max(0, e.grams - halfG)), high: r2(e.grams + halfG) },
    minutes: { low: Math.max(1, Math.floor(e.minutes - halfM)), high: Math.ceil(e.minutes + halfM) },
    spread: { grams: Number(spreadG.toFixed(3)), minutes: Number(spreadM.toFixed(3)) },
    level: less ? "less-certain" : "typical",
    reasons,
  };
}
