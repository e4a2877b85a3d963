/**
 * The full analysis of one file as a process of its own, with helper threads (one per core beyond
 * the first; ANALYSIS_THREADS=0 for none): what `npm run bench:analyze` times against admesh and
 * three.js, whole process, and prints a one-line JSON summary. bench-analyze.ts bundles it (esbuild)
 * so that the process starts as plain JavaScript, and the same bundle is each helper thread's code.
 * Alone it measures the file as it reads it (stream.ts: the file is never held whole); with helpers
 * it reads the file whole into memory they share.
 *   node analyze-file.mjs FILE
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync, statSync } from "node:fs";
import { basename } from "node:path";
import { isMainThread } from "node:worker_threads";
import { type DesignGeometry, describeEstimate } from "../src/analysis/index.ts";
import { helpersHere, serveStages, startThreads } from "../src/analysis/node-threads.ts";
import { measureDesignParallel } from "../src/analysis/parallel.ts";
import { measureDesignStream } from "../src/analysis/stream.ts";

if (!isMainThread) serveStages();
else await main();

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: analyze-file FILE");
    process.exit(2);
  }
  const helpers = process.env.ANALYSIS_THREADS !== undefined ? Number(process.env.ANALYSIS_THREADS) : helpersHere();
  let g: DesignGeometry;
  if (helpers === 0) {
    // alone: the file is measured as it is read (never held whole; the next piece is read while
    // this one is copied)
    g = await measureDesignStream(createReadStream(file, { highWaterMark: 1 << 20 }), statSync(file).size, basename(file));
  } else {
    // the helpers start while the file is read
    const threads = startThreads(helpers, new URL(import.meta.url), process.env.ANALYSIS_EXEC_ARGV?.split(" ").filter(Boolean));
    // read straight into memory the helpers share
    const fd = openSync(file, "r");
    const size = fstatSync(fd).size;
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    for (let at = 0; at < size; ) at += readSync(fd, bytes, at, size - at, at);
    closeSync(fd);
    g = await measureDesignParallel(bytes, basename(file), threads);
  }
  const a = describeEstimate(g);
  process.stdout.write(
    `${JSON.stringify({ triangles: g.triangles, shells: g.shells, watertight: g.watertight, volumeMm3: g.volumeMm3, grams: a.estimatedWeight, minutes: a.estimatedTimeMinutes, helpers })}\n`,
  );
  process.exit(0);
}
