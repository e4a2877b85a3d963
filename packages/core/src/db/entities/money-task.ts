import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * Money the product owes and has not yet moved (the outbox, payments/tasks.ts): give a customer's
 * money back (release a hold or refund a capture), capture a hold, refund part of a capture, pay an
 * owner out. Each task is created in the same transaction as the status change that owes it, so a
 * cancelled order can never exist without the refund it promises; the money sweep carries it out
 * with retries until Stripe confirms. The id is the obligation's own (`release:{jobId}`,
 * `transfer:{payoutId}`…), so the same debt can never be recorded twice.
 */
export const MoneyTaskEntity = new Entity({
  model: { entity: "moneyTask", version: "1", service: SERVICE },
  attributes: {
    taskId: { type: "string", required: true, readOnly: true },
    kind: { type: ["release", "capture", "refund", "transfer"] as const, required: true, readOnly: true },
    /** pending: owed; done: Stripe confirmed; failed: Stripe refused for good (staff must look). */
    state: { type: ["pending", "done", "failed"] as const, required: true },
    /** When a pending task is next tried (its place in the sweep's index); when it ended otherwise. */
    dueAt: { type: "string", required: true },
    createdAt: { type: "string", required: true, readOnly: true },
    jobId: { type: "string" },
    intentId: { type: "string" },
    ownerId: { type: "string" },
    /** A refund of part of a capture, or a transfer's amount. A release gives back whatever is held. */
    amountCents: { type: "number" },
    /** Stripe's idempotency key: every retry of one task is the same request to Stripe. */
    idempotencyKey: { type: "string", required: true, readOnly: true },
    /** What the task settles besides the order (a payout: its sort key's time; a claim: its id). */
    payoutId: { type: "string" },
    payoutCreatedAt: { type: "string" },
    claimId: { type: "string" },
    /** A refund counted in its order's `refundsOwedCents` until it lands or is refused (older tasks were not). */
    owedOnOrder: { type: "boolean" },
    attempts: { type: "number", required: true, default: 0 },
    lastError: { type: "string" },
    /** Set once the "still owed after an hour" alarm line was written, so it is written once. */
    alarmedAt: { type: "string" },
    doneAt: { type: "string" },
    /** What Stripe answered when it was done (refund or transfer id, "released" or "refunded"). */
    outcome: { type: "string" },
    /** TTL (epoch seconds): finished tasks are kept a while for the record, then dropped. */
    expiresAt: { type: "number" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["taskId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    /** The sweep's queue: pending tasks by the time they are due (a key query, never a scan). */
    byState: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["state"] },
      sk: { ...keys.gsi1.sk, composite: ["dueAt", "taskId"] },
    },
  },
});
