import type { Store } from "../db/store.ts";
import type { TxEntities, TxItem } from "../db/transact.ts";
import type { OrderRecord } from "../orders/load.ts";
import { claimWindowEnd, type LedgerStatus, orderMoney } from "../shared/earnings.ts";

/**
 * One ledger entry per order (DECISIONS.md "Payouts"): what the customer paid, the platform's
 * fee and the owner's earnings. Every move of an entry (shared/earnings.ts: pending → held →
 * available, frozen by a claim, void on a refund before the hand-over) is written in the same
 * transaction as the step that causes it, conditional on the state it moves from, together with
 * the owner's balance, so the balance is always the sum of the entries and two racing steps (a
 * claim and a payout, a receipt and the window's close) can never both move the same money.
 *
 * The owner earns the print (printer profit) plus the delivery fee or the shipping cost, since the
 * owner delivers or pays the carrier; the platform keeps its fee.
 */
export function moneyOf(job: OrderRecord) {
  return orderMoney(job.pricing);
}

export type LedgerEntry = Awaited<ReturnType<typeof readLedgerEntry>>;

/** The balance field each state's money is counted in. */
const BUCKET = {
  pending: "pendingCents",
  held: "heldCents",
  available: "availableCents",
  frozen: "frozenCents",
} as const satisfies Partial<Record<LedgerStatus, string>>;
type Bucket = keyof typeof BUCKET;

/** Move `cents` of an owner's balance from one state's bucket to another's (or out, to null). */
function moveBalance(tx: TxEntities, ownerId: string, from: Bucket | null, to: Bucket | null, cents: number, toCents = cents): TxItem {
  const add: Record<string, number> = {};
  if (from) add[BUCKET[from]] = -cents;
  if (to) add[BUCKET[to]] = (add[BUCKET[to]] ?? 0) + toCents;
  return tx.balances
    .update({ ownerId })
    .add(add as never)
    .commit();
}

/** The owner accepted (the payment was captured): the earning exists, pending. */
export function ledgerOnCapture(tx: TxEntities, job: OrderRecord, ownerId: string, at: string): TxItem[] {
  const money = moneyOf(job);
  return [
    tx.ledgerEntries
      .create({
        ownerId,
        jobId: job.jobId,
        ...(job.orderNumber ? { orderNumber: job.orderNumber } : {}),
        printerId: job.orderPrinterId ?? job.printerId ?? "",
        fileName: job.fileName,
        ...money,
        status: "pending",
        createdAt: at,
      })
      .commit(),
    moveBalance(tx, ownerId, null, "pending", money.ownerEarningsCents),
  ];
}

/**
 * Picked up or shipped: the earning is held until the claim window closes (or the customer
 * confirms receipt), and the window's deadline is written for the sweep that frees it.
 */
export function ledgerOnHandOver(tx: TxEntities, job: OrderRecord, ownerId: string, at: string, windowDays: number): TxItem[] {
  const { ownerEarningsCents } = moneyOf(job);
  const heldUntil = claimWindowEnd(at, windowDays);
  return [
    tx.ledgerEntries
      .patch({ ownerId, jobId: job.jobId })
      .set({ status: "held", heldUntil })
      .where((a, o) => o.eq(a.status, "pending"))
      .commit(),
    moveBalance(tx, ownerId, "pending", "held", ownerEarningsCents),
    tx.deadlines.create({ kind: "claimWindow", dueAt: heldUntil, jobId: job.jobId, reason: "claim_window" }).commit(),
  ];
}

/** Cancelled after acceptance (refunded in full before the hand-over): the pending earning is void. */
export function ledgerOnRefund(tx: TxEntities, job: OrderRecord, ownerId: string, at: string): TxItem[] {
  const { ownerEarningsCents } = moneyOf(job);
  return [
    tx.ledgerEntries
      .patch({ ownerId, jobId: job.jobId })
      .set({ status: "void", voidedAt: at })
      .where((a, o) => o.eq(a.status, "pending"))
      .commit(),
    moveBalance(tx, ownerId, "pending", null, ownerEarningsCents),
  ];
}

/** What an entry's owner may still earn from it (less any refund already taken back). */
const remaining = (e: { ownerEarningsCents: number; reversedCents?: number | undefined }) => e.ownerEarningsCents - (e.reversedCents ?? 0);

