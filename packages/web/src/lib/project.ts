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
