import { z } from "zod";
import type { Store } from "../db/store.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { CLAIM_OUTCOMES, CLAIM_REASONS, CLAIM_REMEDIES, CLAIM_STATUSES, OWNER_CLAIM_ACTIONS } from "../shared/claims.ts";
import { fail } from "../shared/errors.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import type { ClaimRecord } from "./events.ts";

/** Who is looking at a claim: its customer, the printer's owner, or staff (everyone else: 404). */
export type ClaimViewer = "customer" | "owner" | "staff";

/** A claim as its customer, the printer's owner and staff see it (the same facts: both sides read everything). */
export const claimSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    orderNumber: z.string().nullable(),
    fileName: z.string(),
    reason: z.enum(CLAIM_REASONS),
    description: z.string(),
    photoIds: z.array(z.string()),
    remedy: z.enum(CLAIM_REMEDIES),
    status: z.enum(CLAIM_STATUSES),
    response: z
      .object({
        action: z.enum(OWNER_CLAIM_ACTIONS),
        amount: z.string().nullable().meta({ description: "Dollars, for an offered partial refund" }),
        amountCents: z.number().int().nullable(),
        message: z.string(),
        photoIds: z.array(z.string()),
        at: z.string(),
      })
      .nullable(),
    declined: z.object({ message: z.string(), at: z.string() }).nullable(),
    decision: z
      .object({
        outcome: z.enum(CLAIM_OUTCOMES),
        by: z.enum(["owner", "customer", "staff"]),
        reason: z.string(),
        refund: z.string(),
        refundCents: z.number().int(),
        at: z.string(),
      })
      .nullable(),
    refundStatus: z
      .enum(["pending", "done", "closed"])
      .nullable()
      .meta({ description: "pending: Refund on its way; closed: Stripe refused it for good and staff closed it unpaid" }),
    reprint: z.object({ at: z.string(), carrier: z.string().nullable(), trackingNumber: z.string().nullable() }).nullable(),
    openedAt: z.string(),
    resolvedAt: z.string().nullable(),
    viewer: z.enum(["customer", "owner", "staff"]),
  })
  .meta({ id: "Claim", description: "A claim under the money-back guarantee, as both sides and staff read it." });
export type PresentedClaim = z.infer<typeof claimSchema>;

export function presentClaim(c: ClaimRecord, viewer: ClaimViewer): PresentedClaim {
  return {
    id: c.claimId,
    orderId: c.jobId,
    orderNumber: formatOrderNumber(c.orderNumber),
    fileName: c.fileName,
    reason: c.reason,
    description: c.description,
    photoIds: c.photoIds ?? [],
    remedy: c.remedy,
    status: c.status,
    response: c.response
      ? {
          action: c.response.action,
          amount: c.response.amountCents !== undefined ? centsToDecimal(c.response.amountCents) : null,
          amountCents: c.response.amountCents ?? null,
          message: c.response.message,
          photoIds: c.response.photoIds ?? [],
          at: c.response.at,
        }
      : null,
    declined: c.declined ?? null,
    decision: c.decision
      ? {
          outcome: c.decision.outcome,
          by: c.decision.by,
          reason: c.decision.reason,
          refund: centsToDecimal(c.decision.refundCents),
          refundCents: c.decision.refundCents,
          at: c.decision.at,
        }
      : null,
    refundStatus: c.refundStatus ?? null,
    reprint: c.reprint ? { at: c.reprint.at, carrier: c.reprint.carrier ?? null, trackingNumber: c.reprint.trackingNumber ?? null } : null,
    openedAt: c.openedAt,
    resolvedAt: c.resolvedAt ?? null,
    viewer,
  };
}

/** The claim `claimId` for its customer or the printer's owner; anyone else the same 404 as none (staff read it through staff/). */
export async function loadClaimFor(
  store: Store,
  user: { id: string },
  claimId: string,
): Promise<{ claim: ClaimRecord; viewer: ClaimViewer }> {
  const { data } = await store.entities.claims.get({ claimId }).go({ consistent: true });
  if (data?.customerId === user.id) return { claim: data, viewer: "customer" };
  if (data?.ownerId === user.id) return { claim: data, viewer: "owner" };
  throw fail("claim_not_found");
}

/** The order's claim for its viewer (the order page), or null when it has none. */
export async function claimOfOrder(store: Store, claimId: string | undefined, viewer: ClaimViewer): Promise<PresentedClaim | null> {
  if (!claimId) return null;
  const { data } = await store.entities.claims.get({ claimId }).go();
  return data ? presentClaim(data, viewer) : null;
}
