import type { TxEntities, TxItem } from "../db/transact.ts";
import { closingPayment, moneyTaskId, oweRelease } from "../payments/tasks.ts";
import { type MoneyDeps, runMoneyTask } from "../payments/worker.ts";
import type { OrderRecord } from "./load.ts";

/**
 * An order that closes (cancelled, rejected, expired, stopped by staff) owes its customer's money
 * back. `closingMoney` gives what the closing step writes in its own transaction: the payment
 * marked as owed back ("Refund on its way") and the release task (payments/tasks.ts), so the debt
 * exists exactly when the closed status does. After the write, `settleClosedOrder` tries the
 * release at once; if Stripe cannot be reached, the money sweep keeps trying until it can.
 */
export function closingMoney(job: OrderRecord, at: string): { set: Partial<OrderRecord>; also: (tx: TxEntities) => TxItem[] } {
  const payment = closingPayment(job);
  return {
    set: payment ? { payment } : {},
    also: (tx) => oweRelease(tx, job, at),
  };
}

/**
 * Try the closed order's release now (the request that closed it, or a late webhook that found
 * money still held), and answer the payment as it stands afterwards: released or refunded when
 * Stripe confirmed, still owed when it could not be reached.
 */
export async function settleClosedOrder(deps: MoneyDeps, job: OrderRecord): Promise<OrderRecord["payment"] | null> {
  if (!job.payment) return null;
  try {
    await runMoneyTask(deps, moneyTaskId.release(job.jobId));
  } catch (e) {
    // The debt is recorded; the sweep carries it out. The person's step itself has succeeded.
    console.error(JSON.stringify({ level: "error", message: "release not tried now", jobId: job.jobId, error: (e as Error).message }));
  }
  const { data } = await deps.store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true });
  return data?.payment ?? null;
}
