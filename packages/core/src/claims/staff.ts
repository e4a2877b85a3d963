import { z } from "zod";
import type { Store } from "../db/store.ts";
import { messageSchema, namesOf, presentMessage } from "../messages/present.ts";
import type { MoneyDeps } from "../payments/worker.ts";
import { OPEN_CLAIM_STATUSES } from "../shared/claims.ts";
import { fail } from "../shared/errors.ts";
import { JOB_STATUSES } from "../shared/lifecycle.ts";
import { refundableCents } from "../shared/payment-status.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import { recordStaffAction, type StaffActor } from "../staff/audit.ts";
import type { ClaimRecord } from "./events.ts";
import { claimSchema, presentClaim } from "./read.ts";
import type { StaffDecisionInput } from "./schemas.ts";
import { settleClaim } from "./settle.ts";

/** Messages of the order's thread shown beside a claim (the newest; the whole thread is on the order). */
const THREAD_FOR_STAFF = 50;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A claim as staff judge it: both sides' words and photos, the order's money and its thread. */
export const staffClaimSchema = claimSchema
  .extend({
    customer: person,
    owner: person,
    order: z.object({
      status: z.enum(JOB_STATUSES).nullable().meta({ description: "null: the order is gone" }),
      total: z.string(),
      totalCents: z.number().int(),
      refundedCents: z.number().int(),
      refundableCents: z.number().int().meta({ description: "What is left to refund: captured less refunded" }),
      completionPhotoIds: z.array(z.string()),
      deliveryMethod: z.string(),
      carrier: z.string().nullable(),
      trackingNumber: z.string().nullable(),
    }),
    thread: z.array(messageSchema),
  })
  .meta({ id: "StaffClaim", description: "A claim as staff see it: both sides, their photos, the order's money and thread." });
export type StaffClaim = z.infer<typeof staffClaimSchema>;

async function forStaff(store: Store, claim: ClaimRecord): Promise<StaffClaim> {
  const [{ data: job }, names, { data: messages }] = await Promise.all([
    store.entities.jobs.get({ jobId: claim.jobId }).go(),
    namesOf(store, [claim.customerId, claim.ownerId]),
    store.entities.messages.query.primary({ jobId: claim.jobId }).go({ order: "desc", limit: THREAD_FOR_STAFF }),
  ]);
  const who = (id: string) => {
    const p = names.get(id);
    return { id, name: [p?.firstName, p?.lastName].filter(Boolean).join(" ") || p?.username || "Unknown", email: p?.email ?? "" };
  };
  return {
    ...presentClaim(claim, "staff"),
    customer: who(claim.customerId),
    owner: who(claim.ownerId),
    order: {
      status: job?.status ?? null,
      total: centsToDecimal(job?.pricing.totalCents ?? 0),
      totalCents: job?.pricing.totalCents ?? 0,
      refundedCents: job?.payment?.refundedCents ?? 0,
      refundableCents: refundableCents(job?.payment, job?.refundsOwedCents),
      completionPhotoIds: job?.completionPhotoIds ?? [],
      deliveryMethod: job?.deliveryMethod ?? "pickup",
      carrier: job?.carrier ?? null,
      trackingNumber: job?.trackingNumber ?? null,
    },
    thread: messages.reverse().map((m) => presentMessage(m, claim.customerId, names.get(m.senderId))),
  };
}

/** GET /api/staff/claims: every claim not yet settled, oldest first. */
export async function staffClaimQueue(store: Store): Promise<StaffClaim[]> {
  const { data } = await store.entities.claims.query.byQueue({ queue: "open" }).go({ pages: "all" });
  const open = data.filter((c) => OPEN_CLAIM_STATUSES.includes(c.status));
  return Promise.all(open.map((c) => forStaff(store, c)));
}

/** GET /api/staff/claims/{id}: one claim as staff see it, settled or not. */
export async function staffClaim(store: Store, claimId: string): Promise<StaffClaim> {
  const { data } = await store.entities.claims.get({ claimId }).go({ consistent: true });
  if (!data) throw fail("claim_not_found");
  return forStaff(store, data);
}

/**
 * POST /api/staff/claims/{id}/decision: staff settle any claim not yet settled: refund in full,
 * refund part, reprint, or reject, always with a reason both sides read. The decision and its
 * audit line (who, when, what, why) are one transaction with the money it moves (claims/settle.ts).
 */
export async function decideClaim(deps: MoneyDeps, staff: StaffActor, claimId: string, input: StaffDecisionInput): Promise<ClaimRecord> {
  const { data: claim } = await deps.store.entities.claims.get({ claimId }).go({ consistent: true });
  if (!claim) throw fail("claim_not_found");
  const at = deps.clock().toISOString();
  return settleClaim(
    deps,
    claim,
    OPEN_CLAIM_STATUSES,
    { outcome: input.outcome, amountCents: input.amount, by: "staff", staffId: staff.id, reason: input.reason },
    {
      step: "decided",
      also: (tx) => [
        recordStaffAction(tx, {
          staff,
          action: "claim.decide",
          target: { kind: "claim", id: claimId, label: claim.orderNumber ? `PH-${claim.orderNumber}` : claim.fileName },
          reason: input.reason,
          details: { outcome: input.outcome, ...(input.amount !== undefined ? { amountCents: input.amount } : {}), orderId: claim.jobId },
          at,
        }),
      ],
    },
  );
}
