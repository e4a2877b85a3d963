import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * An in-app notification (the bell). `notificationId` starts with the creation time
 * (`YYYYMMDDHHmmssSSS-…`), so the partition reads newest first and one id is enough to find an
 * item (mark one read). An id made from the source event and the recipient makes the consumer
 * idempotent: the create is conditional on the item not existing.
 *
 * `unreadFor` (the recipient's id) is set only while unread: the gsi1 index over it is sparse,
 * so the unread count and "mark all read" read only unread items.
 */
export const NotificationEntity = new Entity({
  model: { entity: "notification", version: "2", service: SERVICE },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    notificationId: { type: "string", required: true, readOnly: true },
    title: { type: "string", required: true },
    message: { type: "string", required: true },
    isRead: { type: "boolean", required: true, default: false },
    unreadFor: { type: "string" },
    /** The page the notification opens, e.g. /order/{id}, /messages?job={id}, /printer-dashboard. */
    link: { type: "string" },
    /** The domain event it comes from (idempotence and tracing). */
    sourceEventId: { type: "string" },
    createdAt: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["userId"] },
      sk: { ...keys.primary.sk, composite: ["notificationId"] },
    },
    unread: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["unreadFor"] },
      sk: { ...keys.gsi1.sk, composite: ["notificationId"] },
    },
  },
});
