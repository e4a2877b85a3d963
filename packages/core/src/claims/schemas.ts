import { z } from "zod";
import {
  CLAIM_DESCRIPTION_MAX,
  CLAIM_DESCRIPTION_MIN,
  CLAIM_OUTCOMES,
  CLAIM_REASONS,
  CLAIM_REMEDIES,
  OWNER_CLAIM_ACTIONS,
} from "../shared/claims.ts";
import { DOLLAR_AMOUNT_HINT, dollarsToCents } from "../shared/dollars.ts";
import { MAX_PHOTOS_PER_LINK } from "../shared/photos.ts";
import { cleanLines } from "../shared/text.ts";

/** The inputs of the guarantee's calls (issue 21 §4): strict, in the words the forms show. */

const photoIds = z
  .array(z.string().min(1).max(64))
  .max(MAX_PHOTOS_PER_LINK, `At most ${MAX_PHOTOS_PER_LINK} photos can be attached.`)
  .default([]);

const words = (min: number, max: number, what: string) =>
  z
    .string()
    .transform((s) => cleanLines(s))
    .pipe(
      z
        .string()
        .min(min, min > 1 ? `Please describe ${what} in at least ${min} characters.` : `Please write ${what}.`)
        .max(max, `${what[0]?.toUpperCase()}${what.slice(1)} can be at most ${max} characters.`),
    );

/**
 * An amount in dollars, as `totalCost` is ("12.50" or 12.5): more than zero, whole cents. Turned
 * into integer cents here (architecture rule 9).
 */
export const dollarAmount = z
  .union([z.number(), z.string().trim().max(16)])
  .transform((v, ctx) => {
    const cents = dollarsToCents(v);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: "custom", message: DOLLAR_AMOUNT_HINT });
      return z.NEVER;
    }
    return cents;
  })
  .meta({ description: 'Dollars, as totalCost is: 12.50 or "12.50"' });

export const openClaimInput = z
  .strictObject({
    reason: z.enum(CLAIM_REASONS, { error: `Please choose a reason: ${CLAIM_REASONS.join(", ")}.` }),
    description: words(CLAIM_DESCRIPTION_MIN, CLAIM_DESCRIPTION_MAX, "the problem"),
    photoIds,
    remedy: z.enum(CLAIM_REMEDIES, { error: "Please choose what you would like: refund or reprint." }),
  })
  .meta({ id: "OpenClaimInput" });
export type OpenClaimInput = z.output<typeof openClaimInput>;

export const claimResponseInput = z
  .strictObject({
    action: z.enum(OWNER_CLAIM_ACTIONS, { error: `Please choose one of: ${OWNER_CLAIM_ACTIONS.join(", ")}.` }),
    amount: dollarAmount.optional(),
    message: words(1, CLAIM_DESCRIPTION_MAX, "a message to the customer"),
    photoIds,
  })
  .refine((v) => v.action !== "offer_partial" || v.amount !== undefined, {
    message: "Please give the amount of the partial refund you offer.",
    path: ["amount"],
  })
  .meta({ id: "ClaimResponseInput" });
export type ClaimResponseInput = z.output<typeof claimResponseInput>;

export const declineOfferInput = z
  .strictObject({ message: words(1, CLAIM_DESCRIPTION_MAX, "why the offer does not work for you").optional() })
  .meta({ id: "DeclineOfferInput" });

export const staffDecisionInput = z
  .strictObject({
    outcome: z.enum(CLAIM_OUTCOMES, { error: `Please choose one of: ${CLAIM_OUTCOMES.join(", ")}.` }),
    amount: dollarAmount.optional(),
    reason: words(1, CLAIM_DESCRIPTION_MAX, "the reason both sides will read"),
  })
  .refine((v) => v.outcome !== "refund_partial" || v.amount !== undefined, {
    message: "Please give the amount to refund.",
    path: ["amount"],
  })
  .meta({ id: "StaffClaimDecisionInput" });
export type StaffDecisionInput = z.output<typeof staffDecisionInput>;

export const reprintHandedOverInput = z
  .strictObject({
    carrier: z.string().trim().min(1).max(60).optional(),
    trackingNumber: z.string().trim().min(1).max(80).optional(),
  })
  .meta({ id: "ReprintHandedOverInput" });
