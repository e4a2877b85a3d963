/**
 * Fitting the estimate's few free constants on calibration cases, and the error measures
 * (npm run calibrate). Grams are linear in the fitted factors once a design is laid out in layers,
 * so each case keeps its five volume sums and a gram fit costs nothing per case; time goes layer by
 * layer (the cooling slowdown is not linear).
 */
import { F } from "../src/analysis/estimate.ts";
import {
  DEFAULT_MODEL,
  type DesignGeometry,
  type EstimateModel,
  estimateFromPlan,
  type LayerPlan,
  MATERIALS,
} from "../src/analysis/index.ts";

export interface Case {
  id: string;
  family: string;
  infill: number;
  supports: boolean;
  /** The slicer's figures. */
  grams: number;
  seconds: number;
  geom: DesignGeometry;
  plan: LayerPlan;
  /** Print scale (the unit's factor for designs written in inches or metres). */
  scale: number;
  /** Volume sums of the plan (mm³): perimeters, solid, infill, anchors, supports + interface, support outline. */
  sums: Float64Array;
}

export function volumeSums(plan: LayerPlan): Float64Array {
  let per = 0,
    solid = 0,
    inf = 0,
    anchor = 0,
    sup = 0,
    edge = 0;
  const r = plan.rows;
  for (let i = 0, o = 0; i < plan.steps; i++, o += F.SIZE) {
    const reps = r[o + F.reps]!;
    per += r[o + F.vPer]! * reps;
    solid += r[o + F.vSolid]! * reps;
    inf += r[o + F.vInf]! * reps;
    anchor += r[o + F.vAnchor]! * reps;
    sup += (r[o + F.vSup]! + r[o + F.vIf]!) * reps;
    edge += r[o + F.vSupEdge]! * reps;
  }
  return new Float64Array([per, solid, inf, anchor, sup, edge]);
}

/** Grams from the sums (the same sum estimateFromPlan makes, without the layer walk). */
export function gramsOf(c: Case, m: EstimateModel): number {
  const s = c.sums;
  const mat = MATERIALS.PLA;
  const v =
    s[0]! +
    s[1]! * m.kSolid +
    s[2]! * m.kInfill +
    s[3]! * m.kAnchor +
    (s[4]! * m.kSupport + s[5]! * m.kSupportEdge) * (c.plan.supports ? mat.supportMultiplier : 1);
  return (v / 1000) * mat.density;
}

export const ours = (c: Case, m: EstimateModel) => ({ grams: gramsOf(c, m), seconds: estimateFromPlan(c.plan, m).seconds });

// ---------------------------------------------------------------- errors
export const gramErr = (est: number, ref: number) => (est - ref) / Math.max(ref, 2);
export const timeErr = (est: number, ref: number) => (est - ref) / ref;
export function quant(xs: number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = xs.map(Math.abs).sort((a, b) => a - b);
  const p = (s.length - 1) * q;
  const lo = Math.floor(p),
    hi = Math.ceil(p);
  return s[lo]! + (s[hi]! - s[lo]!) * (p - lo);
}
export interface Errs {
  gNo: number[];
  gSup: number[];
  t: number[];
}
export const none = (): Errs => ({ gNo: [], gSup: [], t: [] });
export function add(a: Errs, b: Errs): void {
  a.gNo.push(...b.gNo);
  a.gSup.push(...b.gSup);
  a.t.push(...b.t);
}
export function errorsOf(cases: Case[], f: (c: Case) => { grams: number; seconds: number }): Errs {
  const e = none();
  for (const c of cases) {
    const p = f(c);
    (c.supports ? e.gSup : e.gNo).push(gramErr(p.grams, c.grams));
    e.t.push(timeErr(p.seconds, c.seconds));
  }
  return e;
}
const f1 = (x: number) => `${(x * 100).toFixed(1)}%`;
export const pct = f1;
export function line(label: string, e: Errs): string {
  const mp = (xs: number[]) => `${f1(quant(xs, 0.5))} / ${f1(quant(xs, 0.9))}`.padStart(16);
  return `${label.padEnd(44)} ${mp(e.gNo)} ${mp(e.gSup)} ${mp(e.t)}   (${e.gNo.length}+${e.gSup.length} rows)`;
}
export const HEADER = `${"".padEnd(44)} ${"grams no sup".padStart(16)} ${"grams supports".padStart(16)} ${"minutes".padStart(16)}\n${"".padEnd(44)} ${"median / p90".padStart(16)} ${"median / p90".padStart(16)} ${"median / p90".padStart(16)}`;

