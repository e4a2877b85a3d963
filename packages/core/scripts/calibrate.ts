/**
 * npm run calibrate [-- --fit] [--no-cv] [--families] [--rows] [--no-held-out] [--models DIR]
 *
 * How well the estimate generalises, from the committed corpus table (no slicer needed: the designs
 * are regenerated in code and measured, inch and metre designs read in their unit and printed at
 * its scale). Errors: grams |est − ref| / max(ref, 2 g), minutes |est − ref| / ref; median / p90.
 *   1. training split (calibration/split.ts): the shipped model, and leave-one-family-out
 *      cross-validation (the constants refitted without a whole family, then that family predicted),
 *      beside a shell-model baseline cross-validated the same way;
 *   2. held-out split (teapots and gadgets whole, one design in five of every other family): the
 *      shipped model, never fitted or chosen on these;
 *   3. the real files of ../shared/models (reference.tsv), when that folder is there: the final check.
 * --fit prints the constants fitted on the training split (paste them into DEFAULT_MODEL);
 * --no-cv skips the refits; --families prints every family; --rows every real-file row;
 * --no-held-out hides parts 2 and 3 (while the model is being changed: they are not to be looked at);
 * --certainty prints the range's half-widths from the leave-one-family-out errors (certainty.ts's
 * constants) and how often the shipped range holds.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { certaintyTable, coverage, traitRanges } from "../calibration/certainty-check.ts";
import { CORPUS } from "../calibration/corpus.ts";
import {
  add,
  type Case,
  errorsOf,
  fit,
  fitShell,
  HEADER,
  line,
  none,
  ours,
  pct,
  pickModel,
  quant,
  shell,
  volumeSums,
} from "../calibration/fit.ts";
import { designFile, isHeldOut } from "../calibration/split.ts";
import { readTable } from "../calibration/table.ts";
import { DEFAULT_MODEL, type DesignGeometry, measureDesign, planLayers } from "../src/analysis/index.ts";

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const modelsArg = argv.indexOf("--models");
const modelsDir = modelsArg >= 0 ? resolve(argv[modelsArg + 1] ?? ".") : resolve(here, "../../../../shared/models");
const showHeldOut = !argv.includes("--no-held-out");

const settingsOf = (c: { infill: number; supports: boolean; scale: number }) => ({
  material: "PLA",
  infill: c.infill,
  layerHeight: 0.2,
  supports: c.supports ? ("yes" as const) : ("no" as const),
  scale: c.scale,
});
function caseOf(r: Omit<Case, "plan" | "sums">): Case {
  const plan = planLayers(r.geom, settingsOf(r));
  return { ...r, plan, sums: volumeSums(plan) };
}

// ---------------------------------------------------------------- corpus
const table = readTable(readFileSync(join(here, "../calibration/reference.tsv"), "utf8")).filter(
  (r) => Number.isFinite(r.grams) && Number.isFinite(r.seconds),
);
const geoms = new Map<string, { geom: DesignGeometry; scale: number }>();
const t0 = Date.now();
for (const d of CORPUS) {
  if (!table.some((r) => r.id === d.id)) continue;
  const f = designFile(d);
  geoms.set(d.id, { geom: measureDesign(f.bytes, f.name), scale: f.scale });
}
const byId = new Map(CORPUS.map((d) => [d.id, d]));
const corpus: Case[] = table
  .filter((r) => geoms.has(r.id))
  .map((r) =>
    caseOf({ id: r.id, family: r.family, infill: r.infill, supports: r.supports, grams: r.grams, seconds: r.seconds, ...geoms.get(r.id)! }),
  );
const train = corpus.filter((c) => !isHeldOut(byId.get(c.id)!));
const held = corpus.filter((c) => isHeldOut(byId.get(c.id)!));
const families = [...new Set(train.map((c) => c.family))];
console.log(
  `corpus: ${geoms.size} designs, ${corpus.length} sliced rows in ${new Set(corpus.map((c) => c.family)).size} families; training split ${train.length} rows in ${families.length} families, held-out split ${held.length} rows (measured in ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
);

if (argv.includes("--fit")) {
  const m = fit(train);
  console.log("\nconstants fitted on the training split:");
  console.log(JSON.stringify(pickModel(m)));
  console.log(
    line(
      "refit, training split (in sample)",
      errorsOf(train, (c) => ours(c, m)),
    ),
  );
}

console.log("\n1. Training split (PrusaSlicer 2.5.0, base.ini):");
console.log(HEADER);
console.log(
  line(
    "shipped model (in sample)",
    errorsOf(train, (c) => ours(c, DEFAULT_MODEL)),
  ),
);
if (argv.includes("--no-cv")) {
  console.log("leave-one-family-out: skipped (--no-cv)");
  if (argv.includes("--families"))
    for (const fam of families)
      console.log(
        line(
          `  ${fam} (in sample)`,
          errorsOf(
            train.filter((c) => c.family === fam),
            (c) => ours(c, DEFAULT_MODEL),
          ),
        ),
      );
} else {
  const cv = none(),
    cvShell = none();
  const perFamily: Array<{ f: string; l: string; med: number }> = [];
  const pairs: Array<{ c: Case; grams: number; seconds: number }> = [];
  for (const fam of families) {
    const tr = train.filter((c) => c.family !== fam),
      te = train.filter((c) => c.family === fam);
    const m = fit(tr, DEFAULT_MODEL, 100);
    const e = errorsOf(te, (c) => ours(c, m));
    for (const c of te) pairs.push({ c, ...ours(c, m) });
    add(cv, e);
    const sm = fitShell(tr);
    add(
      cvShell,
      errorsOf(te, (c) => shell(c, sm)),
    );
    perFamily.push({ f: fam, l: line(`  ${fam}`, e), med: quant(e.gNo, 0.5) });
  }
  console.log(line("leave-one-family-out (ours)", cv));
  console.log(line("leave-one-family-out (shell baseline)", cvShell));
  if (argv.includes("--families")) for (const p of perFamily) console.log(p.l);
  else {
    const worst = [...perFamily].sort((a, b) => b.med - a.med).slice(0, 4);
    console.log(
      `  worst families, leave-one-out (grams, no supports): ${worst.map((w) => `${w.f} ${pct(w.med)}`).join(", ")}  (--families lists all)`,
    );
  }
  if (argv.includes("--certainty")) {
    console.log("\nThe range's half-widths: 90th percentiles of the leave-one-family-out errors (analysis/certainty.ts):");
    for (const l of certaintyTable(pairs)) console.log(`  ${l}`);
  }
}

if (argv.includes("--certainty"))
  console.log(`\nTraining split: ${coverage(train)}\n  traits (2nd-98th percentile): ${traitRanges(train)}`);
if (!showHeldOut) {
  console.log("\n2. and 3. (held-out split, real files): hidden (--no-held-out)");
  process.exit(0);
}

console.log("\n2. Held-out split (never fitted or chosen on):");
console.log(HEADER);
console.log(
  line(
    "shipped model",
    errorsOf(held, (c) => ours(c, DEFAULT_MODEL)),
  ),
);
const heldShell = fitShell(train);
console.log(
  line(
    "shell baseline (fit on the training split)",
    errorsOf(held, (c) => shell(c, heldShell)),
  ),
);
console.log(`  ${coverage(held)}`);
for (const fam of [...new Set(held.map((c) => c.family))].sort()) {
  if (!argv.includes("--families") && !["teapot", "gadget"].includes(fam)) continue;
  console.log(
    line(
      `  ${fam}`,
      errorsOf(
        held.filter((c) => c.family === fam),
        (c) => ours(c, DEFAULT_MODEL),
      ),
    ),
  );
}

// ---------------------------------------------------------------- real files
if (!existsSync(join(modelsDir, "reference.tsv"))) {
  console.log(`\n3. Real files: skipped (${modelsDir}/reference.tsv not found).`);
  process.exit(0);
}
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
  real.push(
    caseOf({
      id,
      family: "real",
      infill: Number.parseFloat(r.infill!),
      supports: r.supports === "on",
      grams: Number(r.grams),
      seconds: Number(r.seconds),
      geom,
      scale: Number(r.scale || 1),
    }),
  );
}
// the same shape in two files (a subdivided copy) counts once
const distinct = real.filter((c) => c.id !== "huge_benchy_x4");
console.log(`\n3. Real files (${modelsDir}; ${new Set(distinct.map((c) => c.id)).size} files the slicer slices; the final check):`);
console.log(HEADER);
console.log(
  line(
    "shipped model",
    errorsOf(distinct, (c) => ours(c, DEFAULT_MODEL)),
  ),
);
console.log(
  line(
    "shell baseline (fit on the training split)",
    errorsOf(distinct, (c) => shell(c, heldShell)),
  ),
);
console.log(`  ${coverage(distinct)}`);
if (argv.includes("--rows")) {
  console.log(`\n${"file".padEnd(26)} infill sup  scale   ref g   ours    err | ref min  ours    err`);
  for (const c of real) {
    const p = ours(c, DEFAULT_MODEL);
    console.log(
      `${c.id.padEnd(26)} ${String(c.infill).padStart(5)}% ${c.supports ? "on " : "off"} ${String(c.scale).padStart(6)} ${c.grams.toFixed(2).padStart(7)} ${p.grams.toFixed(2).padStart(6)} ${pct((p.grams - c.grams) / Math.max(c.grams, 2)).padStart(6)} | ${(c.seconds / 60).toFixed(0).padStart(6)} ${(p.seconds / 60).toFixed(0).padStart(5)} ${pct((p.seconds - c.seconds) / c.seconds).padStart(6)}`,
    );
  }
}
