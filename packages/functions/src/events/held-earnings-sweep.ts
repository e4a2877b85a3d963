import { releaseHeldEarnings } from "@printhood/core";
import { orderDepsFromEnv } from "../lib/order-deps.ts";

/** The scheduled sweep that frees held earnings once their claim window has closed (ledger/held.ts). */
export async function handler() {
  const deps = orderDepsFromEnv();
  let total = 0;
  for (let page = 0; page < 20; page++) {
    const { checked, released } = await releaseHeldEarnings(deps);
    total += released;
    if (checked < 200) break;
  }
  return { released: total };
}
