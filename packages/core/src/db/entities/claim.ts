import { Entity } from "electrodb";
import { CLAIM_OUTCOMES, CLAIM_REASONS, CLAIM_REMEDIES, CLAIM_STATUSES, OWNER_CLAIM_ACTIONS } from "../../shared/claims.ts";
import { keys, SERVICE } from "./common.ts";

/**
 * A claim under the money-back guarantee (issue 21 §4; claims/). One per order: the order records
 * the claim's id in the same transaction that creates it, conditional on having none. Staff read
 * the open ones oldest first from one index partition (`queue = open`; `closed` once settled).
 */
export const ClaimEntity = new Entity({
  model: { entity: "claim", version: "1", service: SERVICE },
  attributes: {
    claimId: { type: "string", required: true, readOnly: true },
    jobId: { type: "string", required: true, readOnly: true },
    orderNumber: { type: "number" },
    customerId: { type: "string", required: true, readOnly: true },
    ownerId: { type: "string", required: true, readOnly: true },
    printerId: { type: "string", required: true, readOnly: true },
    fileName: { type: "string", required: true, readOnly: true },
    reason: { type: CLAIM_REASONS, required: true, readOnly: true },
    description: { type: "string", required: true, readOnly: true },
    photoIds: { type: "list", items: { type: "string" }, required: true, readOnly: true },
    remedy: { type: CLAIM_REMEDIES, required: true, readOnly: true },
    status: { type: CLAIM_STATUSES, required: true },
    /** The owner's answer: a full refund, an offer, or a dispute, with their words and photos. */
    response: {
      type: "map",
      properties: {
        action: { type: OWNER_CLAIM_ACTIONS, required: true },
        amountCents: { type: "number" },
        message: { type: "string", required: true },
        photoIds: { type: "list", items: { type: "string" } },
        at: { type: "string", required: true },
      },
    },
    /** The customer turned the offer down and asked Printhood to decide (their words). */
    declined: {
      type: "map",
      properties: { message: { type: "string", required: true }, at: { type: "string", required: true } },
    },
    /** How it ended and why, in words both sides read. `by`: the owner, the customer's acceptance, or staff. */
    decision: {
      type: "map",
      properties: {
        outcome: { type: CLAIM_OUTCOMES, required: true },
        by: { type: ["owner", "customer", "staff"] as const, required: true },
        staffId: { type: "string" },
        reason: { type: "string", required: true },
        refundCents: { type: "number", required: true },
        reverseCents: { type: "number", required: true },
        at: { type: "string", required: true },
      },
    },
    /**
     * A refund decided on the claim: owed until Stripe confirms it (payments/tasks.ts); closed when
     * Stripe refused it for good and staff closed it unpaid (staff/close-owed.ts).
     */
    refundStatus: { type: ["pending", "done", "closed"] as const },
    /** The reprint handed over (picked up or shipped again): its carrier and tracking when shipped. */
    reprint: {
      type: "map",
      properties: {
        at: { type: "string", required: true },
        carrier: { type: "string" },
        trackingNumber: { type: "string" },
      },
    },
    queue: { type: ["open", "closed"] as const, required: true },
    openedAt: { type: "string", required: true, readOnly: true },
    updatedAt: { type: "string", required: true },
    resolvedAt: { type: "string" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["claimId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    /** Staff's queue: open claims, oldest first. */
    byQueue: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["queue"] },
      sk: { ...keys.gsi1.sk, composite: ["openedAt", "claimId"] },
    },
  },
});
