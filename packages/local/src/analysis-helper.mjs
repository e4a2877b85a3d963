// A helper thread of the local analysis worker (analysis-thread.mjs): runs the analysis's stages on
// its range of triangles (core's analysis/parallel.ts), the same code the analysis worker runs on its own.
import { register } from "tsx/esm/api";

register();
const { serveStages } = await import("@printhood/core/analysis/node-threads");
serveStages();
