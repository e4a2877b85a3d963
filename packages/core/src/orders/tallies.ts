import type { TxEntities, TxItem } from "../db/transact.ts";
import { type TalliedOrder, tallyDelta } from "../shared/tallies.ts";

/**
 * The tallies' items of a write that changes an order (shared/tallies.ts): its customer's and its
 * printer's, each one ADD of what the change moves. Written in the same transaction as the change.
 */
type Order = TalliedOrder & { customerId: string; orderPrinterId?: string | undefined; printerId?: string | undefined };

export function tallyItems(entities: TxEntities, before: Order | null, after: Order | null): TxItem[] {
  const delta = tallyDelta(before, after);
  if (Object.keys(delta).length === 0) return [];
  const job = after ?? before;
  if (!job) return [];
  const printerId = job.orderPrinterId ?? job.printerId;
  const scopes = [`customer:${job.customerId}`, ...(printerId ? [`printer:${printerId}`] : [])];
  return scopes.map((scope) => entities.orderTallies.update({ scope }).add(delta).commit());
}
