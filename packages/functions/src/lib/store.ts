import { createDocumentClient, createStore, type Store } from "@printhood/core";
import { requireEnv } from "./env.ts";
import { traceClient } from "./observability.ts";

let store: Store | undefined;

/** The table (TABLE_NAME, set by the stacks and by local mode), built once per process, its calls traced. */
export function storeFromEnv(): Store {
  store ??= createStore(traceClient(createDocumentClient()), requireEnv("TABLE_NAME"));
  return store;
}
