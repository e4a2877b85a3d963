import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * An order's deadlines, each written and deleted in the same transaction as the change that starts
 * or ends it; a sweep reads its kind's partition up to "now" (a key query, never a scan).
 * `expiry`: an order waiting for payment or for its owner (orders/expire.ts). `claimWindow`: the
 * end of the claim window of an order in the customer's hands, when its held earnings free up
 * (ledger/held.ts).
 */
export const DeadlineEntity = new Entity({
  model: { entity: "deadline", version: "1", service: SERVICE },
  attributes: {
    kind: { type: ["expiry", "claimWindow"] as const, required: true, readOnly: true },
    /** ISO time; sorts in time order. */
    dueAt: { type: "string", required: true, readOnly: true },
    jobId: { type: "string", required: true, readOnly: true },
    reason: { type: ["unpaid", "unaccepted", "claim_window"] as const, required: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["kind"] },
      sk: { ...keys.primary.sk, composite: ["dueAt", "jobId"] },
    },
  },
});
