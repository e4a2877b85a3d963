import { HANDED_OVER_STATUSES, inGroup } from "./job-groups.ts";

/**
 * The money-back guarantee's vocabulary and arithmetic (issue 21 §4), shared by the server and the
 * site: the codes, the words people read, what a claim may do next, and how a refund splits
 * between the owner's earnings and the platform. Pure and browser-safe.
 */

export const CLAIM_REASONS = ["not_as_designed", "poor_quality", "wrong_material_or_colour", "damaged", "not_arrived"] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];
/** The reasons a claim may give for an order: a part collected in person cannot have "never arrived". */
export const claimReasonsFor = (deliveryMethod: string): readonly ClaimReason[] =>
  deliveryMethod === "pickup" ? CLAIM_REASONS.filter((r) => r !== "not_arrived") : CLAIM_REASONS;

export const CLAIM_REASON_WORDS: Record<ClaimReason, string> = {
  not_as_designed: "Does not match the design",
  poor_quality: "Poor print quality",
  wrong_material_or_colour: "Wrong material or colour",
  damaged: "Damaged",
  not_arrived: "Never arrived",
};

/** What the customer asks for. */
export const CLAIM_REMEDIES = ["refund", "reprint"] as const;
export type ClaimRemedy = (typeof CLAIM_REMEDIES)[number];
export const CLAIM_REMEDY_WORDS: Record<ClaimRemedy, string> = { refund: "A refund", reprint: "A reprint" };

/** The owner's answer. */
export const OWNER_CLAIM_ACTIONS = ["refund_full", "offer_partial", "offer_reprint", "dispute"] as const;
export type OwnerClaimAction = (typeof OWNER_CLAIM_ACTIONS)[number];
export const OWNER_CLAIM_ACTION_WORDS: Record<OwnerClaimAction, string> = {
  refund_full: "Refund in full",
  offer_partial: "Offer a partial refund",
  offer_reprint: "Offer a reprint",
  dispute: "Dispute the claim",
};

/** The owner's answer as a statement of what they did, for everyone who reads the claim afterwards. */
export const OWNER_CLAIM_ANSWER_WORDS: Record<OwnerClaimAction, string> = {
  refund_full: "Refunded in full",
  offer_partial: "Offered a partial refund",
  offer_reprint: "Offered a reprint",
  dispute: "Disputed the claim",
};

/** How a claim ends (staff decide with these; the owner's and customer's agreements end the same way). */
export const CLAIM_OUTCOMES = ["refund_full", "refund_partial", "reprint", "reject"] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];
export const CLAIM_OUTCOME_WORDS: Record<ClaimOutcome, string> = {
  refund_full: "Refunded in full",
  refund_partial: "Refunded in part",
  reprint: "Reprint",
  reject: "Claim rejected",
};
/** The same outcomes as staff choose one (the decision form's choices). */
export const CLAIM_OUTCOME_CHOICE_WORDS: Record<ClaimOutcome, string> = {
  refund_full: "Refund in full",
  refund_partial: "Refund part",
  reprint: "Reprint",
  reject: "Reject the claim",
};

/**
 * Where a claim stands:
 * - awaiting_owner: opened; the owner has not answered;
 * - offered: the owner offered a partial refund or a reprint; the customer may accept it or ask staff;
 * - under_review: disputed by the owner, or the customer declined the offer: staff decide;
 * - reprinting: a reprint was agreed or decided; the owner's earning stays frozen until it is handed over;
 * - resolved: ended (a refund, a rejection, or a reprint handed over).
 */
export const CLAIM_STATUSES = ["awaiting_owner", "offered", "under_review", "reprinting", "resolved"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_WORDS: Record<ClaimStatus, string> = {
  awaiting_owner: "Waiting for the printer owner",
  offered: "Offer made",
  under_review: "Under review by Printhood",
  reprinting: "Reprint on its way",
  resolved: "Resolved",
};

/** Claims staff may still decide (every one not yet settled). */
export const OPEN_CLAIM_STATUSES: readonly ClaimStatus[] = ["awaiting_owner", "offered", "under_review"];
export const isOpenClaim = (status: ClaimStatus) => OPEN_CLAIM_STATUSES.includes(status);

/**
 * What the customer may do under the guarantee on an order now (the order page's and the details
 * dialog's buttons; the server checks each again): inside the claim window (picked up or shipped,
 * and before `claimWindowEndsAt`), confirm receipt ("Received, looks good") until they have, and
 * open the order's one claim. While a claim runs, receipt is not asked (the claim decides); once a
 * reprint it ended in is handed over, the window starts again and receipt frees the earning.
 */
export function customerGuarantee(
  order: {
    status: string;
    claimWindowEndsAt: string | null;
    receivedAt: string | null;
    claim: { reprint: object | null } | null;
  },
  now: Date,
): { windowOpen: boolean; mayConfirmReceipt: boolean; mayOpenClaim: boolean } {
  const windowOpen =
    inGroup(HANDED_OVER_STATUSES, order.status) && !!order.claimWindowEndsAt && now.getTime() < Date.parse(order.claimWindowEndsAt);
  return {
    windowOpen,
    mayConfirmReceipt: windowOpen && !order.receivedAt && (!order.claim || !!order.claim.reprint),
    mayOpenClaim: windowOpen && !order.claim,
  };
}

/** A description is needed to judge a claim; this long at most. */
export const CLAIM_DESCRIPTION_MIN = 10;
export const CLAIM_DESCRIPTION_MAX = 2000;
/** Photos a claim needs (a part that never arrived cannot be photographed). */
export const claimPhotosNeeded = (reason: ClaimReason) => (reason === "not_arrived" ? 0 : 1);

/**
 * What a refund does to the money: the customer gets `refundCents` back on their card (at most
 * what is left of what they paid); the owner's earning loses `reverseCents` of it (at most what is
 * left of the earning); the platform's fee absorbs any rest (a full refund returns the fee too).
 */
export function refundSplit(input: {
  outcome: ClaimOutcome;
  /** For refund_partial: what is refunded, in cents. */
  amountCents?: number | undefined;
  paidCents: number;
  alreadyRefundedCents: number;
  earningCents: number;
  alreadyReversedCents: number;
}): { refundCents: number; reverseCents: number } {
  const refundable = Math.max(0, input.paidCents - input.alreadyRefundedCents);
  const earning = Math.max(0, input.earningCents - input.alreadyReversedCents);
  switch (input.outcome) {
    case "refund_full":
      return { refundCents: refundable, reverseCents: earning };
    case "refund_partial": {
      const refundCents = Math.min(Math.max(0, input.amountCents ?? 0), refundable);
      return { refundCents, reverseCents: Math.min(refundCents, earning) };
    }
    default:
      return { refundCents: 0, reverseCents: 0 };
  }
}
