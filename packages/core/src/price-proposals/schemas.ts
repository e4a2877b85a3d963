import { z } from "zod";
import { PRICE_REASON_MAX_LENGTH } from "../shared/sizes.ts";
import { cleanLines } from "../shared/text.ts";

/** POST /api/print-jobs/{id}/price-proposal: the owner's adjusted total (cents, delivery included) and why. */
export const priceProposalInput = z
  .strictObject({
    totalCents: z
      .number({ error: "Please enter the new price." })
      .int("The new price must be in whole cents.")
      .positive("The new price must be more than zero.")
      .meta({ description: "The new total the customer would pay, delivery included, in cents" }),
    reason: z
      .string({ error: "Please say why the price changes." })
      .transform((s) => cleanLines(s))
      .pipe(
        z
          .string()
          .min(1, "Please say why the price changes.")
          .max(PRICE_REASON_MAX_LENGTH, `The reason can be at most ${PRICE_REASON_MAX_LENGTH} characters.`),
      )
      .meta({ description: "Why, in the owner's words (the customer reads it)" }),
  })
  .meta({ id: "PriceProposalInput" });
export type PriceProposalInput = z.output<typeof priceProposalInput>;
