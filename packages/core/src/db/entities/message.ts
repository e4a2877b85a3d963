import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * One message on an order's thread, between its customer and its printer's owner. Stored as
 * plain text (trimmed, ≤ 5,000 characters): the site shows it as text, never as HTML. Lives in
 * the job's partition (pk jobId), so a thread is one Query in time order.
 */
export const MessageEntity = new Entity({
  model: { entity: "message", version: "1", service: SERVICE },
  attributes: {
    jobId: { type: "string", required: true, readOnly: true },
    messageId: { type: "string", required: true, readOnly: true },
    senderId: { type: "string", required: true, readOnly: true },
    senderType: { type: ["customer", "printer"] as const, required: true, readOnly: true },
    text: { type: "string", required: true, readOnly: true },
    sentAt: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["jobId"] },
      sk: { ...keys.primary.sk, composite: ["sentAt", "messageId"] },
    },
  },
});
