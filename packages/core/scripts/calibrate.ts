/**
 * npm run calibrate [-- --fit] [--models DIR]
 * Compares our estimate with PrusaSlicer's figures in ../shared/models/reference.tsv (same settings
 * as the slicer: base.ini, PLA 1.24, 0.2 mm, 15 % / 20 %, supports off/on, the row's scale).
 * Prints the error per row, then median and 90th percentile of |error| per target, for the
 * model as shipped (DEFAULT_MODEL), a plain shell model for comparison, and with --fit a global
 * refit plus leave-one-shape-out cross-validation (the same shape in another file is left out too).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_MODEL, type DesignGeometry, type EstimateModel, estimatePrint, measureDesign } from "../src/analysis/index.ts";

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const modelsArg = argv.indexOf("--models");
const dir = modelsArg >= 0 ? resolve(argv[modelsArg + 1] ?? ".") : resolve(here, "../../../../shared/models");
const doFit = argv.includes("--fit");
if (!existsSync(join(dir, "reference.tsv"))) {
  console.error(`reference.tsv not found in ${dir}`);
  process.exit(1);
}

function tsv(path: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  const cols = head!.split("\t");
  return lines.map((l) => Object.fromEntries(l.split("\t").map((v, i) => [cols[i]!, v])));
}

const manifest = new Map(tsv(join(dir, "manifest.tsv")).map((r) => [r.id!, r]));
const refs = tsv(join(dir, "reference.tsv"));

interface Row {
  id: string;
  shape: string;
  infill: number;
  supports: boolean;
  scale: number;
  grams: number;
  seconds: number;
  geom: DesignGeometry;
}

// files that are the same shape (left out together in cross-validation)
const SHAPE: Record<string, string> = {
  prusa_seam_test_object: "benchy",
  huge_benchy_x4: "benchy",
  benchy_lowpoly: "benchy",
  c3mf_cube_gears_prod_req: "gears",
  c3mf_cube_gears: "gears",
};

const geoms = new Map<string, DesignGeometry | string>();
const geomChecks: string[] = [];
for (const r of refs) {
  const id = r.id!;
  if (geoms.has(id)) continue;
  const m = manifest.get(id);
  const file = join(dir, m?.file ?? id);
  try {
    const g = measureDesign(new Uint8Array(readFileSync(file)), m?.file ?? id);
    geoms.set(id, g);
    const rv = Number(r.volume_mm3),
      ra = Number(r.area_mm2);
    const dv = rv ? ((g.signedVolumeMm3 - rv) / Math.abs(rv)) * 100 : 0;
    const da = ra ? ((g.surfaceAreaMm2 - ra) / ra) * 100 : 0;
    geomChecks.push(
      `${id.padEnd(32)} vol ${dv.toFixed(2).padStart(6)}%  area ${da.toFixed(2).padStart(6)}%  tris ${g.triangles === Number(r.triangles) ? "ok" : `${g.triangles}≠${r.triangles}`}  shells ${g.shells}/${r.shells}  watertight ${g.watertight}/${r.watertight}`,
    );
  } catch (e) {
    geoms.set(id, (e as Error).message);
    geomChecks.push(`${id.padEnd(32)} refused: ${(e as Error).message}`);
  }
}
console.log("Geometry against reference.tsv (signed volume, area, triangles, shells, watertight):");
for (const l of geomChecks) console.log(`  ${l}`);

const rows: Row[] = [];
for (const r of refs) {
  const g = geoms.get(r.id!);
  if (!r.grams || typeof g !== "object" || g === undefined) continue;
  rows.push({
    id: r.id!,
    shape: SHAPE[r.id!] ?? r.id!,
    infill: parseFloat(r.infill!),
    supports: r.supports === "on",
    scale: Number(r.scale || 1),
    grams: Number(r.grams),
    seconds: Number(r.seconds),
    geom: g,
  });
}

const predict = (row: Row, model: EstimateModel) =>
  estimatePrint(
    row.geom,
    { material: "PLA", infill: row.infill, layerHeight: 0.2, supports: row.supports ? "yes" : "no", scale: row.scale },
    model,
  );

/** Shell model for comparison: area × 1 mm solid skin, infill inside. */
const shellGrams = (row: Row) => {
  const s = row.scale;
  const v = row.geom.volumeMm3 * s ** 3,
    a = row.geom.surfaceAreaMm2 * s * s;
  const shell = Math.min(v, a * 1.0);
  return ((shell + (v - shell) * (row.infill / 100)) / 1000) * 1.24;
};

