import { z } from "zod";
import { getTogether, keyed } from "./db/batch.ts";
import type { Store } from "./db/store.ts";
import { LISTED_COUNTER, NEARBY_COUNTER } from "./printers/listing-index.ts";

const count = z.number().int();
/** The landing page's live figures (DECISIONS.md "Public figures"). */
export const statsSchema = z
  .object({ printersNearby: count, printsThisMonth: count, totalPrinters: count, totalOrders: count })
  .meta({ id: "Stats" });
export type Stats = z.infer<typeof statsSchema>;

export const monthCounter = (d = new Date()) => `orders#${d.toISOString().slice(0, 7)}`;
export const COMPLETED_COUNTER = "ordersCompleted";

/**
 * The landing page's live figures, all counters kept in the transactions that change what they
 * count (issue 23: no figure reads the printers): listed printers and those available near the
 * served region (printers/listing-index.ts), orders submitted this month and completed.
 */
export async function getStats(store: Store): Promise<Stats> {
  const names = [NEARBY_COUNTER, monthCounter(), LISTED_COUNTER, COMPLETED_COUNTER];
  const found = await getTogether(
    store,
    names.map((name) => keyed(store.entities.counters, { name })),
  );
  const [printersNearby, printsThisMonth, totalPrinters, totalOrders] = found.map((c) => Math.max(0, c?.value ?? 0));
  return {
    printersNearby: printersNearby ?? 0,
    printsThisMonth: printsThisMonth ?? 0,
    totalPrinters: totalPrinters ?? 0,
    totalOrders: totalOrders ?? 0,
  };
}
