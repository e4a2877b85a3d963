import { writeTransaction } from "../db/transact.ts";
import { ledgerOnRehold, readLedgerEntry } from "../ledger/ledger.ts";
import { claimWindowDaysOf, type OrderDeps } from "../orders/deps.ts";
import { claimWindowEnd } from "../shared/earnings.ts";
import { fail } from "../shared/errors.ts";
import { type ClaimRecord, publishClaimChanged } from "./events.ts";
import { loadClaimFor } from "./read.ts";

/**
 * POST /api/claims/{id}/reprint: the owner has handed over the reprint a claim ended in (picked up,
 * or shipped with its tracking). The claim is resolved; the owner's frozen earning is held again
 * for a new claim window from now, which the customer's "Received, looks good" or the window's
 * close frees, exactly as after the first hand-over (the order's one claim has been used).
 */
export async function reprintHandedOver(
  deps: Pick<OrderDeps, "store" | "events" | "clock" | "expiry">,
  userId: string,
  claimId: string,
  input: { carrier?: string | undefined; trackingNumber?: string | undefined },
): Promise<ClaimRecord> {
  const { claim, viewer } = await loadClaimFor(deps.store, { id: userId }, claimId);
  if (viewer !== "owner") throw fail("owner_only");
  if (claim.status !== "reprinting") throw fail("claim_not_reprinting");
  const entry = await readLedgerEntry(deps.store, claim.ownerId, claim.jobId);
  const at = deps.clock().toISOString();
  const days = claimWindowDaysOf(deps.expiry);
  const reprint = {
    at,
    ...(input.carrier ? { carrier: input.carrier } : {}),
    ...(input.trackingNumber ? { trackingNumber: input.trackingNumber } : {}),
  };
  const outcome = await writeTransaction(deps.store, (tx) => [
    tx.claims
      .patch({ claimId })
      .set({ status: "resolved", reprint, resolvedAt: at, updatedAt: at })
      .where((a, o) => o.eq(a.status, "reprinting"))
      .commit(),
    tx.jobs
      .patch({ jobId: claim.jobId })
      .set({ claimWindowEndsAt: claimWindowEnd(at, days), updatedAt: at })
      .remove(["receivedAt"])
      .commit(),
    ...(entry?.status === "frozen" ? ledgerOnRehold(tx, entry, at, days) : []),
  ]);
  if (!outcome.ok) throw fail("claim_not_reprinting");
  const done = { ...claim, status: "resolved" as const, reprint, resolvedAt: at, updatedAt: at };
  await publishClaimChanged(deps.events, done, "reprint_handed_over", at);
  return done;
}
