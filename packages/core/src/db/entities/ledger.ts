import { Entity } from "electrodb";
import { LEDGER_STATUSES } from "../../shared/earnings.ts";
import { keys, SERVICE } from "./common.ts";

/*
 * What owners earn (DECISIONS.md "Payouts"). Everything of one owner's money lives in the owner's
 * partition: one ledger entry per order, one balance, and the payout requests. Each change to a
 * ledger entry and the balance is one transaction, so the balance is always the sum of the entries.
 */

/** One order's money: what the customer paid, the platform's fee and the owner's earnings. */
export const LedgerEntryEntity = new Entity({
  model: { entity: "ledgerEntry", version: "1", service: SERVICE },
  attributes: {
    ownerId: { type: "string", required: true, readOnly: true },
    jobId: { type: "string", required: true, readOnly: true },
    orderNumber: { type: "number" },
    printerId: { type: "string", required: true },
    fileName: { type: "string", required: true },
    customerPaidCents: { type: "number", required: true },
    platformFeeCents: { type: "number", required: true },
    ownerEarningsCents: { type: "number", required: true },
    /**
     * pending: captured, not yet handed over; held: in the customer's hands, inside the claim window;
     * available: the customer confirmed receipt or the window closed (a payout may take it);
     * frozen: a claim is open; void: cancelled and refunded before the hand-over
     * (ledger/ledger.ts "Earnings move through states").
     */
    status: { type: LEDGER_STATUSES, required: true },
    createdAt: { type: "string", required: true, readOnly: true },
    /** When held earnings free up if no claim is opened (the claim window's end). */
    heldUntil: { type: "string" },
    availableAt: { type: "string" },
    frozenAt: { type: "string" },
    voidedAt: { type: "string" },
    /** Taken back from the owner by a refund on a claim (part or all of ownerEarningsCents). */
    reversedCents: { type: "number" },
    reversedAt: { type: "string" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["ownerId"] },
      sk: { ...keys.primary.sk, composite: ["jobId"] },
    },
    /**
     * The owner's ledger newest first, a page at a time (issue 23): the primary sort key is the
     * order's id, in no time order. gsi3 holds no other owner-keyed partition. Entries written
     * before this index carry no gsi3 keys until put again (ACCESS_PATTERNS.md).
     */
    byTime: {
      ...keys.gsi3,
      pk: { ...keys.gsi3.pk, composite: ["ownerId"] },
      sk: { ...keys.gsi3.sk, composite: ["createdAt", "jobId"] },
    },
  },
});

/** An owner's running totals in cents (created on first use by ADD). */
export const BalanceEntity = new Entity({
  model: { entity: "balance", version: "1", service: SERVICE },
  attributes: {
    ownerId: { type: "string", required: true, readOnly: true },
    pendingCents: { type: "number", required: true, default: 0 },
    /** Handed over, inside the claim window. */
    heldCents: { type: "number", required: true, default: 0 },
    /** Under an open claim. */
    frozenCents: { type: "number", required: true, default: 0 },
    /** Free to pay out; below zero when a refund took back earnings already paid out (later earnings pay it back). */
    availableCents: { type: "number", required: true, default: 0 },
    /** Requested and not yet transferred (no Stripe account connected yet). */
    requestedCents: { type: "number", required: true, default: 0 },
    paidCents: { type: "number", required: true, default: 0 },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["ownerId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});

/** One Request Payout: the whole available balance at that moment. */
export const PayoutEntity = new Entity({
  model: { entity: "payout", version: "1", service: SERVICE },
  attributes: {
    ownerId: { type: "string", required: true, readOnly: true },
    payoutId: { type: "string", required: true, readOnly: true },
    amountCents: { type: "number", required: true, readOnly: true },
    /** requested: recorded, waiting for a connected account; paid: transferred; failed: returned to available. */
    status: { type: ["requested", "paid", "failed"] as const, required: true },
    destination: { type: "string" },
    transferId: { type: "string" },
    failure: { type: "string" },
    createdAt: { type: "string", required: true, readOnly: true },
    paidAt: { type: "string" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["ownerId"] },
      sk: { ...keys.primary.sk, composite: ["createdAt", "payoutId"] },
    },
  },
});
