/**
 * npm run -s analyze -- FILE [--material PLA] [--infill 20] [--layer-height 0.2]
 *   [--supports auto|yes|no] [--scale 1] [--unit mm|cm|m|in] [--json]
 * Prints the analysis (JSON with --json); exits 1 with the error message for a bad file.
 */
import { readFileSync, statSync } from "node:fs";
import { basename } from "node:path";
import { type AnalyzeOptions, analyzeDesign } from "../src/analysis/index.ts";
import { isVisibleError } from "../src/shared/errors.ts";
import { formatCents } from "../src/shared/pricing.ts";

function usage(msg?: string): never {
  if (msg) process.stderr.write(`${msg}\n`);
  process.stderr.write(
    "usage: npm run -s analyze -- FILE [--material PLA|PETG|ABS|TPU|WOOD] [--infill 20] [--layer-height 0.2] [--supports auto|yes|no] [--scale 1] [--unit mm|cm|m|in] [--json]\n",
  );
  process.exit(2);
}

const args = process.argv.slice(2);
let file: string | undefined;
let json = false;
const opts: AnalyzeOptions = {};
const num = (flag: string, v: string | undefined): number => {
  const n = Number(v);
  if (v === undefined || v.trim() === "" || !Number.isFinite(n)) usage(`${flag} needs a number`);
  return n;
};
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  const [flag, inline] = a.startsWith("--") && a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
  const val = () => inline ?? args[++i];
  switch (flag) {
    case "--json":
      json = true;
      break;
    case "--material":
      opts.material = val() ?? usage("--material needs a value");
      break;
    case "--infill":
      opts.infill = num(flag, val());
      if (opts.infill < 0 || opts.infill > 100) usage("--infill is a percentage 0–100");
      break;
    case "--layer-height":
      opts.layerHeight = num(flag, val());
      if (opts.layerHeight <= 0 || opts.layerHeight > 1) usage("--layer-height is in mm, e.g. 0.2");
      break;
    case "--scale":
      opts.scale = num(flag, val());
      if (opts.scale <= 0) usage("--scale must be positive");
      break;
    case "--unit":
      opts.unitOverride = val() ?? usage("--unit needs a value");
      break;
    case "--supports": {
      const v = val();
      if (v !== "auto" && v !== "yes" && v !== "no") usage("--supports is auto, yes or no");
      opts.supports = v;
      break;
    }
    case "-h":
    case "--help":
      usage();
      break;
    default:
      if (a.startsWith("-")) usage(`unknown option ${a}`);
      if (file !== undefined) usage("only one FILE");
      file = a;
  }
}
if (file === undefined) usage("FILE is required");

try {
  const st = statSync(file);
  if (!st.isFile()) throw new Error(`${file} is not a file`);
  if (st.size > 52428800) {
    throw Object.assign(new Error(`File size exceeds 50MB limit (${file} is ${(st.size / 1048576).toFixed(1)} MB).`), {
      code: "file_too_large",
    });
  }
  const bytes = new Uint8Array(readFileSync(file));
  const t0 = performance.now();
  const result = analyzeDesign(bytes, basename(file), opts);
  const ms = performance.now() - t0;
  if (json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    const u = result.units;
    const lines = [
      `${result.fileName} (${result.format}, ${result.triangles.toLocaleString("en-US")} triangles) analysed in ${ms.toFixed(0)} ms`,
      `size ${result.boundingBox.x} × ${result.boundingBox.y} × ${result.boundingBox.z} mm, volume ${result.volume} cm³, area ${result.surfaceArea} cm²`,
      `shells ${result.shells}, watertight ${result.watertight}, inverted shells ${result.invertedShells}, overhang ${result.overhangAreaMm2} mm², supports needed ${result.supportsNeeded}`,
      `${result.material} ${result.infillDensity}% infill, ${result.layerHeight} mm layers, supports ${result.supportMaterial ? "on" : "off"}: ${result.estimatedWeight} g, ${result.estimatedTimeMinutes} min, material ${formatCents(result.materialCostCents)}`,
      ...(u.needsConfirmation
        ? [
            `units: ${u.message ?? ""}${u.estimateIfRescaled ? ` (then ${u.estimateIfRescaled.estimatedWeight} g, ${u.estimateIfRescaled.estimatedTimeMinutes} min)` : ""}`,
          ]
        : []),
      ...result.warnings.filter((w) => w !== u.message).map((w) => `warning: ${w}`),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  const code = isVisibleError(err) ? err.code : ((err as { code?: string }).code ?? "error");
  if (json) process.stdout.write(`${JSON.stringify({ error: { code, message } })}\n`);
  process.stderr.write(`${file}: ${message}\n`);
  process.exit(1);
}
