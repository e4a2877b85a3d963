import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

export const VERIFICATION_STATUSES = ["pending", "approved", "retry"] as const;

/**
 * One attempt at a printer's quality test (issue 21 point 1): the owner's measurements of the
 * printed test piece, the comparison with its nominal dimensions (kept as it was judged when sent),
 * the photos, and staff's decision with its note. A printer has one attempt pending at most: the
 * attempt is created in one transaction with the printer's move to `awaiting_review`, conditional
 * on its state. Staff's queue reads the pending ones, oldest first (gsi2).
 */
export const VerificationEntity = new Entity({
  model: { entity: "verification", version: "1", service: SERVICE },
  attributes: {
    verificationId: { type: "string", required: true, readOnly: true },
    printerId: { type: "string", required: true, readOnly: true },
    ownerId: { type: "string", required: true, readOnly: true },
    /** 1 for the first attempt, then 2, 3… */
    attempt: { type: "number", required: true, readOnly: true },
    status: { type: VERIFICATION_STATUSES, required: true, default: "pending" },
    photoIds: { type: "list", items: { type: "string" }, required: true, readOnly: true },
    /** Each dimension as measured and judged (verification/tolerance.ts), in the test piece's order. */
    results: {
      type: "list",
      required: true,
      readOnly: true,
      items: {
        type: "map",
        properties: {
          key: { type: "string", required: true },
          nominalMm: { type: "number", required: true },
          measuredMm: { type: "number", required: true },
          deviationMm: { type: "number", required: true },
          toleranceMm: { type: "number", required: true },
          withinTolerance: { type: "boolean", required: true },
        },
      },
    },
    allWithinTolerance: { type: "boolean", required: true, readOnly: true },
    submittedAt: { type: "string", required: true, readOnly: true },
    decidedAt: { type: "string" },
    decidedBy: { type: "string" },
    /** Staff's words to the owner: why approved, or what to change for the next attempt. */
    note: { type: "string" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["verificationId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    /** A printer's attempts, newest last. */
    byPrinter: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["printerId"] },
      sk: { ...keys.gsi1.sk, composite: ["submittedAt", "verificationId"] },
    },
    /** Attempts by status, oldest first: staff's queue reads `pending`. */
    byStatus: {
      ...keys.gsi2,
      pk: { ...keys.gsi2.pk, composite: ["status"] },
      sk: { ...keys.gsi2.sk, composite: ["submittedAt", "verificationId"] },
    },
  },
});