const pct = (a: number, b: number) => (a / b - 1) * 100;
const quant = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = xs.map(Math.abs).sort((a, b) => a - b);
  const p = (s.length - 1) * q;
  const lo = Math.floor(p),
    hi = Math.ceil(p);
  return s[lo]! + (s[hi]! - s[lo]!) * (p - lo);
};

interface Errs {
  gNo: number[];
  gSup: number[];
  t: number[];
  g15?: number[];
  g20?: number[];
}
function errors(model: EstimateModel, subset: Row[] = rows): Errs {
  const e: Errs = { gNo: [], gSup: [], t: [], g15: [], g20: [] };
  for (const r of subset) {
    const p = predict(r, model);
    (r.supports ? e.gSup : e.gNo).push(pct(p.grams, r.grams));
    if (!r.supports) (r.infill === 15 ? e.g15! : e.g20!).push(pct(p.grams, r.grams));
    e.t.push(pct(p.seconds, r.seconds));
  }
  return e;
}
const summary = (e: Errs) =>
  `grams no supports: median ${quant(e.gNo, 0.5).toFixed(1)}% p90 ${quant(e.gNo, 0.9).toFixed(1)}% | grams with supports: median ${quant(e.gSup, 0.5).toFixed(1)}% | minutes: median ${quant(e.t, 0.5).toFixed(1)}% p90 ${quant(e.t, 0.9).toFixed(1)}%`;

function table(model: EstimateModel) {
  console.log(`\n${"file".padEnd(28)} infill sup  scale   grams ref    ours    err | shell err |  min ref   ours    err`);
  for (const r of rows) {
    const p = predict(r, model);
    console.log(
      `${r.id.padEnd(28)} ${String(r.infill).padStart(5)}% ${r.supports ? "on " : "off"} ${String(r.scale).padStart(6)} ${r.grams.toFixed(1).padStart(10)} ${p.grams.toFixed(1).padStart(7)} ${pct(p.grams, r.grams).toFixed(1).padStart(6)}% | ${pct(shellGrams(r), r.grams).toFixed(1).padStart(7)}% | ${(r.seconds / 60).toFixed(0).padStart(7)} ${(p.seconds / 60).toFixed(0).padStart(6)} ${pct(p.seconds, r.seconds).toFixed(1).padStart(6)}%`,
    );
  }
}

table(DEFAULT_MODEL);
const shellNo = rows.filter((r) => !r.supports).map((r) => pct(shellGrams(r), r.grams));
console.log(
  `\nshell model (area × 1 mm + infill), grams no supports: median ${quant(shellNo, 0.5).toFixed(1)}% p90 ${quant(shellNo, 0.9).toFixed(1)}%`,
);
const shipped = errors(DEFAULT_MODEL);
console.log(`DEFAULT_MODEL: ${summary(shipped)}`);
console.log(
  `  grams at 15% no supports: median ${quant(shipped.g15!, 0.5).toFixed(1)}% p90 ${quant(shipped.g15!, 0.9).toFixed(1)}% | at 20%: median ${quant(shipped.g20!, 0.5).toFixed(1)}% p90 ${quant(shipped.g20!, 0.9).toFixed(1)}%`,
);

// ---- fitting (Nelder–Mead in log space over a few global coefficients)
type Key =
  | "kPerimeter"
  | "kSolid"
  | "kInfill"
  | "kSlope"
  | "kSupport"
  | "kTimePerimeter"
  | "kTimeInfill"
  | "kTimeSolid"
  | "kTimeSupport"
  | "layerOverhead"
  | "travelPerMm2"
  | "islandSeconds"
  | "startSeconds";
