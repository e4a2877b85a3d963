process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

import { isVisibleError } from "@printhood/core";
import { openLocalData } from "./local-data.ts";
import { seedScale } from "./scale/seed.ts";
import { StartFailure } from "./start-failure.ts";

/**
 * `npm run seed:scale -- --printers 100000 --orders 100000` (issue 23 point 3): adds a marketplace
 * the size of the country to local mode's data, running or stopped (local-data.ts; scale/seed.ts).
 */
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 0) throw new StartFailure(`--${name} must be a whole number.`);
  return v;
};

try {
  const local = await openLocalData();
  try {
    await seedScale(local.store, { printers: arg("printers", 100_000), orders: arg("orders", 100_000) });
  } finally {
    await local.close();
  }
} catch (e) {
  console.error(`\nseed:scale failed: ${isVisibleError(e) || e instanceof StartFailure ? e.message : String(e)}`);
  process.exitCode = 1;
}
