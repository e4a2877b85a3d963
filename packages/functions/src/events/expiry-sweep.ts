import { expireDueOrders } from "@printhood/core";
import { scheduledJob } from "../lib/handlers.ts";
import { orderDepsFromEnv } from "../lib/order-deps.ts";

/** The scheduled expiry sweep (a rule every few minutes in AWS, a timer in local mode). */
export const handler = scheduledJob("expiry-sweep", async () => {
  const deps = orderDepsFromEnv();
  let total = 0;
  // A backlog is taken in pages; each page's orders are expired before the next is read.
  for (let page = 0; page < 20; page++) {
    const { checked, expired } = await expireDueOrders(deps);
    total += expired;
    if (checked < 200) break;
  }
  return { expired: total };
});
