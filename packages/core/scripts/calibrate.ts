/**
 * npm run calibrate [-- --fit] [--rows] [--no-cv] [--models DIR]
 *
 * How well the estimate generalises, from the committed corpus table (no slicer needed):
 *   1. the generated corpus (packages/core/calibration: 400 designs in 25 shape families, each sliced
 *      by PrusaSlicer 2.5 at 15 % and 20 % infill, with and without supports): the shipped model,
 *      and leave-one-family-out cross-validation (the constants refitted without a whole family,
 *      then that family predicted);
 *   2. the held-out real files in ../shared/models (reference.tsv), when that folder is there —
 *      never used for fitting;
 * each beside a shell-model baseline (surface area × 1 mm of solid skin + infill inside; its own
 * support and time constants fitted on the corpus the same way).
 * Errors: grams |est − ref| / max(ref, 2 g) (sub-gram parts judged in absolute grams), minutes
 * |est − ref| / ref. --fit prints the constants fitted on the whole corpus (paste them into
 * DEFAULT_MODEL); --rows prints every held-out row; --no-cv skips the cross-validation (25 refits,
 * the slow part: half an hour on a busy 2-core machine) to check the shipped model quickly.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { binaryStl } from "../calibration/builders.ts";
import { CORPUS } from "../calibration/corpus.ts";
import { readTable, type TableRow } from "../calibration/table.ts";
import {
  DEFAULT_MODEL,
  type DesignGeometry,
  type EstimateModel,
  estimateFromPlan,
  type LayerPlan,
  measureDesign,
  planLayers,
} from "../src/analysis/index.ts";

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const modelsArg = argv.indexOf("--models");
const modelsDir = modelsArg >= 0 ? resolve(argv[modelsArg + 1] ?? ".") : resolve(here, "../../../../shared/models");

interface Case {
  id: string;
  family: string;
  infill: number;
  supports: boolean;
  grams: number;
  seconds: number;
  geom: DesignGeometry;
  plan: LayerPlan;
  scale: number;
}

const settingsOf = (c: { infill: number; supports: boolean; scale: number }) => ({
  material: "PLA",
  infill: c.infill,
  layerHeight: 0.2,
  supports: c.supports ? ("yes" as const) : ("no" as const),
  scale: c.scale,
});

// ---------------------------------------------------------------- corpus
const table: TableRow[] = readTable(readFileSync(join(here, "../calibration/reference.tsv"), "utf8")).filter(
  (r) => Number.isFinite(r.grams) && Number.isFinite(r.seconds),
);
const geoms = new Map<string, DesignGeometry>();
const t0 = Date.now();
for (const d of CORPUS) {
  if (!table.some((r) => r.id === d.id)) continue;
  geoms.set(d.id, measureDesign(binaryStl(d.make()), `${d.id}.stl`));
}
const corpus: Case[] = table
  .filter((r) => geoms.has(r.id))
  .map((r) => {
    const geom = geoms.get(r.id)!;
    const c = { id: r.id, family: r.family, infill: r.infill, supports: r.supports, grams: r.grams, seconds: r.seconds, geom, scale: 1 };
    return { ...c, plan: planLayers(geom, settingsOf(c)) };
  });
console.log(
  `corpus: ${geoms.size} designs, ${corpus.length} sliced rows, ${new Set(corpus.map((c) => c.family)).size} families (measured in ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
);

// ---------------------------------------------------------------- errors
const gramErr = (est: number, ref: number) => (est - ref) / Math.max(ref, 2);
const timeErr = (est: number, ref: number) => (est - ref) / ref;
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
}
const none = (): Errs => ({ gNo: [], gSup: [], t: [] });
const add = (a: Errs, b: Errs) => {
  a.gNo.push(...b.gNo);
  a.gSup.push(...b.gSup);
  a.t.push(...b.t);
};
const f1 = (x: number) => `${(x * 100).toFixed(1)}%`;
const line = (label: string, e: Errs) =>
  `${label.padEnd(38)} ${`${f1(quant(e.gNo, 0.5))} / ${f1(quant(e.gNo, 0.9))}`.padStart(16)} ${`${f1(quant(e.gSup, 0.5))} / ${f1(quant(e.gSup, 0.9))}`.padStart(16)} ${`${f1(quant(e.t, 0.5))} / ${f1(quant(e.t, 0.9))}`.padStart(16)}   (${e.gNo.length}+${e.gSup.length} rows)`;
const header = `${"".padEnd(38)} ${"grams no sup".padStart(16)} ${"grams supports".padStart(16)} ${"minutes".padStart(16)}\n${"".padEnd(38)} ${"median / p90".padStart(16)} ${"median / p90".padStart(16)} ${"median / p90".padStart(16)}`;

// ---------------------------------------------------------------- our model
function ours(c: Case, m: EstimateModel): { grams: number; seconds: number } {
  const e = estimateFromPlan(c.plan, m);
  return { grams: e.grams, seconds: e.seconds };
}
function errorsOf(cases: Case[], f: (c: Case) => { grams: number; seconds: number }): Errs {
  const e = none();
  for (const c of cases) {
    const p = f(c);
    (c.supports ? e.gSup : e.gNo).push(gramErr(p.grams, c.grams));
    e.t.push(timeErr(p.seconds, c.seconds));
  }
  return e;
}

function nelderMead(f: (x: number[]) => number, x0: number[], iters = 200): number[] {
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
        pts = pts.map((p, i) =>
          i === 0
            ? p
            : { x: p.x.map((v, j) => best.x[j]! + 0.5 * (v - best.x[j]!)), f: f(p.x.map((v, j) => best.x[j]! + 0.5 * (v - best.x[j]!))) },
        );
    }
  }
  pts.sort((a, b) => a.f - b.f);
  return pts[0]!.x;
}

type Key =
  | "kInfill"
  | "kAnchor"
  | "shellOpening"
  | "kSolid"
  | "kSupport"
  | "kTimeInfill"
  | "kTimeSupport"
  | "layerSeconds"
  | "islandSeconds"
  | "contourSeconds"
  | "startSeconds"
  | "solidSeconds";
const GRAM_KEYS: Key[] = ["kInfill", "kAnchor", "shellOpening", "kSolid"];
const SUP_KEYS: Key[] = ["kSupport"];
const TIME_KEYS: Key[] = ["kTimeInfill", "kTimeSupport", "layerSeconds", "islandSeconds", "solidSeconds", "contourSeconds", "startSeconds"];
const sumAbs = (xs: number[]) => xs.reduce((s, v) => s + Math.abs(v), 0);

/** Fits the constants on `train`: L1 of the relative errors (robust: one odd design cannot drag them). */
function fit(train: Case[], base: EstimateModel = DEFAULT_MODEL, iters = 200): EstimateModel {
  let model = { ...base };
  const stage = (keys: Key[], loss: (m: EstimateModel) => number) => {
    const build = (x: number[]) => {
      const m = { ...model };
      keys.forEach((k, i) => {
        m[k] = Math.exp(x[i]!);
      });
      return m;
    };
    model = build(
      nelderMead(
        (x) => loss(build(x)),
        keys.map((k) => Math.log(Math.max(1e-3, model[k]))),
        iters,
      ),
    );
  };
  const noSup = train.filter((c) => !c.supports),
    sup = train.filter((c) => c.supports);
  stage(GRAM_KEYS, (m) => sumAbs(errorsOf(noSup, (c) => ours(c, m)).gNo));
  stage(SUP_KEYS, (m) => sumAbs(errorsOf(sup, (c) => ours(c, m)).gSup));
  stage(TIME_KEYS, (m) => sumAbs(errorsOf(train, (c) => ours(c, m)).t));
  return model;
}

