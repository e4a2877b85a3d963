process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

import { createDocumentClient, createStore, grantStaff, isVisibleError } from "@printhood/core";
import { openLocalData } from "./local-data.ts";
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
let local: Awaited<ReturnType<typeof openLocalData>> | undefined;
try {
  let store: ReturnType<typeof createStore>;
  if (awsTable) {
    store = createStore(createDocumentClient(), awsTable);
  } else {
    local = await openLocalData();
    store = local.store;
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
  await local?.close();
}
