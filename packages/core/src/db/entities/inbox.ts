import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * A person's inbox stamp: `version` goes up (ADD 1, in the same transaction) with every write
 * that changes what their conversation or notification lists show. Polling clients send the
 * last ETag built from it, and an unchanged stamp is a 304 after one GetItem, never a Query.
 */
export const InboxEntity = new Entity({
  model: { entity: "inbox", version: "1", service: SERVICE },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    version: { type: "number", required: true, default: 0 },
    /**
     * When `version` last went up (epoch ms): for a few seconds after, the lists it versions may not
     * show the write yet (they read indexes DynamoDB updates eventually), so the stamp is not yet
     * settled and no answer is cached under it (inbox/inbox.ts stampOf).
     */
    bumpedAt: { type: "number" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["userId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
