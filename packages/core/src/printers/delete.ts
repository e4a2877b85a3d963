import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { fail } from "../shared/errors.ts";
import { ownPrinter } from "./update.ts";

/** Delete a printer its owner no longer lists; conditional on the owner (architecture rule 5). */
export async function deletePrinter(store: Store, userId: string, printerId: string): Promise<{ ok: true; id: string }> {
  await ownPrinter(store, userId, printerId);
  await store.entities.printers
    .delete({ printerId })
    .where((a, o) => o.eq(a.ownerId, userId))
    .go()
    .catch((e: unknown) => {
      throw isConditionFailure(e) ? fail("not_your_printer") : e;
    });
  return { ok: true as const, id: printerId };
}
