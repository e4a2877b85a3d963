// The light rules of a project's parts (issue 22) for cards and lists: no quote, so the pages that
// only show parts (order cards, the owner's queue) do not load the pricing and analysis modules.
import { isProjectOf, partCountsOf } from "@printhood/core/shared/parts";
import { discountsInWords } from "@printhood/core/shared/quantity-discounts";
import type { Printer } from "../api/types";

export { copiesInWords as copiesInWordsOf, isProjectOf } from "@printhood/core/shared/parts";

/** Whether a saved print is a project (several parts, or copies): its screens then show a line per part. */
export const isProject = (parts: readonly { quantity: number }[]) => isProjectOf(partCountsOf(parts));

/** "Quantity discounts: 10% off from 10 copies" (null when the printer has none). */
export function discountsText(printer: Pick<Printer, "quantityDiscounts">): string | null {
  const words = discountsInWords(printer.quantityDiscounts);
  return words ? `Quantity discounts: ${words}` : null;
}
