import { isConditionFailure } from "../db/conditional.ts";
import { writeTransaction } from "../db/transact.ts";
import type { MoneyDeps } from "../payments/worker.ts";
import { claimPhotos } from "../photos/claim.ts";
import { fail } from "../shared/errors.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import { type ClaimRecord, publishClaimChanged } from "./events.ts";
import { loadClaimFor } from "./read.ts";
import type { ClaimResponseInput } from "./schemas.ts";
import { settleClaim } from "./settle.ts";

/**
 * POST /api/claims/{id}/response: the printer's owner answers a claim once. A full refund settles
 * it at once (claims/settle.ts); an offer (a partial refund, a reprint) waits for the customer; a
 * dispute goes to staff. The owner's words and photos are kept with the claim for both sides and
 * staff to read.
 */
export async function respondToClaim(deps: MoneyDeps, userId: string, claimId: string, input: ClaimResponseInput): Promise<ClaimRecord> {
  const { claim, viewer } = await loadClaimFor(deps.store, { id: userId }, claimId);
  if (viewer !== "owner") throw fail("owner_only");
  if (claim.status !== "awaiting_owner") throw fail(claim.queue === "closed" ? "claim_settled" : "claim_answered");
  const photos = await claimPhotos(deps.store, {
    photoIds: input.photoIds,
    ownerUserId: userId,
    purpose: "claim",
    link: { kind: "order", id: claim.jobId, subject: claim.claimId },
    min: 0,
  });
  const at = deps.clock().toISOString();
  const response = {
    action: input.action,
    ...(input.amount !== undefined && input.action === "offer_partial" ? { amountCents: input.amount } : {}),
    message: input.message,
    photoIds: photos.photoIds,
    at,
  };

  if (input.action === "refund_full") {
    return settleClaim(
      deps,
      claim,
      ["awaiting_owner"],
      { outcome: "refund_full", by: "owner", reason: input.message },
      { step: "decided", set: { response }, also: photos.items },
    );
  }
  if (input.action === "offer_partial") await checkOfferable(deps, claim, input.amount ?? 0);
  const status = input.action === "dispute" ? ("under_review" as const) : ("offered" as const);
  const outcome = await writeTransaction(deps.store, (tx) => [
    tx.claims
      .patch({ claimId })
      .set({ status, response, updatedAt: at })
      .where((a, o) => o.eq(a.status, "awaiting_owner"))
      .commit(),
    ...photos.items(tx),
  ]);
  if (!outcome.ok) {
    photos.check(outcome.failedItems, 1);
    throw fail("claim_answered");
  }
  const answered = { ...claim, status, response, updatedAt: at };
  await publishClaimChanged(deps.events, answered, "responded", at);
  return answered;
}

/** An offered partial refund must be part of what is left of the customer's payment (all of it is "Refund in full"). */
async function checkOfferable(deps: MoneyDeps, claim: ClaimRecord, amountCents: number) {
  const { data: job } = await deps.store.entities.jobs.get({ jobId: claim.jobId }).go({ consistent: true });
  const p = job?.payment;
  const left = p ? p.amountCents - (p.refundedCents ?? 0) : 0;
  if (amountCents > left) throw fail("refund_too_large", { most: centsToDecimal(Math.max(0, left)) });
  if (amountCents === left) throw fail("partial_is_whole", { most: centsToDecimal(left) });
}

/** POST /api/claims/{id}/accept: the customer takes the owner's offer (a partial refund or a reprint). */
export async function acceptClaimOffer(deps: MoneyDeps, userId: string, claimId: string): Promise<ClaimRecord> {
  const { claim, viewer } = await loadClaimFor(deps.store, { id: userId }, claimId);
  if (viewer !== "customer") throw fail("customer_only");
  const offer = claim.response;
  if (claim.status !== "offered" || !offer) throw fail(claim.queue === "closed" ? "claim_settled" : "claim_no_offer");
  const partial = offer.action === "offer_partial";
  return settleClaim(
    deps,
    claim,
    ["offered"],
    {
      outcome: partial ? "refund_partial" : "reprint",
      amountCents: partial ? offer.amountCents : undefined,
      by: "customer",
      reason: `The customer accepted the printer owner's offer: ${offer.message}`,
    },
    { step: "offer_accepted" },
  );
}

/** POST /api/claims/{id}/decline: the customer turns the offer down and asks Printhood to decide. */
export async function declineClaimOffer(deps: MoneyDeps, userId: string, claimId: string, message?: string): Promise<ClaimRecord> {
  const { claim, viewer } = await loadClaimFor(deps.store, { id: userId }, claimId);
  if (viewer !== "customer") throw fail("customer_only");
  if (claim.status !== "offered") throw fail(claim.queue === "closed" ? "claim_settled" : "claim_no_offer");
  const at = deps.clock().toISOString();
  const declined = { message: message ?? "The customer asked Printhood to decide.", at };
  try {
    await deps.store.entities.claims
      .patch({ claimId })
      .set({ status: "under_review", declined, updatedAt: at })
      .where((a, o) => o.eq(a.status, "offered"))
      .go();
  } catch (e) {
    if (isConditionFailure(e)) throw fail("claim_no_offer");
    throw e;
  }
  const now = { ...claim, status: "under_review" as const, declined, updatedAt: at };
  await publishClaimChanged(deps.events, now, "offer_declined", at);
  return now;
}