const GRAM_KEYS: Key[] = ["kPerimeter", "kSolid", "kInfill", "kSlope"];
const SUP_KEYS: Key[] = ["kSupport"];
// perimeters and solid fills keep their physical speeds (with acceleration); fitted: gyroid and support
// slow-down, per-layer and per-island overheads
const TIME_KEYS: Key[] = (process.env.TIME_KEYS ?? "kTimeInfill,kTimeSupport,layerOverhead,islandSeconds").split(",") as Key[];
const ONLY_TIME = argv.includes("--time");

function nelderMead(f: (x: number[]) => number, x0: number[], iters = 160): number[] {
  const n = x0.length;
  let pts = [x0, ...x0.map((_, i) => x0.map((v, j) => (j === i ? v + 0.3 : v)))].map((x) => ({ x, f: f(x) }));
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
        pts = pts
          .map((p, i) => (i === 0 ? p : { x: p.x.map((v, j) => best.x[j]! + 0.5 * (v - best.x[j]!)), f: NaN }))
          .map((p) => (Number.isNaN(p.f) ? { x: p.x, f: f(p.x) } : p));
    }
  }
  pts.sort((a, b) => a.f - b.f);
  return pts[0]!.x;
}

function fit(train: Row[], base: EstimateModel): EstimateModel {
  let model = { ...base };
  const stage = (keys: Key[], loss: (m: EstimateModel) => number) => {
    const x0 = keys.map((k) => Math.log(Math.max(1e-4, model[k])));
    const build = (x: number[]) => {
      const m = { ...model };
      for (const [i, k] of keys.entries()) m[k] = Math.exp(x[i]!);
      return m;
    };
    model = build(nelderMead((x) => loss(build(x)), x0));
  };
  // robust (L1 in log space) so that one odd file cannot drag the global coefficients
  const sq = (xs: number[]) => xs.reduce((s, v) => s + Math.abs(Math.log(1 + v / 100)), 0);
  // fit on closed meshes only, one file per shape (huge_benchy_x4 is prusa_seam_test_object subdivided)
  const usable = train.filter((r) => r.geom.watertight && r.id !== "huge_benchy_x4");
  const noSup = usable.filter((r) => !r.supports),
    sup = usable.filter((r) => r.supports);
  if (!ONLY_TIME) {
    stage(
      GRAM_KEYS.filter((k) => k !== "kSlope"),
      (m) => sq(errors(m, noSup).gNo),
    );
    stage(SUP_KEYS, (m) => sq(errors(m, sup).gSup));
  }
  stage(TIME_KEYS, (m) => sq(errors(m, usable).t));
  return model;
}

if (doFit) {
  const fitted = fit(rows, DEFAULT_MODEL);
  console.log(`\nrefit on all rows: ${summary(errors(fitted))}`);
  console.log(
    "coefficients:",
    JSON.stringify(Object.fromEntries([...GRAM_KEYS, ...SUP_KEYS, ...TIME_KEYS].map((k) => [k, Number(fitted[k].toPrecision(4))]))),
  );
  if (argv.includes("--no-cv")) process.exit(0);
  const cv: Errs = { gNo: [], gSup: [], t: [] };
  const cvClosed: Errs = { gNo: [], gSup: [], t: [] };
  console.log("\nleave-one-shape-out (fitted without the shape, then predicted): grams err by row, minutes err by row");
  for (const shape of [...new Set(rows.map((r) => r.shape))]) {
    const m = fit(
      rows.filter((r) => r.shape !== shape),
      DEFAULT_MODEL,
    );
    const held = rows.filter((r) => r.shape === shape);
    const e = errors(m, held);
    cv.gNo.push(...e.gNo);
    cv.gSup.push(...e.gSup);
    cv.t.push(...e.t);
    if (held[0]!.geom.watertight) {
      cvClosed.gNo.push(...e.gNo);
      cvClosed.gSup.push(...e.gSup);
      cvClosed.t.push(...e.t);
    }
    const g = held.map((r) => pct(predict(r, m).grams, r.grams).toFixed(1)).join(" ");
    const t = held.map((r) => pct(predict(r, m).seconds, r.seconds).toFixed(1)).join(" ");
    console.log(`  ${shape.padEnd(28)} grams ${g.padEnd(40)} minutes ${t}`);
  }
  console.log(`leave-one-shape-out, all files: ${summary(cv)}`);
  console.log(`leave-one-shape-out, closed meshes only: ${summary(cvClosed)}`);
}
