import type { EntityItem } from "electrodb";
import type { ClaimEntity } from "../db/entities/claim.ts";
import { type EventPublisher, publishAfterWrite } from "../events/publisher.ts";
import { DETAIL_TYPES } from "../events/rules.ts";
import { formatOrderNumber } from "../refs/numbers.ts";

export type ClaimRecord = EntityItem<typeof ClaimEntity>;

/** What just happened to a claim: who hears what is planned from it (claims/notify.ts). */
export type ClaimStep = "opened" | "responded" | "offer_accepted" | "offer_declined" | "decided" | "reprint_handed_over";

/**
 * `claim.changed`: published after each step of a claim has been written (architecture rule 6),
 * with everything the notification and e-mail consumer needs, so it reads nothing back but the
 * people. `eventKey` makes each step's effects once-only.
 */
export interface ClaimChanged {
  claimId: string;
  jobId: string;
  orderNumber: string | null;
  fileName: string;
  customerId: string;
  ownerId: string;
  step: ClaimStep;
  status: ClaimRecord["status"];
  reason: ClaimRecord["reason"];
  remedy: ClaimRecord["remedy"];
  /** The owner's answer, when there is one. */
  response: { action: string; amountCents: number | null; message: string } | null;
  /** How it ended, when it has. */
  decision: { outcome: string; by: string; reason: string; refundCents: number; reverseCents: number } | null;
  at: string;
}

export function claimChanged(claim: ClaimRecord, step: ClaimStep, at: string): ClaimChanged {
  return {
    claimId: claim.claimId,
    jobId: claim.jobId,
    orderNumber: formatOrderNumber(claim.orderNumber),
    fileName: claim.fileName,
    customerId: claim.customerId,
    ownerId: claim.ownerId,
    step,
    status: claim.status,
    reason: claim.reason,
    remedy: claim.remedy,
    response: claim.response
      ? { action: claim.response.action, amountCents: claim.response.amountCents ?? null, message: claim.response.message }
      : null,
    decision: claim.decision
      ? {
          outcome: claim.decision.outcome,
          by: claim.decision.by,
          reason: claim.decision.reason,
          refundCents: claim.decision.refundCents,
          reverseCents: claim.decision.reverseCents,
        }
      : null,
    at,
  };
}

export const publishClaimChanged = (events: EventPublisher, claim: ClaimRecord, step: ClaimStep, at: string) =>
  publishAfterWrite(events, DETAIL_TYPES.claimChanged, claimChanged(claim, step, at) as unknown as Record<string, unknown>);
