import { z } from "zod";
import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import type { EventPublisher } from "../events/publisher.ts";
import { finishedFields } from "../payments/tasks.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import { cleanLines } from "../shared/text.ts";
import { recordStaffAction, type StaffActor } from "./audit.ts";
import { publishRefundClosed } from "./refund-closed.ts";

export const closeMoneyInput = z
  .strictObject({
    reason: z
      .string()
      .transform((s) => cleanLines(s))
      .pipe(z.string().min(1, "Please write the reason the customer will read.").max(2000)),
  })
  .meta({ id: "CloseMoneyInput" });

/** What closing does to the money an order says is on its way back (pure; see closeOwedMoney). */
export function closedPaymentStatus(kind: "release" | "refund" | "transfer", status: string | undefined) {
  // A full refund (or a release) made the order say "Refund on its way": it no longer is.
  if (kind === "refund" && status === "refund_pending") return "captured" as const;
  // An uncaptured hold Stripe would not release lapses on its own within 7 days.
  if (kind === "release" && status === "release_pending") return "released" as const;
  return null;
}

/**
 * POST /api/staff/money/{id}/close: end money Stripe refused for good without moving it, because it
 * never can (the charge was lost to a dispute, so the customer already has it back; the card's
 * account is closed and staff paid another way), with a reason the customer reads. Only a refused
 * task closes: one still owed is being tried (closing it would race the sweep). A refund stops
 * counting as owed on its order (what is left to refund counts it again) and its claim says so; the
 * owner's earning it took back stays taken back (the money went back to the customer another way). A
 * refused payout already went back to the owner's balance, so closing only clears it from the list.
 * A refused capture is not closed: the order would stay unpaid; staff cancel the order instead.
 */
export async function closeOwedMoney(
  deps: { store: Store; events: EventPublisher; clock: () => Date },
  staff: StaffActor,
  taskId: string,
  reason: string,
) {
  const { data: task } = await deps.store.entities.moneyTasks.get({ taskId }).go({ consistent: true });
  if (!task || task.state === "done") throw fail("money_task_not_found");
  if (task.state !== "failed") throw fail("money_task_not_refused");
  if (task.kind === "capture") throw fail("capture_cannot_close");
  const kind = task.kind;
  const { data: job } = task.jobId ? await deps.store.entities.jobs.get({ jobId: task.jobId }).go({ consistent: true }) : { data: null };
  const status = closedPaymentStatus(kind, job?.payment?.status);
  const owed = kind === "refund" && task.owedOnOrder ? (task.amountCents ?? 0) : 0;
  const at = deps.clock().toISOString();
  const outcome = await writeTransaction(deps.store, (tx) => [
    tx.moneyTasks
      .patch({ taskId })
      .set(finishedFields("done", at, "closed by staff"))
      .where((a, o) => `${o.eq(a.state, "failed")} AND ${o.eq(a.attempts, task.attempts)}`)
      .commit(),
    ...(job && (owed > 0 || status)
      ? [
          tx.jobs
            .patch({ jobId: job.jobId })
            .set({ updatedAt: at, ...(status && job.payment ? { payment: { ...job.payment, status } } : {}) })
            .add({ refundsOwedCents: -owed })
            // On the payment as read: a refund that landed meanwhile changed it.
            .where((a, o) => o.eq(a.payment.status, job.payment?.status ?? ""))
            .commit(),
        ]
      : []),
    ...(task.claimId ? [tx.claims.patch({ claimId: task.claimId }).set({ refundStatus: "closed", updatedAt: at }).commit()] : []),
    recordStaffAction(tx, {
      staff,
      action: "money.close",
      target: job
        ? { kind: "order", id: job.jobId, label: formatOrderNumber(job.orderNumber) ?? job.fileName }
        : { kind: "order", id: task.payoutId ?? taskId },
      reason,
      details: { kind, amountCents: task.amountCents ?? 0 },
      at,
    }),
  ]);
  if (!outcome.ok) throw fail("order_changed");
  // The customer was told the refund was on its way: they are told it will not come, and why. (A
  // hold they were told goes back does go back: it lapses.)
  if (job && kind === "refund") await publishRefundClosed(deps.events, job, { amountCents: task.amountCents ?? 0, reason, at });
  return { closed: true as const };
}
