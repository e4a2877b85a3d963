import { z } from "zod";
import type { Store } from "../db/store.ts";
import { keyPage, mapPage, type Page, type PageAsk } from "../paging/page.ts";
import { LEDGER_STATUSES } from "../shared/earnings.ts";
import { centsToDecimal } from "../shared/pricing.ts";

/*
 * The two lists of an owner's earnings (issue 23 point 2): the payouts and the per-order ledger,
 * each newest first and read a page at a time from its sort key where the last page ended, so
 * neither answer grows with the owner's history. The summary (payouts.ts) answers the first page
 * of each with its marker; GET /api/users/{id}/payouts/history and /ledger answer the next ones.
 */

const cents = z.number().int();

export const payoutSchema = z
  .object({
    id: z.string(),
    amountCents: cents,
    amount: z.string(),
    status: z.enum(["requested", "paid", "failed"]),
    transferId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Payout", description: "One Request Payout: requested (waiting for a connected account), paid (transferred) or failed." });
export type PresentedPayout = z.infer<typeof payoutSchema>;

export const payoutRecordSchema = payoutSchema
  .extend({ failure: z.string().nullable(), paidAt: z.string().nullable() })
  .meta({ id: "PayoutRecord", description: "A payout in the owner's history, with when it was paid or why it failed." });
export type PayoutRecord = z.infer<typeof payoutRecordSchema>;

export const ledgerLineSchema = z
  .object({
    jobId: z.string(),
    orderNumber: z.string().nullable(),
    fileName: z.string(),
    customerPaidCents: cents,
    platformFeeCents: cents,
    ownerEarningsCents: cents,
    /** Taken back by a refund on a claim. */
    reversedCents: cents,
    status: z.enum(LEDGER_STATUSES),
    createdAt: z.string(),
    /** While held: when the earning frees up if no claim is opened. */
    heldUntil: z.string().nullable(),
    availableAt: z.string().nullable(),
  })
  .meta({
    id: "LedgerLine",
    description: "One order's money: what the customer paid, the platform's fee, the owner's earnings and their state.",
  });
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

/** Where a page of payouts ended: the last one's time and id (the primary sort key). */
const payoutPosition = z.strictObject({ c: z.string().max(40), p: z.string().max(60) });

/** The owner's payouts, newest first (their partition's payout items, sk `createdAt#payoutId`). */
export async function listPayoutHistory(store: Store, ownerId: string, ask: PageAsk): Promise<Page<PayoutRecord>> {
  const page = await keyPage(
    ask,
    `payouts:${ownerId}`,
    payoutPosition,
    async (after, n) => {
      const q = store.entities.payouts.query.primary({ ownerId });
      const ranged = after ? q.lt({ createdAt: after.c, payoutId: after.p }) : q;
      return (await ranged.go({ order: "desc", limit: n })).data;
    },
    (p) => ({ c: p.createdAt, p: p.payoutId }),
  );
  return mapPage(page, (rows) =>
    rows.map((p) => ({
      id: p.payoutId,
      amountCents: p.amountCents,
      amount: centsToDecimal(p.amountCents),
      status: p.status,
      transferId: p.transferId ?? null,
      failure: p.failure ?? null,
      createdAt: p.createdAt,
      paidAt: p.paidAt ?? null,
    })),
  );
}

/** Where a page of the ledger ended: the last entry's time and order (the byTime sort key). */
const ledgerPosition = z.strictObject({ c: z.string().max(40), j: z.string().max(60) });

/** The owner's per-order ledger, newest first (byTime, gsi3). */
export async function listLedgerLines(store: Store, ownerId: string, ask: PageAsk): Promise<Page<LedgerLine>> {
  const page = await keyPage(
    ask,
    `ledger:${ownerId}`,
    ledgerPosition,
    async (after, n) => {
      const q = store.entities.ledgerEntries.query.byTime({ ownerId });
      const ranged = after ? q.lt({ createdAt: after.c, jobId: after.j }) : q;
      return (await ranged.go({ order: "desc", limit: n })).data;
    },
    (e) => ({ c: e.createdAt, j: e.jobId }),
  );
  return mapPage(page, (rows) =>
    rows.map((e) => ({
      jobId: e.jobId,
      orderNumber: e.orderNumber ? `PH-${e.orderNumber}` : null,
      fileName: e.fileName,
      customerPaidCents: e.customerPaidCents,
      platformFeeCents: e.platformFeeCents,
      ownerEarningsCents: e.ownerEarningsCents,
      reversedCents: e.reversedCents ?? 0,
      status: e.status,
      createdAt: e.createdAt,
      heldUntil: e.status === "held" ? (e.heldUntil ?? null) : null,
      availableAt: e.availableAt ?? null,
    })),
  );
}