/** Held → available (receipt confirmed, or the window closed), and the window's deadline dropped. */
export function ledgerOnRelease(tx: TxEntities, entry: NonNullable<LedgerEntry>, at: string): TxItem[] {
  return [
    tx.ledgerEntries
      .patch({ ownerId: entry.ownerId, jobId: entry.jobId })
      .set({ status: "available", availableAt: at })
      .where((a, o) => o.eq(a.status, "held"))
      .commit(),
    moveBalance(tx, entry.ownerId, "held", "available", remaining(entry)),
    ...(entry.heldUntil ? [tx.deadlines.delete({ kind: "claimWindow", dueAt: entry.heldUntil, jobId: entry.jobId }).commit()] : []),
  ];
}

/**
 * A claim is opened: the earning is frozen at once, from wherever it is (held, or available when
 * the customer had confirmed receipt). Conditional on the state read, so it is exact under a
 * racing payout: a payout that took the money first leaves the available balance below zero while
 * the claim is open, which the claim's outcome settles (a refund keeps it there until later
 * earnings pay it back; a rejected claim puts it back).
 */
export function ledgerOnFreeze(tx: TxEntities, entry: NonNullable<LedgerEntry>, at: string): TxItem[] {
  const status = entry.status;
  if (status !== "held" && status !== "available" && status !== "pending") throw new Error(`cannot freeze an earning that is ${status}`);
  const from: "held" | "available" | "pending" = status;
  const was = from as LedgerStatus;
  return [
    tx.ledgerEntries
      .patch({ ownerId: entry.ownerId, jobId: entry.jobId })
      .set({ status: "frozen", frozenAt: at })
      .where((a, o) => o.eq(a.status, was))
      .commit(),
    moveBalance(tx, entry.ownerId, from, "frozen", remaining(entry)),
    ...(from === "held" && entry.heldUntil
      ? [tx.deadlines.delete({ kind: "claimWindow", dueAt: entry.heldUntil, jobId: entry.jobId }).commit()]
      : []),
  ];
}

/**
 * A claim is settled: `reverseCents` of the owner's earning is taken back (a refund; 0 when the
 * claim was rejected or ended in a reprint) and the rest becomes available.
 */
export function ledgerOnSettleClaim(tx: TxEntities, entry: NonNullable<LedgerEntry>, reverseCents: number, at: string): TxItem[] {
  const left = remaining(entry);
  const taken = Math.max(0, Math.min(reverseCents, left));
  return [
    tx.ledgerEntries
      .patch({ ownerId: entry.ownerId, jobId: entry.jobId })
      .set({
        status: "available",
        availableAt: at,
        ...(taken > 0 ? { reversedCents: (entry.reversedCents ?? 0) + taken, reversedAt: at } : {}),
      })
      .where((a, o) => o.eq(a.status, "frozen"))
      .commit(),
    moveBalance(tx, entry.ownerId, "frozen", "available", left, left - taken),
  ];
}

/** One order's entry, read consistently (null when the owner never accepted it). */
export async function readLedgerEntry(store: Store, ownerId: string, jobId: string) {
  const { data } = await store.entities.ledgerEntries.get({ ownerId, jobId }).go({ consistent: true });
  return data;
}

/**
 * A reprint agreed on a claim has been handed over: the frozen earning is held again, for a new
 * claim window from now (the customer can confirm the reprint's receipt, or the window frees it).
 */
export function ledgerOnRehold(tx: TxEntities, entry: NonNullable<LedgerEntry>, at: string, windowDays: number): TxItem[] {
  const heldUntil = claimWindowEnd(at, windowDays);
  return [
    tx.ledgerEntries
      .patch({ ownerId: entry.ownerId, jobId: entry.jobId })
      .set({ status: "held", heldUntil })
      .where((a, o) => o.eq(a.status, "frozen"))
      .commit(),
    moveBalance(tx, entry.ownerId, "frozen", "held", remaining(entry)),
    tx.deadlines.create({ kind: "claimWindow", dueAt: heldUntil, jobId: entry.jobId, reason: "claim_window" }).commit(),
  ];
}

/**
 * Staff refund part of an order by hand (outside a claim): `cents` of the owner's earning is taken
 * back from wherever it is now (pending, held, available or frozen), the entry keeping its state.
 * Available money already paid out leaves the balance below zero until later earnings pay it back.
 */
export function ledgerOnReverse(tx: TxEntities, entry: NonNullable<LedgerEntry>, cents: number, at: string): TxItem[] {
  const status = entry.status;
  if (status === "void" || cents <= 0) return [];
  const bucket: Bucket = status;
  return [
    tx.ledgerEntries
      .patch({ ownerId: entry.ownerId, jobId: entry.jobId })
      .set({ reversedCents: (entry.reversedCents ?? 0) + cents, reversedAt: at })
      .where((a, o) => o.eq(a.status, status as LedgerStatus))
      .commit(),
    moveBalance(tx, entry.ownerId, bucket, null, cents),
  ];
}
