import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import { giveBackHolding } from "../limits/holdings.ts";
import { PRINTERS_PER_OWNER } from "../limits/rules.ts";
import { openOrderCount } from "../orders/open-orders.ts";
import { fail } from "../shared/errors.ts";
import { listingAsRead, listingCounterItems, listingDeltas } from "./listing-index.ts";
import { ownPrinter } from "./update.ts";

/**
 * Delete a printer its owner no longer lists; conditional on the owner (architecture rule 5) and
 * on it having no open orders (their transactions keep `openOrders`): a printer with orders in
 * progress can only be set offline (DECISIONS.md "Orders").
 */
export async function deletePrinter(store: Store, userId: string, printerId: string): Promise<{ ok: true; id: string }> {
  const printer = await ownPrinter(store, userId, printerId);
  // The index count also covers orders placed before the printer counted them.
  const refuseOpen = async () => {
    const count = Math.max(printer.openOrders ?? 0, await openOrderCount(store, printerId));
    return count > 0 ? fail("printer_has_open_orders", { printer: printer.name, count, plural: count === 1 ? "" : "s" }) : null;
  };
  const open = await refuseOpen();
  if (open) throw open;
  // The owner's PRINTERS_PER_OWNER slot comes back in the same transaction as the delete.
  const outcome = await writeTransaction(store, (entities) => [
    entities.printers
      .delete({ printerId })
      .where(
        (a, o) =>
          `${o.eq(a.ownerId, userId)} AND (${o.notExists(a.openOrders)} OR ${o.lte(a.openOrders, 0)}) AND ${listingAsRead(a, o, printer)}`,
      )
      .commit(),
    ...(printer.countedForOwner ? [giveBackHolding(entities, PRINTERS_PER_OWNER, userId)] : []),
    // A listed printer leaves the finder's counters with it (its index keys go with the item).
    ...listingCounterItems(entities, listingDeltas([{ before: printer, after: null }])),
  ]);
  if (!outcome.ok) {
    const { data: now } = await store.entities.printers.get({ printerId }).go({ consistent: true });
    if (now && now.ownerId === userId) throw (await refuseOpen()) ?? fail("printer_changed", { printer: printer.name });
    throw fail("not_your_printer");
  }
  return { ok: true as const, id: printerId };
}