// ---------------------------------------------------------------- shell baseline
interface ShellModel {
  skin: number;
  kSup: number;
  secPerGram: number;
  secPerLayer: number;
}
function shell(c: Case, m: ShellModel): { grams: number; seconds: number } {
  const s = c.scale;
  const v = c.geom.volumeMm3 * s ** 3,
    a = c.geom.surfaceAreaMm2 * s * s;
  const skin = Math.min(v, a * m.skin);
  let mm3 = skin + (v - skin) * (c.infill / 100);
  if (c.supports) mm3 += m.kSup * c.geom.overhangProjectedMm2 * s * s * (c.geom.size.z * s) * 0.5;
  const grams = (mm3 / 1000) * 1.24;
  return { grams, seconds: m.secPerGram * grams + m.secPerLayer * Math.ceil((c.geom.size.z * s) / 0.2) };
}
function fitShell(train: Case[]): ShellModel {
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

// ---------------------------------------------------------------- corpus: shipped, refit, cross-validation
const families = [...new Set(corpus.map((c) => c.family))];
const fullShell = fitShell(corpus);
if (argv.includes("--fit")) {
  const m = fit(corpus);
  console.log("\nconstants fitted on the whole corpus:");
  console.log(JSON.stringify(Object.fromEntries([...GRAM_KEYS, ...SUP_KEYS, ...TIME_KEYS].map((k) => [k, Number(m[k].toPrecision(4))]))));
  console.log(
    line(
      "refit on the whole corpus",
      errorsOf(corpus, (c) => ours(c, m)),
    ),
  );
}
console.log("\nCorpus (PrusaSlicer 2.5.0, base.ini):");
console.log(header);
console.log(
  line(
    "shipped model (fit on the corpus)",
    errorsOf(corpus, (c) => ours(c, DEFAULT_MODEL)),
  ),
);
console.log(
  line(
    "shell baseline (fit on the corpus)",
    errorsOf(corpus, (c) => shell(c, fullShell)),
  ),
);
const cv = none(),
  cvShell = none();
const perFamily: string[] = [];
const crossValidate = !argv.includes("--no-cv");
for (const fam of crossValidate ? families : []) {
  const train = corpus.filter((c) => c.family !== fam),
    test = corpus.filter((c) => c.family === fam);
  const m = fit(train, DEFAULT_MODEL, 100);
  const e = errorsOf(test, (c) => ours(c, m));
  add(cv, e);
  add(
    cvShell,
    errorsOf(test, (c) => shell(c, fitShell(train))),
  );
  perFamily.push(line(`  ${fam}`, e));
}
if (crossValidate) {
  console.log(line("leave-one-family-out (ours)", cv));
  console.log(line("leave-one-family-out (shell baseline)", cvShell));
}
if (!crossValidate) console.log("leave-one-family-out: skipped (--no-cv)");
else if (argv.includes("--families")) for (const l of perFamily) console.log(l);
else {
  // the three worst families, so a weakness shows without --families
  const worst = families
    .map((f, i) => ({
      f,
      l: perFamily[i]!,
      e: quant(
        errorsOf(
          corpus.filter((c) => c.family === f),
          (c) => ours(c, DEFAULT_MODEL),
        ).gNo,
        0.5,
      ),
    }))
    .sort((a, b) => b.e - a.e)
    .slice(0, 3);
  console.log(`  worst families (grams, no supports): ${worst.map((w) => `${w.f} ${f1(w.e)}`).join(", ")}  (--families lists all)`);
}

// ---------------------------------------------------------------- held-out real files
if (!existsSync(join(modelsDir, "reference.tsv"))) {
  console.log(`\nHeld-out real files: skipped (${modelsDir}/reference.tsv not found).`);
} else {
  const tsv = (p: string) => {
    const [head, ...lines] = readFileSync(p, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "");
    const cols = head!.split("\t");
    return lines.map((l) => Object.fromEntries(l.split("\t").map((v, i) => [cols[i]!, v])));
  };
  const manifest = new Map(tsv(join(modelsDir, "manifest.tsv")).map((r) => [r.id!, r]));
  const real: Case[] = [];
  const seen = new Map<string, DesignGeometry | null>();
  for (const r of tsv(join(modelsDir, "reference.tsv"))) {
    if (!r.grams) continue;
    const id = r.id!;
    const file = manifest.get(id)?.file ?? id;
    if (!seen.has(id)) {
      try {
        seen.set(id, measureDesign(new Uint8Array(readFileSync(join(modelsDir, file))), file));
      } catch {
        seen.set(id, null);
      }
    }
    const geom = seen.get(id);
    if (!geom) continue;
    const c = {
      id,
      family: "real",
      infill: parseFloat(r.infill!),
      supports: r.supports === "on",
      grams: Number(r.grams),
      seconds: Number(r.seconds),
      geom,
      scale: Number(r.scale || 1),
    };
    real.push({ ...c, plan: planLayers(geom, settingsOf(c)) });
  }
  // the same shape in two files (a subdivided copy) counts once
  const distinct = real.filter((c) => c.id !== "huge_benchy_x4");
  console.log(`\nHeld-out real files (${modelsDir}; ${new Set(distinct.map((c) => c.id)).size} files, never used for fitting):`);
  console.log(header);
  console.log(
    line(
      "shipped model",
      errorsOf(distinct, (c) => ours(c, DEFAULT_MODEL)),
    ),
  );
  console.log(
    line(
      "shell baseline (fit on the corpus)",
      errorsOf(distinct, (c) => shell(c, fullShell)),
    ),
  );
  if (argv.includes("--rows")) {
    console.log(`\n${"file".padEnd(26)} infill sup  scale   ref g   ours    err | shell err | ref min  ours    err`);
    for (const c of real) {
      const p = ours(c, DEFAULT_MODEL),
        b = shell(c, fullShell);
      console.log(
        `${c.id.padEnd(26)} ${String(c.infill).padStart(5)}% ${c.supports ? "on " : "off"} ${String(c.scale).padStart(6)} ${c.grams.toFixed(2).padStart(7)} ${p.grams.toFixed(2).padStart(6)} ${f1(gramErr(p.grams, c.grams)).padStart(6)} | ${f1(gramErr(b.grams, c.grams)).padStart(8)} | ${(c.seconds / 60).toFixed(0).padStart(6)} ${(p.seconds / 60).toFixed(0).padStart(5)} ${f1(timeErr(p.seconds, c.seconds)).padStart(6)}`,
      );
    }
  }
}
