// The light rules of a project's parts (issue 22) for cards and lists: no quote, so the pages that
// only show parts (order cards, the owner's queue) do not load the pricing and analysis modules.
import { discountsInWords } from "@printhood/core/shared/quantity-discounts";
import type { Printer } from "../api/types";

export { copiesInWords as copiesInWordsOf } from "@printhood/core/shared/parts";

/** Whether a saved print is a project (several parts, or copies): its screens then show a line per part. */
export const isProject = (parts: readonly { quantity: number }[]) => parts.length > 1 || parts.some((p) => p.quantity !== 1);

/** "Quantity discounts: 10% off from 10 copies" (null when the printer has none). */
export function discountsText(printer: Pick<Printer, "quantityDiscounts">): string | null {
  const words = discountsInWords(printer.quantityDiscounts);
  return words ? `Quantity discounts: ${words}` : null;
}
