import { isConditionFailure } from "../db/conditional.ts";
import { writeTransaction } from "../db/transact.ts";
import type { OrderDeps } from "../orders/deps.ts";
import { publishOrderFeedback } from "../orders/feedback.ts";
import { loadOrderFor, type OrderRecord } from "../orders/load.ts";
import { fail } from "../shared/errors.ts";
import { isHandedOver } from "../shared/job-groups.ts";
import { ledgerOnRelease, readLedgerEntry } from "./ledger.ts";

/*
 * Money held until the customer has the part (issue 21 §3, Treatstock's rule): an owner's
 * earning for an order becomes available when the customer confirms receipt or when the claim
 * window closes without a claim, never on the owner's own "picked up" or "shipped".
 */

/**
 * POST /api/print-jobs/{id}/received: "Received, looks good". The order records the receipt and
 * the owner's held earning is freed, in one transaction conditional on both (a claim opened at the
 * same moment freezes the earning instead, and the receipt then only records itself). Asked again,
 * it answers the order as it is.
 */
export async function confirmReceived(
  deps: Pick<OrderDeps, "store" | "clock" | "events">,
  userId: string,
  ref: string,
): Promise<OrderRecord> {
  const loaded = await loadOrderFor(deps.store, userId, ref);
  if (!loaded.isCustomer) throw fail("customer_only");
  let job = loaded.job;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (job.receivedAt) return job;
    if (!isHandedOver(job)) throw fail("not_received_yet");
    const at = deps.clock().toISOString();
    const ownerId = job.orderOwnerId ?? loaded.ownerId;
    const entry = ownerId ? await readLedgerEntry(deps.store, ownerId, job.jobId) : null;
    const current = job;
    const outcome = await writeTransaction(deps.store, (tx) => [
      tx.jobs
        .patch({ jobId: current.jobId })
        .set({ receivedAt: at, updatedAt: at })
        .where((a, o) => `${o.eq(a.status, current.status)} AND ${o.notExists(a.receivedAt)}`)
        .commit(),
      ...(entry?.status === "held" ? ledgerOnRelease(tx, entry, at) : []),
    ]);
    if (outcome.ok) {
      // The owner hears of it (the bell and an e-mail), with what the receipt freed for them.
      const freedCents = entry?.status === "held" ? Math.max(0, entry.ownerEarningsCents - (entry.reversedCents ?? 0)) : 0;
      if (ownerId) await publishOrderFeedback(deps.events, current, { ownerId, step: "received", freedCents, at });
      return { ...current, receivedAt: at, updatedAt: at };
    }
    const { data } = await deps.store.entities.jobs.get({ jobId: current.jobId }).go({ consistent: true });
    if (!data) throw fail("order_not_found");
    job = data;
  }
  throw fail("order_changed");
}

/**
 * The sweep that frees held earnings whose claim window has closed (a schedule in AWS, a timer
 * locally; tests call it with a fake clock). Due windows come from their deadline items by key;
 * each release is conditional on the earning still being held, so a receipt, a claim or a second
 * sweep at the same moment never moves the money twice.
 */
export async function releaseHeldEarnings(deps: Pick<OrderDeps, "store" | "clock">, options: { limit?: number } = {}) {
  const now = deps.clock().toISOString();
  const { data: due } = await deps.store.entities.deadlines.query
    .primary({ kind: "claimWindow" })
    .lte({ dueAt: now })
    .go({ limit: options.limit ?? 200 });
  let released = 0;
  for (const deadline of due) {
    if (deadline.dueAt > now) continue;
    const { data: job } = await deps.store.entities.jobs.get({ jobId: deadline.jobId }).go({ consistent: true });
    const entry = job?.orderOwnerId ? await readLedgerEntry(deps.store, job.orderOwnerId, job.jobId) : null;
    if (entry?.status !== "held" || entry.heldUntil !== deadline.dueAt) {
      // Freed, frozen or voided in a step that did not drop this item: nothing left to do for it.
      await deps.store.entities.deadlines.delete({ kind: "claimWindow", dueAt: deadline.dueAt, jobId: deadline.jobId }).go();
      continue;
    }
    try {
      const outcome = await writeTransaction(deps.store, (tx) => ledgerOnRelease(tx, entry, now));
      if (outcome.ok) released++;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  return { checked: due.length, released };
}
