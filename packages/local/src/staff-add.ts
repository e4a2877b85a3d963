process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createDocumentClient, createStore, grantStaff, isVisibleError } from "@printhood/core";
import { ensureTable, type LocalDynamo, startDynamo } from "./dynamo.ts";
import { REPO_ROOT } from "./paths.ts";
import { TABLE_NAME } from "./stack.ts";
import { runningPort } from "./stale-process.ts";
import { StartFailure } from "./start-failure.ts";

/**
 * `npm run staff:add -- EMAIL` (issue 21 point 5): makes an existing account staff and prints the
 * TOTP secret to enter in an authenticator app. The only way, with the seed, to make staff: no API
 * call can. It works on local mode's data (.local/, or PRINTHOOD_DATA_DIR) whether Printhood is
 * running (through its DynamoDB Local, found by the pid file beside the data) or stopped (it starts
 * DynamoDB Local on the data itself, then stops it). With STAFF_TABLE_NAME set, it works on that
 * DynamoDB table in AWS instead (the AWS SDK's usual credentials and region).
 */
const email = process.argv.slice(2).find((a) => !a.startsWith("-"));
if (!email) {
  console.error("Usage: npm run staff:add -- EMAIL   (the account must exist: the person signs up first)");
  process.exit(2);
}

const awsTable = process.env.STAFF_TABLE_NAME;
let dynamo: LocalDynamo | undefined;
try {
  let store: ReturnType<typeof createStore>;
  if (awsTable) {
    store = createStore(createDocumentClient(), awsTable);
  } else {
    const dataDir = resolve(process.env.PRINTHOOD_DATA_DIR ?? join(REPO_ROOT, ".local"));
    const dynamoDir = join(dataDir, "dynamodb");
    if (!existsSync(dynamoDir)) throw new StartFailure(`There is no local data in ${dataDir} yet: run npm start once first.`);
    const port = runningPort(join(dynamoDir, "dynamodb.pid"), dynamoDir);
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
    store = createStore(createDocumentClient({ endpoint, region: "us-east-1" }), TABLE_NAME);
  }
  const grant = await grantStaff(store, email);
  console.log(`${grant.email} is ${grant.alreadyStaff ? "already" : "now"} staff.
Enter this TOTP secret in an authenticator app (or open the URI on a phone that has one):
  secret  ${grant.secret}
  URI     ${grant.uri}
Staff sign in at /auth with their password and the app's 6-digit code, then open /staff.`);
} catch (e) {
  console.error(`staff:add failed: ${isVisibleError(e) || e instanceof StartFailure ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await dynamo?.close();
}
