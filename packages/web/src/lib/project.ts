import { discountsInWords } from "@printhood/core/shared/quantity-discounts";
import { type ProjectQuote, quoteProject } from "@printhood/core/shared/quote";
import type { Job, Printer } from "../api/types";

// Projects of several parts (issue 22) on the screens: every screen prices a saved print with core's
// one project quote (the server's quoteProject), from the parts the server measured, so the lines
// and the total agree with the server's to the cent.

/** What a saved print would cost on `printer` (or at the materials' list prices without one). */
export function projectQuote(
  draft: Pick<Job, "parts" | "deliveryMethod">,
  printer?: Pick<Printer, "pricePerGram" | "quantityDiscounts"> | null,
): ProjectQuote {
  return quoteProject(
    draft.parts.map((p) => ({ measured: p, material: p.material, quantity: p.quantity })),
    { deliveryMethod: draft.deliveryMethod },
    printer,
  );
}

/** Whether a saved print is a project (several parts, or copies): its screens then show a line per part. */
export const isProject = (parts: readonly { quantity: number }[]) => parts.length > 1 || parts.some((p) => p.quantity !== 1);

/** "Quantity discounts: 10% off from 10 copies" (null when the printer has none). */
export function discountsText(printer: Pick<Printer, "quantityDiscounts">): string | null {
  const words = discountsInWords(printer.quantityDiscounts);
  return words ? `Quantity discounts: ${words}` : null;
}

export { copiesInWords as copiesInWordsOf } from "@printhood/core/shared/parts";
