import type { Store } from "../db/store.ts";
import { isOpenOrder } from "../shared/lifecycle.ts";

/**
 * How many orders of a printer are still open (submitted and not finished), for the sentence
 * that refuses deleting it. The refusal itself is the delete's condition on the printer's
 * `openOrders` count, kept in the orders' own transactions (the index read here may lag).
 */
export async function openOrderCount(store: Store, printerId: string): Promise<number> {
  const { data } = await store.entities.jobs.query.byPrinter({ orderPrinterId: printerId }).go({ pages: "all", attributes: ["status"] });
  return data.filter((j) => isOpenOrder(j.status)).length;
}
