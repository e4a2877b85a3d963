// Worker thread of the local analysis pool (analysis-pool.ts): measures one design at a time,
// off the API's event loop, sharing the passes over a large file's triangles with helper threads
// (one per core beyond two: the API keeps one), started once. Plain JavaScript that registers tsx,
// so it loads the TypeScript analysis the same way under `npm start` and under the tests.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { measureDesignParallel } = await import("@printhood/core/analysis/parallel");
const { helpersHere, startThreads } = await import("@printhood/core/analysis/node-threads");
const { isVisibleError } = await import("@printhood/core/shared/errors");

const helpers = workerData?.helpers ?? Math.max(0, helpersHere() - 1);
const threads = startThreads(helpers, new URL("./analysis-helper.mjs", import.meta.url));

parentPort.on("message", async ({ id, bytes, fileName }) => {
  try {
    parentPort.postMessage({ id, geometry: await measureDesignParallel(bytes, fileName, threads) });
  } catch (e) {
    parentPort.postMessage({
      id,
      error: isVisibleError(e)
        ? { kind: e.kind, code: e.code, message: e.message }
        : { message: e instanceof Error ? e.message : String(e) },
    });
  }
});
parentPort.postMessage({ ready: true });
