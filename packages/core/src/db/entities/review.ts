import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * A customer's rating of the printer that made their order: one per order (the primary key is
 * the job, and the create is conditional on it not existing). Written in one transaction with
 * the printer's `ratingTotal`/`totalReviews` (ADD), so the average is exact under any number of
 * concurrent reviews.
 */
export const ReviewEntity = new Entity({
  model: { entity: "review", version: "1", service: SERVICE },
  attributes: {
    jobId: { type: "string", required: true, readOnly: true },
    printerId: { type: "string", required: true, readOnly: true },
    ownerId: { type: "string", required: true, readOnly: true },
    customerId: { type: "string", required: true, readOnly: true },
    rating: { type: "number", required: true, readOnly: true },
    comment: { type: "string", readOnly: true },
    fileName: { type: "string", required: true, readOnly: true },
    createdAt: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["jobId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    byPrinter: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["printerId"] },
      sk: { ...keys.gsi1.sk, composite: ["createdAt", "jobId"] },
    },
    byOwner: {
      ...keys.gsi2,
      pk: { ...keys.gsi2.pk, composite: ["ownerId"] },
      sk: { ...keys.gsi2.sk, composite: ["createdAt", "jobId"] },
    },
  },
});
