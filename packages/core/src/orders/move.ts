import type { Store } from "../db/store.ts";
import { type TxEntities, type TxItem, writeTransaction } from "../db/transact.ts";
import { giveBackHolding } from "../limits/holdings.ts";
import { UNPAID_ORDERS } from "../limits/rules.ts";
import { fail } from "../shared/errors.ts";
import { HANDED_OVER_STATUSES, inGroup } from "../shared/job-groups.ts";
import { isFinal, type JobAction, type JobActor, planTransition, type Transition } from "../shared/lifecycle.ts";
import { leavesActiveList } from "./active-index.ts";
import type { OrderRecord } from "./load.ts";
import { tallyItems } from "./tallies.ts";

/**
 * The one way an order changes status (architecture rule 5): the lifecycle table plans the step
 * (who may, from which status, which timestamp), and one DynamoDB transaction writes it,
 * conditional on the status it was planned from, together with everything that must change with
 * it: the expiry deadline, the printer's count of open orders, and the money's ledger. Two racing
 * requests can never both win; the loser learns what happened instead.
 */

export interface MoveRequest {
  job: OrderRecord;
  action: JobAction;
  actor: JobActor;
  actorId: string | null;
  at: string;
  /** Further attributes the step records (payment state, carrier, the owner's message…). */
  set?: Partial<OrderRecord>;
  /** A new expiry deadline that starts with the new status (payment confirmed → waiting for the owner). */
  deadline?: { dueAt: string; reason: "unpaid" | "unaccepted" };
  /** Other items written in the same transaction (the ledger and the owner's balance). */
  also?: (entities: TxEntities) => TxItem[];
  /** A further condition on the order, beside its status (the owner's accept: the price it captured is still the order's). */
  where?: Parameters<ReturnType<ReturnType<TxEntities["jobs"]["patch"]>["set"]>["where"]>[0];
}

export type MoveResult = { ok: true; job: OrderRecord; transition: Transition } | { ok: false; current: OrderRecord | null };

export async function moveOrder(store: Store, req: MoveRequest): Promise<MoveResult> {
  const { job, at } = req;
  const tr = planTransition(job.status, req.action, req.actor, job.deliveryMethod);
  const set: Record<string, unknown> = {
    ...req.set,
    status: tr.to,
    [tr.stamp]: at,
    updatedAt: at,
    ...(req.deadline ? { dueAt: req.deadline.dueAt } : {}),
  };
  const dropDueAt = !!job.dueAt && !req.deadline;
  // A finished order leaves its printer's list of unfinished ones (orders/active-index.ts).
  const leaves = leavesActiveList(tr.to) && !!job.activeKey;
  const printerId = job.orderPrinterId ?? job.printerId;

  const outcome = await writeTransaction(store, (entities) => {
    const { jobs, deadlines, printers } = entities;
    let patch = jobs.patch({ jobId: job.jobId }).set(set as never);
    const drop = [...(dropDueAt ? (["dueAt"] as const) : []), ...(leaves ? (["activeKey", "activeAt"] as const) : [])];
    if (drop.length) patch = patch.remove(drop);
    const extra = req.where;
    const items: TxItem[] = [
      patch.where((a, o) => (extra ? `${o.eq(a.status, tr.from)} AND (${extra(a, o)})` : o.eq(a.status, tr.from))).commit(),
    ];
    if (job.dueAt) items.push(deadlines.delete({ kind: "expiry", dueAt: job.dueAt, jobId: job.jobId }).commit());
    if (req.deadline) {
      items.push(deadlines.create({ kind: "expiry", dueAt: req.deadline.dueAt, jobId: job.jobId, reason: req.deadline.reason }).commit());
    }
    // Only orders counted on submission are counted down (orders older than the count are not):
    // such an order's printer cannot have been deleted meanwhile. A finished order (handed over)
    // counts towards the printer's jobs in the same write (its `totalJobs`, "N jobs" on its card).
    if (isFinal(tr.to) && job.countedOpen && printerId) {
      const finished = inGroup(HANDED_OVER_STATUSES, tr.to);
      items.push(
        printers
          .update({ printerId })
          .add({ openOrders: -1, ...(finished ? { totalJobs: 1 } : {}) } as never)
          .commit(),
      );
    }
    // Leaving "submitted" (paid, cancelled, rejected, expired) gives the customer's unpaid-order slot back.
    if (tr.from === "submitted" && tr.to !== "submitted" && job.countedUnpaid) {
      items.push(giveBackHolding(entities, UNPAID_ORDERS, job.customerId));
    }
    items.push(...(req.also?.(entities) ?? []));
    // The customer's and the printer's tallies follow the status (orders/tallies.ts).
    items.push(...tallyItems(entities, job, { ...job, ...set } as OrderRecord));
    return items;
  });

  if (outcome.ok) {
    const moved = { ...job, ...set } as OrderRecord;
    if (dropDueAt) delete (moved as { dueAt?: string }).dueAt;
    if (leaves) {
      delete (moved as { activeKey?: string }).activeKey;
      delete (moved as { activeAt?: string }).activeAt;
    }
    return { ok: true, job: moved, transition: tr };
  }
  const { data } = await store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true });
  return { ok: false, current: data };
}

/**
 * The same, answering a person when someone else moved first: the lifecycle's own sentence for
 * the status the order is in now ("This order is cancelled, so it cannot be accepted now."),
 * or "changed while you were working on it" when the status is the same but something else was not.
 */
export async function moveOrderOrExplain(store: Store, req: MoveRequest): Promise<{ job: OrderRecord; transition: Transition }> {
  const result = await moveOrder(store, req);
  if (result.ok) return result;
  if (result.current && result.current.status !== req.job.status) {
    planTransition(result.current.status, req.action, req.actor, result.current.deliveryMethod);
  }
  throw fail("order_changed");
}
