import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createDocumentClient, createStore, type Store } from "@printhood/core";
import { ensureTable, type LocalDynamo, startDynamo } from "./dynamo.ts";
import { REPO_ROOT } from "./paths.ts";
import { TABLE_NAME } from "./stack.ts";
import { runningPort } from "./stale-process.ts";
import { StartFailure } from "./start-failure.ts";

/**
 * Local mode's data (.local/, or PRINTHOOD_DATA_DIR) for a command that works on it beside the
 * app (staff:add, seed:scale): through the running app's DynamoDB Local, found by the pid file
 * beside the data, or, when Printhood is stopped, a DynamoDB Local started on the data itself and
 * stopped by `close`.
 */
export async function openLocalData(): Promise<{ store: Store; endpoint: string; close: () => Promise<void> }> {
  const dataDir = resolve(process.env.PRINTHOOD_DATA_DIR ?? join(REPO_ROOT, ".local"));
  const dynamoDir = join(dataDir, "dynamodb");
  if (!existsSync(dynamoDir)) throw new StartFailure(`There is no local data in ${dataDir} yet: run npm start once first.`);
  const port = runningPort(join(dynamoDir, "dynamodb.pid"), dynamoDir);
  let dynamo: LocalDynamo | undefined;
  let endpoint: string;
  if (port) {
    endpoint = `http://127.0.0.1:${port}`;
  } else {
    dynamo = await startDynamo({ dataDir: dynamoDir });
    endpoint = dynamo.endpoint;
    await ensureTable(endpoint, TABLE_NAME);
  }
  process.env.AWS_ACCESS_KEY_ID ??= "local";
  process.env.AWS_SECRET_ACCESS_KEY ??= "local";
  const store = createStore(createDocumentClient({ endpoint, region: "us-east-1" }), TABLE_NAME);
  return { store, endpoint, close: async () => void (await dynamo?.close()) };
}
