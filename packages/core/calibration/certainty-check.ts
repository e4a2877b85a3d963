/**
 * The range's constants (src/analysis/certainty.ts) from the calibration, and how often the range
 * holds (npm run calibrate -- --certainty). The half-widths are the 90th percentiles of the
 * leave-one-family-out errors on the training split, overall and for each kind of design the range
 * widens for; the coverage is the share of rows whose slicer figure falls inside the range.
 */
import { type CertaintyInput, DEFAULT_MODEL, estimateRange } from "../src/analysis/index.ts";
import { type Case, gramErr, ours, pct, quant, timeErr } from "./fit.ts";

export function certaintyInput(c: Case, grams: number, minutes: number): CertaintyInput {
  const s = c.scale;
  return {
    watertight: c.geom.watertight,
    boundaryEdges: c.geom.boundaryEdges,
    shells: c.geom.shells,
    volumeMm3: c.geom.volumeMm3 * s ** 3,
    surfaceAreaMm2: c.geom.surfaceAreaMm2 * s * s,
    size: { x: c.geom.size.x * s, y: c.geom.size.y * s, z: c.geom.size.z * s },
    overhangProjectedMm2: c.geom.overhangProjectedMm2 * s * s,
    estimate: { grams, minutes, supports: c.supports },
  };
}

/** Residual p90s by kind, from (case, prediction) pairs made without the case's family (leave-one-family-out). */
export function certaintyTable(pairs: Array<{ c: Case; grams: number; seconds: number }>): string[] {
  const kinds: Array<[string, (c: Case, p: { grams: number; seconds: number }) => boolean]> = [
    ["all", () => true],
    ["open meshes", (c) => !c.geom.watertight && c.geom.boundaryEdges > 0],
    ["tiny (< 3 g or < 15 mm)", (c, p) => p.grams < 3 || Math.max(c.geom.size.x, c.geom.size.y, c.geom.size.z) * c.scale < 15],
    ["unusual traits", (c, p) => estimateRange(certaintyInput(c, p.grams, p.seconds / 60)).reasons.includes("unusual_shape")],
  ];
  const out = [
    `${"kind".padEnd(26)} ${"grams p90 no sup".padStart(17)} ${"grams p90 sup".padStart(14)} ${"minutes p90".padStart(12)}  rows`,
  ];
  for (const [name, test] of kinds) {
    const sel = pairs.filter((x) => test(x.c, x));
    const no = sel.filter((x) => !x.c.supports).map((x) => gramErr(x.grams, x.c.grams));
    const sup = sel.filter((x) => x.c.supports).map((x) => gramErr(x.grams, x.c.grams));
    const t = sel.map((x) => timeErr(x.seconds, x.c.seconds));
    out.push(
      `${name.padEnd(26)} ${pct(quant(no, 0.9)).padStart(17)} ${pct(quant(sup, 0.9)).padStart(14)} ${pct(quant(t, 0.9)).padStart(12)}  ${sel.length}`,
    );
  }
  return out;
}

/** Share of cases whose slicer grams and minutes fall inside the shipped model's range. */
export function coverage(cases: Case[]): string {
  let g = 0,
    t = 0,
    less = 0;
  for (const c of cases) {
    const p = ours(c, DEFAULT_MODEL);
    const r = estimateRange(certaintyInput(c, p.grams, p.seconds / 60));
    if (c.grams >= r.grams.low && c.grams <= r.grams.high) g++;
    if (c.seconds / 60 >= r.minutes.low && c.seconds / 60 <= r.minutes.high) t++;
    if (r.level === "less-certain") less++;
  }
  const n = Math.max(1, cases.length);
  return `range holds for grams ${pct(g / n)}, minutes ${pct(t / n)} of ${cases.length} rows (${pct(less / n)} called less certain)`;
}

/** The corpus traits' 2nd and 98th percentiles over the training designs (certainty.ts's CORPUS_TRAITS). */
export function traitRanges(cases: Case[]): string {
  const seen = new Set<string>();
  const t: number[][] = [[], [], [], [], []];
  for (const c of cases) {
    // designs whose volume is not defined (open meshes, inside-out parts) have no thickness to compare
    if (seen.has(c.id) || c.geom.volumeMm3 <= 1e-6 || c.geom.surfaceAreaMm2 <= 0) continue;
    seen.add(c.id);
    const s = c.scale;
    const v = Math.max(c.geom.volumeMm3 * s ** 3, 1e-9);
    t[0]!.push(Math.log10(v));
    t[1]!.push(Math.log10(Math.max(c.geom.size.z * s, 1e-9)));
    t[2]!.push(Math.log10(v / Math.max(c.geom.surfaceAreaMm2 * s * s, 1e-9)));
    t[3]!.push(Math.min(1, c.geom.overhangProjectedMm2 / Math.max(c.geom.size.x * c.geom.size.y, 1e-9)));
    t[4]!.push(c.geom.shells);
  }
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  const names = ["logVolume", "logHeight", "logThickness", "overhangShare", "shells"];
  return names.map((n, i) => `${n}: [${q(t[i]!, 0.02).toFixed(2)}, ${q(t[i]!, 0.98).toFixed(2)}]`).join(", ");
}
