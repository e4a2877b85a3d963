process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

import { copyMissingOwnerNames, isVisibleError, recountOrderTallies } from "@printhood/core";
import { openLocalData } from "./local-data.ts";
import { StartFailure } from "./start-failure.ts";

/**
 * `npm run backfill`: brings data written before a rule existed up to it, in local mode's data
 * (running or stopped, local-data.ts): the order tallies the owner's and the customer's figures read
 * are counted again from the orders (orders/recount.ts), and printers without a copy of their
 * owner's name get one (printers/owner-name.ts). Both are safe to run again; run them while no
 * orders move and no one renames (see each function).
 */
try {
  const local = await openLocalData();
  try {
    const started = Date.now();
    const tallies = await recountOrderTallies(local.store, (n) => process.stdout.write(`\rorders counted: ${n}`));
    process.stdout.write("\n");
    console.log(`order tallies: ${tallies.tallies} written from ${tallies.orders} orders`);
    const names = await copyMissingOwnerNames(local.store);
    console.log(`printers given their owner's name: ${names.printers}`);
    console.log(`backfill done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await local.close();
  }
} catch (e) {
  console.error(`\nbackfill failed: ${isVisibleError(e) || e instanceof StartFailure ? e.message : String(e)}`);
  process.exitCode = 1;
}
