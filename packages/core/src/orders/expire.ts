import { isOwnerPending } from "../shared/job-groups.ts";
import type { OrderDeps } from "./deps.ts";
import { publishStatusChanged, statusChanged } from "./events.ts";
import { orderPrinterOf } from "./load.ts";
import { moveOrder } from "./move.ts";
import { closingMoney, settleClosedOrder } from "./settle.ts";

/**
 * The expiry sweep (DECISIONS.md "Expiry"): orders nobody paid within `unpaidHours` of submission,
 * or nobody accepted within `unacceptedHours` of payment, are cancelled by the system, their hold
 * released, and both sides told (`job.status_changed` with reason "expired"). Due orders come from
 * the deadline items by key (never a scan); each expiry is the lifecycle's conditional `expire`
 * step, so an order paid or accepted at the same instant is never expired. The money owed back is
 * recorded with the expiry and tried at once (orders/settle.ts). Run by a schedule in
 * AWS and a timer in local mode; tests call it with a fake clock.
 */
export async function expireDueOrders(deps: OrderDeps, options: { limit?: number } = {}) {
  const now = deps.clock().toISOString();
  const { data: due } = await deps.store.entities.deadlines.query
    .primary({ kind: "expiry" })
    .lte({ dueAt: now })
    .go({ limit: options.limit ?? 200 });
  let expired = 0;
  for (const deadline of due) {
    if (deadline.dueAt > now) continue;
    const { data: job } = await deps.store.entities.jobs.get({ jobId: deadline.jobId }).go({ consistent: true });
    if (!job || job.dueAt !== deadline.dueAt || !isOwnerPending(job)) {
      // The order moved on in a write that missed this item (it should not happen): drop it.
      await deps.store.entities.deadlines.delete({ kind: "expiry", dueAt: deadline.dueAt, jobId: deadline.jobId }).go();
      continue;
    }
    const printer = await orderPrinterOf(deps.store, job);
    const ownerId = printer?.ownerId ?? "";
    const reason = job.status === "submitted" ? "expired_unpaid" : "expired_unaccepted";
    const money = closingMoney(job, now);
    const result = await moveOrder(deps.store, {
      job,
      action: "expire",
      actor: "system",
      actorId: null,
      at: now,
      set: { cancelReason: reason, ...money.set },
      also: money.also,
    });
    if (!result.ok) continue; // paid, accepted or cancelled at this instant: nothing to expire
    expired++;
    await publishStatusChanged(
      deps.events,
      statusChanged(result.job, { from: job.status, to: "cancelled", action: "expire", actor: "system", actorId: null, at: now }, ownerId, {
        reason: "expired",
        expired: job.status === "submitted" ? "unpaid" : "unaccepted",
      }),
    );
    await settleClosedOrder(deps, result.job);
  }
  return { checked: due.length, expired };
}
