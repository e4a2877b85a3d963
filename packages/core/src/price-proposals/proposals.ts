import { isConditionFailure } from "../db/conditional.ts";
import type { OrderDeps } from "../orders/deps.ts";
import { loadOrderFor, loadOrderForOwner, type OrderRecord } from "../orders/load.ts";
import { fail } from "../shared/errors.ts";
import type { PriceProposalStatus } from "../shared/payment-status.ts";
import { publishPriceProposal } from "./events.ts";
import { createNewHold, dropNewHold } from "./new-hold.ts";
import { adjustedPricing, checkAnswer, checkProposal, needsNewHold } from "./rules.ts";
import type { PriceProposalInput } from "./schemas.ts";

type Deps = Pick<OrderDeps, "store" | "events" | "clock" | "payments">;

/**
 * Write the order's proposal (or its answer), conditional on the order still being paid, waiting
 * for its owner and at the price the rules judged (architecture rule 5): an owner's accept, a
 * cancel or an expiry racing it wins or loses as a whole. A lost write is judged again on what the
 * order is now, so the person reads why.
 */
async function writeProposal(
  deps: Deps,
  job: OrderRecord,
  set: Partial<OrderRecord>,
  proposalWas: "proposed" | "awaiting_payment" | "none or answered",
  recheck: (now: OrderRecord) => void,
): Promise<OrderRecord> {
  try {
    await deps.store.entities.jobs
      .patch({ jobId: job.jobId })
      .set(set as never)
      .where((a, o) =>
        [
          o.eq(a.status, "confirmed"),
          o.eq(a.payment.status, "authorized"),
          o.eq(a.pricing.totalCents, job.pricing.totalCents),
          proposalWas !== "none or answered"
            ? `${o.eq(a.priceProposal.status, proposalWas as PriceProposalStatus)} AND ${o.eq(a.priceProposal.proposedAt, job.priceProposal?.proposedAt ?? "")}`
            : job.priceProposal
              ? o.eq(a.priceProposal.proposedAt, job.priceProposal.proposedAt)
              : o.notExists(a.priceProposal),
        ].join(" AND "),
      )
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const { data: now } = await deps.store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true });
    if (now) recheck(now);
    throw fail("order_changed");
  }
  return { ...job, ...set } as OrderRecord;
}

/**
 * POST /api/print-jobs/{id}/price-proposal: the printer's owner proposes a new total within the
 * order's range, with a reason the customer reads. The order itself does not change until the
 * customer agrees (price-proposals/rules.ts says what may be proposed when).
 */
export async function proposePrice(deps: Deps, userId: string, ref: string, input: PriceProposalInput): Promise<OrderRecord> {
  const { job, ownerId } = await loadOrderForOwner(deps.store, userId, ref);
  checkProposal(job, input.totalCents);
  const at = deps.clock().toISOString();
  const priceProposal = {
    totalCents: input.totalCents,
    previousTotalCents: job.pricing.totalCents,
    reason: input.reason,
    status: "proposed" as const,
    proposedAt: at,
    count: (job.priceProposal?.count ?? 0) + 1,
  };
  const moved = await writeProposal(deps, job, { priceProposal, updatedAt: at }, "none or answered", (now) =>
    checkProposal(now, input.totalCents),
  );
  await publishPriceProposal(deps.events, moved, ownerId, "proposed", at);
  return moved;
}

async function answer(deps: Deps, userId: string, ref: string, accepted: boolean): Promise<OrderRecord> {
  const { job, isCustomer, ownerId } = await loadOrderFor(deps.store, userId, ref);
  if (!isCustomer) throw fail("customer_only");
  checkAnswer(job);
  const proposal = job.priceProposal;
  if (!proposal) throw fail("no_price_proposal");
  // Accepted already, its new hold being paid: asking again changes nothing (the page asks for the hold's form).
  if (accepted && proposal.status === "awaiting_payment") return job;
  const at = deps.clock().toISOString();
  if (accepted && needsNewHold(job, proposal.totalCents)) {
    // Above what the card holds: a new hold for the new total, which the customer confirms on the order's page.
    const intent = await createNewHold(deps, job, proposal.totalCents, proposal.count);
    const set = { priceProposal: { ...proposal, status: "awaiting_payment" as const, intentId: intent.id }, updatedAt: at };
    try {
      return await writeProposal(deps, job, set, "proposed", checkAnswer);
    } catch (e) {
      // Accepts sent together share one intent (createNewHold's idempotency key): the one whose
      // write lost must not give back the hold the winner recorded; it answers as the winner did.
      const { data: now } = await deps.store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true });
      if (now?.priceProposal?.status === "awaiting_payment" && now.priceProposal.intentId === intent.id) return now as OrderRecord;
      await dropNewHold(deps, intent.id);
      throw e;
    }
  }
  const answered = { ...proposal, status: accepted ? ("accepted" as const) : ("declined" as const), answeredAt: at };
  // Accepted: the order is at the new price from now on (what the owner's accept captures and the ledger records).
  const set: Partial<OrderRecord> = accepted
    ? { priceProposal: answered, pricing: adjustedPricing(job.pricing, proposal.totalCents), updatedAt: at }
    : { priceProposal: answered, updatedAt: at };
  const moved = await writeProposal(deps, job, set, proposal.status === "awaiting_payment" ? "awaiting_payment" : "proposed", checkAnswer);
  if (!accepted) await dropNewHold(deps, proposal.intentId);
  if (ownerId) await publishPriceProposal(deps.events, moved, ownerId, accepted ? "accepted" : "declined", at);
  return moved;
}

/**
 * POST /api/print-jobs/{id}/price-proposal/accept: the customer agrees. At or below what the card
 * holds, the order is at the new price at once; above it, the order waits for the new hold
 * (`awaiting_payment`, new-hold.ts) and keeps its price until the card confirms it.
 */
export const acceptPriceProposal = (deps: Deps, userId: string, ref: string) => answer(deps, userId, ref, true);

/** POST /api/print-jobs/{id}/price-proposal/decline: the customer declines; the order stays as it was (a new hold begun is given back). */
export const declinePriceProposal = (deps: Deps, userId: string, ref: string) => answer(deps, userId, ref, false);
