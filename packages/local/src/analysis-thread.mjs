// Worker thread of the local analysis pool (analysis-pool.ts): measures one design at a time,
// off the API's event loop. Plain JavaScript that registers tsx, so it loads the TypeScript
// analysis the same way under `npm start` and under the tests.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { measureDesign } = await import("@printhood/core/analysis/index");
const { isVisibleError } = await import("@printhood/core/shared/errors");

parentPort.on("message", ({ id, bytes, fileName }) => {
  try {
    parentPort.postMessage({ id, geometry: measureDesign(bytes, fileName) });
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
