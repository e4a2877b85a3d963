import { type TxEntities, type TxItem, writeTransaction } from "../db/transact.ts";
import { ledgerOnSettleClaim, readLedgerEntry } from "../ledger/ledger.ts";
import { tallyItems } from "../orders/tallies.ts";
import { moneyTaskId, oweRefund } from "../payments/tasks.ts";
import { type MoneyDeps, runMoneyTask } from "../payments/worker.ts";
import { type ClaimOutcome, type ClaimStatus, refundSplit } from "../shared/claims.ts";
import { fail } from "../shared/errors.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import { type ClaimRecord, type ClaimStep, publishClaimChanged } from "./events.ts";

export interface ClaimDecision {
  outcome: ClaimOutcome;
  /** For refund_partial: what the customer gets back, in cents. */
  amountCents?: number | undefined;
  by: "owner" | "customer" | "staff";
  staffId?: string | undefined;
  /** Why, in words both sides read. */
  reason: string;
}

/**
 * Ends a claim with an outcome (the owner's full refund, the customer accepting an offer, or staff
 * deciding), in one transaction conditional on the claim's status as read: the decision on the
 * claim; the owner's frozen earning settled (less what the refund takes back: shared/claims.ts
 * `refundSplit`); the refund owed to the customer as a money task, carried out through Stripe
 * Refunds with the claim's idempotency key (payments/tasks.ts); and `also`'s items (staff's audit
 * line). A reprint keeps the earning frozen until the reprint is handed over (claims/reprint.ts).
 * Both sides are told after the write, and the refund is tried at once.
 */
export async function settleClaim(
  deps: MoneyDeps,
  claim: ClaimRecord,
  from: readonly ClaimStatus[],
  decision: ClaimDecision,
  options: { step: ClaimStep; set?: Partial<ClaimRecord>; also?: (tx: TxEntities) => TxItem[] },
): Promise<ClaimRecord> {
  if (!from.includes(claim.status)) throw fail("claim_settled");
  const [{ data: job }, entry] = await Promise.all([
    deps.store.entities.jobs.get({ jobId: claim.jobId }).go({ consistent: true }),
    readLedgerEntry(deps.store, claim.ownerId, claim.jobId),
  ]);
  const payment = job?.payment;
  if (!job) throw fail("order_not_found");
  const split = refundSplit({
    outcome: decision.outcome,
    amountCents: decision.amountCents,
    paidCents: payment?.status === "captured" || payment?.status === "capture_pending" ? payment.amountCents : 0,
    // Refunds still owed (staff's by hand, Stripe not yet confirmed) are given back already.
    alreadyRefundedCents: (payment?.refundedCents ?? 0) + Math.max(0, job.refundsOwedCents ?? 0),
    earningCents: entry?.ownerEarningsCents ?? 0,
    alreadyReversedCents: entry?.reversedCents ?? 0,
  });
  const refunding = decision.outcome === "refund_full" || decision.outcome === "refund_partial";
  if (refunding && split.refundCents <= 0) throw fail("nothing_paid");
  if (decision.outcome === "refund_partial" && (decision.amountCents ?? 0) > split.refundCents)
    throw fail("refund_too_large", { most: centsToDecimal(split.refundCents) });

  const at = deps.clock().toISOString();
  const reprint = decision.outcome === "reprint";
  const status: ClaimStatus = reprint ? "reprinting" : "resolved";
  const settled: ClaimRecord = {
    ...claim,
    ...options.set,
    status,
    queue: "closed",
    updatedAt: at,
    ...(reprint ? {} : { resolvedAt: at }),
    ...(split.refundCents > 0 ? { refundStatus: "pending" as const } : {}),
    decision: {
      outcome: decision.outcome,
      by: decision.by,
      ...(decision.staffId ? { staffId: decision.staffId } : {}),
      reason: decision.reason,
      refundCents: split.refundCents,
      reverseCents: split.reverseCents,
      at,
    },
  };
  const fullyRefunded =
    payment && (payment.refundedCents ?? 0) + Math.max(0, job.refundsOwedCents ?? 0) + split.refundCents >= payment.amountCents;
  // The earning the refund takes back, recorded where the ledger's entry records it and on the order
  // itself with its tallies: every screen's earnings read earnedFromOrder (shared/earnings.ts).
  const reverses = entry?.status === "frozen" && !reprint ? split.reverseCents : 0;
  const written = await writeTransaction(deps.store, (tx) => [
    tx.claims
      .patch({ claimId: claim.claimId })
      .set({
        ...options.set,
        status,
        queue: "closed",
        updatedAt: at,
        decision: settled.decision,
        ...(reprint ? {} : { resolvedAt: at }),
        ...(split.refundCents > 0 ? { refundStatus: "pending" } : {}),
      })
      .where((a, o) => o.eq(a.status, claim.status))
      .commit(),
    ...(entry?.status === "frozen" && !reprint ? ledgerOnSettleClaim(tx, entry, split.reverseCents, at) : []),
    ...(split.refundCents > 0 && job
      ? oweRefund(tx, { job, refundKey: claim.claimId, amountCents: split.refundCents, claimId: claim.claimId }, at)
      : []),
    // The order, once: its payment refund_pending when all of it goes back, and the earning taken back.
    ...(fullyRefunded || reverses > 0 || split.refundCents > 0
      ? [
          tx.jobs
            .patch({ jobId: job.jobId })
            .set({ updatedAt: at, ...(fullyRefunded && payment ? { payment: { ...payment, status: "refund_pending" as const } } : {}) })
            .add({ earningsReversedCents: reverses, refundsOwedCents: split.refundCents })
            // On the refunds as read (staff may be refunding the same order by hand).
            .where(
              (a, o) =>
                `(${o.notExists(a.refundsOwedCents)} OR ${o.eq(a.refundsOwedCents, job.refundsOwedCents ?? 0)}) AND (${o.notExists(a.payment.refundedCents)} OR ${o.eq(a.payment.refundedCents, payment?.refundedCents ?? 0)})`,
            )
            .commit(),
          ...tallyItems(tx, job, { ...job, earningsReversedCents: (job.earningsReversedCents ?? 0) + reverses }),
        ]
      : []),
    ...(options.also?.(tx) ?? []),
  ]);
  if (!written.ok) {
    if (written.failedItems.includes(0)) throw fail("claim_settled");
    throw fail("order_changed");
  }
  await publishClaimChanged(deps.events, settled, options.step, at);
  if (split.refundCents > 0) {
    try {
      await runMoneyTask(deps, moneyTaskId.refund(claim.claimId));
    } catch (e) {
      console.error(
        JSON.stringify({ level: "error", message: "claim refund not tried now", claimId: claim.claimId, error: (e as Error).message }),
      );
    }
  }
  return settled;
}
