import { runDueMoneyTasks } from "@printhood/core";
import { orderDepsFromEnv } from "../lib/order-deps.ts";

/**
 * The scheduled money sweep (every minute: a rule in AWS, a timer in local mode): whatever money
 * is still owed (a refund Stripe could not take when the order was cancelled, a payout…) is tried
 * again, each task with its own backoff (payments/tasks.ts).
 */
export async function handler() {
  const deps = orderDepsFromEnv();
  const totals = { checked: 0, done: 0, failed: 0, retry: 0 };
  // A backlog is taken in pages; stop early once a page is not full.
  for (let page = 0; page < 10; page++) {
    const run = await runDueMoneyTasks(deps);
    totals.checked += run.checked;
    totals.done += run.done;
    totals.failed += run.failed;
    totals.retry += run.retry;
    if (run.checked < 100 || run.done + run.failed === 0) break;
  }
  return totals;
}
