import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * An order's expiry deadline: one item per order that is waiting for payment or for its owner,
 * written and deleted in the same transactions as the order's status changes. The expiry sweep
 * reads the partition up to "now" (a key query, strongly consistent, never a scan).
 */
export const DeadlineEntity = new Entity({
  model: { entity: "deadline", version: "1", service: SERVICE },
  attributes: {
    kind: { type: ["expiry"] as const, required: true, readOnly: true },
    /** ISO time; sorts in time order. */
    dueAt: { type: "string", required: true, readOnly: true },
    jobId: { type: "string", required: true, readOnly: true },
    reason: { type: ["unpaid", "unaccepted"] as const, required: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["kind"] },
      sk: { ...keys.primary.sk, composite: ["dueAt", "jobId"] },
    },
  },
});
