import type { Store } from "../db/store.ts";
import type { TxEntities, TxItem } from "../db/transact.ts";
import type { OrderRecord } from "../orders/load.ts";
import { orderMoney } from "../shared/earnings.ts";

/**
 * One ledger entry per order (DECISIONS.md "Payouts"): what the customer paid, the platform's
 * fee and the owner's earnings. It is written in the same transaction as the step that moves the
 * money: created `pending` when the owner accepts (the payment is captured), made `available`
 * when the order is picked up or shipped, `void` when a captured order is cancelled and refunded.
 * The owner's balance changes in the same transaction, so it always equals the entries' sum.
 *
 * The owner earns the print (printer profit) plus the delivery fee or the shipping cost, since the
 * owner delivers or pays the carrier; the platform keeps its fee.
 */
export function moneyOf(job: OrderRecord) {
  return orderMoney(job.pricing);
}

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
    tx.balances.update({ ownerId }).add({ pendingCents: money.ownerEarningsCents }).commit(),
  ];
}

export function ledgerOnHandOver(tx: TxEntities, job: OrderRecord, ownerId: string, at: string): TxItem[] {
  const { ownerEarningsCents } = moneyOf(job);
  return [
    tx.ledgerEntries
      .patch({ ownerId, jobId: job.jobId })
      .set({ status: "available", availableAt: at })
      .where((a, o) => o.eq(a.status, "pending"))
      .commit(),
    tx.balances.update({ ownerId }).add({ pendingCents: -ownerEarningsCents, availableCents: ownerEarningsCents }).commit(),
  ];
}

export function ledgerOnRefund(tx: TxEntities, job: OrderRecord, ownerId: string, at: string): TxItem[] {
  const { ownerEarningsCents } = moneyOf(job);
  return [
    tx.ledgerEntries
      .patch({ ownerId, jobId: job.jobId })
      .set({ status: "void", voidedAt: at })
      .where((a, o) => o.eq(a.status, "pending"))
      .commit(),
    tx.balances.update({ ownerId }).add({ pendingCents: -ownerEarningsCents }).commit(),
  ];
}

export async function listLedger(store: Store, ownerId: string) {
  const { data } = await store.entities.ledgerEntries.query.primary({ ownerId }).go({ pages: "all" });
  return data.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
