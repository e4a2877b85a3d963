import type { TxEntities, TxItem } from "../db/transact.ts";
import { type TalliedOrder, type Tally, tallyDelta } from "../shared/tallies.ts";

/**
 * The tallies' items of a write that changes an order (shared/tallies.ts): its customer's and its
 * printer's, each one ADD of what the change moves. Written in the same transaction as the change.
 */
type Order = TalliedOrder & { customerId: string; orderPrinterId?: string | undefined; printerId?: string | undefined };

/** The tallies an order counts in: its customer's and, once it has one, its printer's. */
export function tallyScopes(job: Order): string[] {
  const printerId = job.orderPrinterId ?? job.printerId;
  return [`customer:${job.customerId}`, ...(printerId ? [`printer:${printerId}`] : [])];
}

export function tallyItems(entities: TxEntities, before: Order | null, after: Order | null): TxItem[] {
  const delta = tallyDelta(before, after);
  if (Object.keys(delta).length === 0) return [];
  const job = after ?? before;
  if (!job) return [];
  return tallyScopes(job).map((scope) => entities.orderTallies.update({ scope }).add(delta).commit());
}

/**
 * Whole tallies from orders (the recount, a seed writing new orders): each order's contribution
 * added to each of its scopes, by scope. `into` carries the sums across pages of orders.
 */
export function addToTallies(orders: readonly Order[], into: Map<string, Tally> = new Map()): Map<string, Tally> {
  for (const job of orders) {
    const delta = tallyDelta(null, job);
    for (const scope of tallyScopes(job)) {
      const t = into.get(scope) ?? {};
      for (const [k, v] of Object.entries(delta) as [keyof Tally, number][]) t[k] = (t[k] ?? 0) + v;
      into.set(scope, t);
    }
  }
  return into;
}
