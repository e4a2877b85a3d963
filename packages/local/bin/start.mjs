#!/usr/bin/env node
// `npm start`: build what is needed, then run local mode (packages/local/src/start.ts) under tsx.
import { register } from "tsx/esm/api";
import { buildKernels } from "../../core/scripts/build-kernels.mjs";
import { buildWebIfStale } from "./build-web.mjs";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
// the analysis kernels first: the site's bundle includes them
await buildKernels();
buildWebIfStale();
register();
await import("../src/start.ts");
