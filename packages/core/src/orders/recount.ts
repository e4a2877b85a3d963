import type { Store } from "../db/store.ts";
import type { Tally } from "../shared/tallies.ts";
import type { OrderRecord } from "./load.ts";
import { addToTallies } from "./tallies.ts";

/**
 * The order tallies counted again from the orders themselves (`npm run backfill`): for data written
 * before the tallies existed, or to repair them. Every order move keeps its customer's and printer's
 * tallies by ADD in its own transaction (orders/tallies.ts); this reads every order once, a page at a
 * time, sums what each adds (orders/tallies.ts `addToTallies`, the same rule), and writes each tally
 * whole. An order that moves while the recount runs may be counted before or after its move: run it
 * while no orders move (Printhood stopped, or a quiet moment), or run it again.
 */
export async function recountOrderTallies(
  store: Store,
  onProgress: (ordersRead: number) => void = () => {},
): Promise<{ orders: number; tallies: number }> {
  const totals = new Map<string, Tally>();
  let orders = 0;
  let cursor: string | null = null;
  do {
    const page: { data: OrderRecord[]; cursor: string | null } = await store.entities.jobs.scan
      .where((a, o) => o.ne(a.status, "draft"))
      .go({ cursor, limit: 500 });
    addToTallies(page.data, totals);
    orders += page.data.length;
    onProgress(orders);
    cursor = page.cursor;
  } while (cursor);
  const items = [...totals].map(([scope, t]) => ({ scope, ...t }));
  if (items.length > 0) await store.entities.orderTallies.put(items).go({ concurrency: 4 });
  return { orders, tallies: items.length };
}
