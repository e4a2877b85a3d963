import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * That one consumer has handled one event (EventBridge delivers at least once). Created where it
 * does not exist before the consumer acts, for consumers whose effect cannot itself be keyed by
 * the event, such as counting a figure (ops/receipts.ts). Kept two days, long past any redelivery.
 */
export const EventReceiptEntity = new Entity({
  model: { entity: "eventReceipt", version: "1", service: SERVICE },
  attributes: {
    consumer: { type: "string", required: true, readOnly: true },
    eventId: { type: "string", required: true, readOnly: true },
    receivedAt: { type: "string", required: true },
    /** Epoch seconds (the table's TTL). */
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["consumer", "eventId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