// ---------------------------------------------------------------- fitting
export function nelderMead(f: (x: number[]) => number, x0: number[], iters = 200): number[] {
  const n = x0.length;
  let pts = [x0, ...x0.map((_, i) => x0.map((v, j) => (j === i ? v + 0.2 : v)))].map((x) => ({ x, f: f(x) }));
  for (let it = 0; it < iters; it++) {
    pts.sort((a, b) => a.f - b.f);
    const best = pts[0]!,
      worst = pts[n]!,
      second = pts[n - 1]!;
    const c = x0.map((_, j) => pts.slice(0, n).reduce((s, p) => s + p.x[j]!, 0) / n);
    const at = (t: number) => c.map((v, j) => v + t * (worst.x[j]! - v));
    const xr = at(-1),
      fr = f(xr);
    if (fr < best.f) {
      const xe = at(-2),
        fe = f(xe);
      pts[n] = fe < fr ? { x: xe, f: fe } : { x: xr, f: fr };
    } else if (fr < second.f) pts[n] = { x: xr, f: fr };
    else {
      const xc = at(0.5),
        fc = f(xc);
      if (fc < worst.f) pts[n] = { x: xc, f: fc };
      else
        pts = pts.map((p, i) => {
          if (i === 0) return p;
          const x = p.x.map((v, j) => best.x[j]! + 0.5 * (v - best.x[j]!));
          return { x, f: f(x) };
        });
    }
  }
  pts.sort((a, b) => a.f - b.f);
  return pts[0]!.x;
}

type Key = keyof EstimateModel;
// shellOpening is a layout constant (planLayers uses it), not refitted here: plans are laid out once
export const GRAM_KEYS: Key[] = ["kInfill", "kAnchor", "kSolid"];
export const SUP_KEYS: Key[] = ["kSupport", "kSupportEdge"];
export const TIME_KEYS: Key[] = [
  "kTimeInfill",
  "kTimeSupport",
  "layerSeconds",
  "islandSeconds",
  "solidSeconds",
  "contourSeconds",
  "startSeconds",
];
const sumAbs = (xs: number[]) => xs.reduce((s, v) => s + Math.abs(v), 0);

/** Fits the constants on `train`: L1 of the relative errors (one odd design cannot drag them). */
export function fit(train: Case[], base: EstimateModel = DEFAULT_MODEL, iters = 200): EstimateModel {
  let model = { ...base };
  const stage = (keys: Key[], loss: (m: EstimateModel) => number) => {
    const build = (x: number[]) => {
      const m = { ...model } as Record<Key, unknown>;
      keys.forEach((k, i) => {
        m[k] = Math.exp(x[i]!);
      });
      return m as unknown as EstimateModel;
    };
    model = build(
      nelderMead(
        (x) => loss(build(x)),
        keys.map((k) => Math.log(Math.max(1e-4, model[k] as number))),
        iters,
      ),
    );
  };
  const noSup = train.filter((c) => !c.supports),
    sup = train.filter((c) => c.supports);
  stage(GRAM_KEYS, (m) => sumAbs(noSup.map((c) => gramErr(gramsOf(c, m), c.grams))));
  stage(SUP_KEYS, (m) => sumAbs(sup.map((c) => gramErr(gramsOf(c, m), c.grams))));
  stage(TIME_KEYS, (m) => sumAbs(train.map((c) => timeErr(estimateFromPlan(c.plan, m).seconds, c.seconds))));
  return model;
}

export const pickModel = (m: EstimateModel) =>
  Object.fromEntries([...GRAM_KEYS, ...SUP_KEYS, ...TIME_KEYS].map((k) => [k, Number((m[k] as number).toPrecision(4))]));

// ---------------------------------------------------------------- shell baseline
export interface ShellModel {
  skin: number;
  kSup: number;
  secPerGram: number;
  secPerLayer: number;
}
/** Surface area × 1 mm of solid skin + infill inside; supports from the steep area × height. */
export function shell(c: Case, m: ShellModel): { grams: number; seconds: number } {
  const s = c.scale;
  const v = c.geom.volumeMm3 * s ** 3,
    a = c.geom.surfaceAreaMm2 * s * s;
  const skin = Math.min(v, a * m.skin);
  let mm3 = skin + (v - skin) * (c.infill / 100);
  if (c.supports) mm3 += m.kSup * c.geom.overhangProjectedMm2 * s * s * (c.geom.size.z * s) * 0.5;
  const grams = (mm3 / 1000) * 1.24;
  return { grams, seconds: m.secPerGram * grams + m.secPerLayer * Math.ceil((c.geom.size.z * s) / 0.2) };
}
export function fitShell(train: Case[]): ShellModel {
  const m: ShellModel = { skin: 1, kSup: 0.1, secPerGram: 300, secPerLayer: 2 };
  const sup = train.filter((c) => c.supports);
  const x1 = nelderMead((x) => sumAbs(errorsOf(sup, (c) => shell(c, { ...m, kSup: Math.exp(x[0]!) })).gSup), [Math.log(m.kSup)]);
  m.kSup = Math.exp(x1[0]!);
  const x2 = nelderMead(
    (x) => sumAbs(errorsOf(train, (c) => shell(c, { ...m, secPerGram: Math.exp(x[0]!), secPerLayer: Math.exp(x[1]!) })).t),
    [Math.log(m.secPerGram), Math.log(m.secPerLayer)],
  );
  m.secPerGram = Math.exp(x2[0]!);
  m.secPerLayer = Math.exp(x2[1]!);
  return m;
}
