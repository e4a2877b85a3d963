import { ledgerOnRefund } from "../ledger/ledger.ts";
import type { OrderDeps } from "../orders/deps.ts";
import { publishStatusChanged, statusChanged } from "../orders/events.ts";
import type { OrderRecord } from "../orders/load.ts";
import { moveOrder } from "../orders/move.ts";
import { settleClosedOrder } from "../orders/settle.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { findTransition, type JobStatus, type StaffCancelReason } from "../shared/lifecycle.ts";
import { recordStaffAction, type StaffActor } from "./audit.ts";

/** What happened to one order of a suspended account or printer. */
export interface StaffCancelOutcome {
  jobId: string;
  orderNumber: string | null;
  /** `cancelled` (and the money given back), or `kept`: its part already exists, or it had finished meanwhile. */
  outcome: "cancelled" | "kept";
  status: JobStatus;
}

/**
 * Staff cancel one order because someone on it was suspended (issue 21 point 5; DECISIONS.md
 * "Suspension"): the lifecycle's `staffCancel` step (anything before the part exists), written by
 * `moveOrder` in one transaction with the owner's ledger (a captured payment's earnings are voided)
 * and the order's audit line; then both sides are told (`job.status_changed`, actor staff) and the
 * money is given back as cancel and expire do (`settleClosedOrder`: the hold released, or the
 * payment refunded in full). An order that moved meanwhile is planned again from its new status.
 */
export async function staffCancelOrder(
  deps: OrderDeps,
  staff: StaffActor,
  order: OrderRecord,
  ownerId: string | null,
  why: StaffCancelReason,
  reason: string,
  /** The statuses this suspension cancels (a suspended customer's order already printing goes on). */
  cancels: readonly JobStatus[],
): Promise<StaffCancelOutcome> {
  let job = order;
  const orderNumber = formatOrderNumber(job.orderNumber);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!cancels.includes(job.status) || !findTransition(job.status, "staffCancel"))
      return { jobId: job.jobId, orderNumber, outcome: "kept", status: job.status };
    const from = job.status;
    const at = deps.clock().toISOString();
    // Accepting captured the payment and booked the owner's earnings: they are voided with the refund.
    const captured = (from === "accepted" || from === "printing") && !!ownerId;
    const current = job;
    const result = await moveOrder(deps.store, {
      job: current,
      action: "staffCancel",
      actor: "staff",
      actorId: staff.id,
      at,
      set: { cancelReason: why },
      also: (tx) => [
        ...(captured && ownerId ? ledgerOnRefund(tx, current, ownerId, at) : []),
        recordStaffAction(tx, {
          staff,
          action: "order.cancel",
          target: { kind: "order", id: current.jobId, label: orderNumber ?? current.jobId },
          reason,
          details: { why, from },
          at,
        }),
      ],
    });
    if (result.ok) {
      await publishStatusChanged(
        deps.events,
        statusChanged(result.job, { from, to: "cancelled", action: "staffCancel", actor: "staff", actorId: staff.id, at }, ownerId ?? "", {
          reason: why,
        }),
      );
      await settleClosedOrder(deps, result.job, ownerId);
      return { jobId: job.jobId, orderNumber, outcome: "cancelled", status: "cancelled" };
    }
    if (!result.current) return { jobId: job.jobId, orderNumber, outcome: "kept", status: job.status };
    job = result.current;
  }
  return { jobId: job.jobId, orderNumber, outcome: "kept", status: job.status };
}
