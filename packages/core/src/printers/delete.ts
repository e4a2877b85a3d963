import type { Store } from "../db/store.ts";
import { VisibleError } from "../shared/errors.ts";
import { NOT_YOUR_PRINTER, ownPrinter } from "./update.ts";

/** Delete a printer its owner no longer lists; conditional on the owner (architecture rule 5). */
export async function deletePrinter(store: Store, userId: string, printerId: string) {
  await ownPrinter(store, userId, printerId);
  await store.entities.printers
    .delete({ printerId })
    .where((a, o) => o.eq(a.ownerId, userId))
    .go()
    .catch((e: unknown) => {
      if (
        String((e as Error).message)
          .toLowerCase()
          .includes("conditional")
      )
        throw new VisibleError("forbidden", "not_your_printer", NOT_YOUR_PRINTER);
      throw e;
    });
  return { ok: true as const, id: printerId };
}
