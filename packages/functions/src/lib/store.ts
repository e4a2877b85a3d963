import { createDocumentClient, createStore, type Store } from "@printhood/core";
import { perEnvironment, requireEnv } from "./env.ts";
import { traceClient } from "./observability.ts";

/** The table (TABLE_NAME, set by the stacks and by local mode), built once per environment, its calls traced. */
export const storeFromEnv: () => Store = perEnvironment(() => createStore(traceClient(createDocumentClient()), requireEnv("TABLE_NAME")));
