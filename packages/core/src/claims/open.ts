import { randomUUID } from "node:crypto";
import { writeTransaction } from "../db/transact.ts";
import { ledgerOnFreeze, readLedgerEntry } from "../ledger/ledger.ts";
import { claimWindowDaysOf, type OrderDeps } from "../orders/deps.ts";
import { loadOrderFor } from "../orders/load.ts";
import { claimPhotos } from "../photos/claim.ts";
import { claimPhotosNeeded, claimReasonsFor } from "../shared/claims.ts";
import { claimWindowOpen } from "../shared/earnings.ts";
import { fail } from "../shared/errors.ts";
import { isHandedOver } from "../shared/job-groups.ts";
import { type ClaimRecord, publishClaimChanged } from "./events.ts";
import type { OpenClaimInput } from "./schemas.ts";

/**
 * POST /api/print-jobs/{id}/claims: the customer opens the order's one claim, within the claim
 * window after pickup or shipping. The claim, the order's pointer to it (conditional on none, so a
 * second claim, even a concurrent one, is refused), the photos and the owner's frozen earning are
 * one transaction: a payout requested at the same moment either took the money first (the freeze
 * then leaves the available balance below zero, settled by the claim's outcome) or finds it frozen.
 */
export async function openClaim(
  deps: Pick<OrderDeps, "store" | "events" | "clock" | "expiry">,
  userId: string,
  ref: string,
  input: OpenClaimInput,
  attempt = 0,
): Promise<ClaimRecord> {
  const { job, isCustomer, ownerId } = await loadOrderFor(deps.store, userId, ref);
  if (!isCustomer) throw fail("customer_only");
  if (job.claimId) throw fail("claim_exists");
  if (!isHandedOver(job)) throw fail("claim_too_early");
  if (!claimReasonsFor(job.deliveryMethod).includes(input.reason)) throw fail("claim_reason_collected");
  const now = deps.clock();
  const handedOverAt = job.pickedUpAt ?? job.shippedAt;
  const windowEnd = job.claimWindowEndsAt ? new Date(job.claimWindowEndsAt) : null;
  const days = claimWindowDaysOf(deps.expiry);
  if (windowEnd ? now >= windowEnd : !claimWindowOpen(handedOverAt, days, now)) throw fail("claim_window_closed", { days });
  const owner = job.orderOwnerId ?? ownerId;
  if (!owner) throw fail("order_not_found");

  const claimId = randomUUID();
  const photos = await claimPhotos(deps.store, {
    photoIds: input.photoIds,
    ownerUserId: userId,
    purpose: "claim",
    link: { kind: "order", id: job.jobId, subject: claimId },
    min: claimPhotosNeeded(input.reason),
  });
  const entry = await readLedgerEntry(deps.store, owner, job.jobId);
  const at = now.toISOString();
  const claim: ClaimRecord = {
    claimId,
    jobId: job.jobId,
    ...(job.orderNumber ? { orderNumber: job.orderNumber } : {}),
    customerId: job.customerId,
    ownerId: owner,
    printerId: job.orderPrinterId ?? job.printerId ?? "",
    fileName: job.fileName,
    reason: input.reason,
    description: input.description,
    photoIds: photos.photoIds,
    remedy: input.remedy,
    status: "awaiting_owner",
    queue: "open",
    openedAt: at,
    updatedAt: at,
  };
  const outcome = await writeTransaction(deps.store, (tx) => [
    tx.jobs
      .patch({ jobId: job.jobId })
      .set({ claimId, updatedAt: at })
      .where((a, o) => `${o.notExists(a.claimId)} AND ${o.eq(a.status, job.status)}`)
      .commit(),
    tx.claims.create(claim).commit(),
    ...photos.items(tx),
    ...(entry && entry.status !== "void" && entry.status !== "frozen" ? ledgerOnFreeze(tx, entry, at) : []),
  ]);
  if (!outcome.ok) {
    photos.check(outcome.failedItems, 2);
    if (outcome.failedItems.includes(0)) throw fail("claim_exists");
    // The earning moved at that instant (a receipt, the window's sweep): try again from what it is now.
    if (attempt < 2) return openClaim(deps, userId, ref, input, attempt + 1);
    throw fail("order_changed");
  }
  await publishClaimChanged(deps.events, claim, "opened", at);
  return claim;
}
