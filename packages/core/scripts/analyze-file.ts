/**
 * The full analysis of one file as a process of its own, with helper threads (one per core beyond
 * the first; ANALYSIS_THREADS=0 for none): what `npm run bench:analyze` times against admesh and
 * three.js, whole process, and prints a one-line JSON summary. bench-analyze.ts bundles it (esbuild)
 * so that the process starts as plain JavaScript, and the same bundle is each helper thread's code.
 * It measures the file as it reads it (stream.ts, parallel.ts's measureStreamParallel): the file is
 * never held whole, with helpers or without.
 *   node analyze-file.mjs FILE
 */
import { statSync } from "node:fs";
import { basename } from "node:path";
import { isMainThread } from "node:worker_threads";
import { describeEstimate } from "../src/analysis/index.ts";
import { filePieces } from "../src/analysis/node-file.ts";
import { helpersHere, serveStages, startThreads } from "../src/analysis/node-threads.ts";
import { measureStreamParallel } from "../src/analysis/parallel.ts";

if (!isMainThread) serveStages();
else await main();

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: analyze-file FILE");
    process.exit(2);
  }
  const helpers = process.env.ANALYSIS_THREADS !== undefined ? Number(process.env.ANALYSIS_THREADS) : helpersHere();
  // the helpers start while the file's first pieces are read
  const threads = startThreads(helpers, new URL(import.meta.url), process.env.ANALYSIS_EXEC_ARGV?.split(" ").filter(Boolean));
  // measured as it is read: the file is never held whole
  const g = await measureStreamParallel(filePieces(file), statSync(file).size, basename(file), threads);
  const a = describeEstimate(g);
  process.stdout.write(
    `${JSON.stringify({ triangles: g.triangles, shells: g.shells, watertight: g.watertight, volumeMm3: g.volumeMm3, grams: a.estimatedWeight, minutes: a.estimatedTimeMinutes, helpers })}\n`,
  );
  process.exit(0);
}
