import { z } from "zod";
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX_LENGTH } from "../shared/conversation.ts";
import { cleanLines } from "../shared/text.ts";

/** POST /api/print-jobs/{id}/review: 1 to 5 whole stars and an optional comment (strict: nothing else). */
export const createReviewInput = z
  .strictObject({
    rating: z
      .number({ error: `Please choose a rating from ${RATING_MIN} to ${RATING_MAX} stars.` })
      .int(`Please choose a rating from ${RATING_MIN} to ${RATING_MAX} stars.`)
      .min(RATING_MIN, `Please choose a rating from ${RATING_MIN} to ${RATING_MAX} stars.`)
      .max(RATING_MAX, `Please choose a rating from ${RATING_MIN} to ${RATING_MAX} stars.`),
    comment: z
      .string()
      .overwrite(cleanLines)
      .trim()
      .max(REVIEW_COMMENT_MAX_LENGTH, `Comments can be at most ${REVIEW_COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters.`)
      .optional(),
  })
  .meta({ id: "CreateReviewInput" });

export type CreateReviewInput = z.infer<typeof createReviewInput>;
