import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

export const NotificationEntity = new Entity({
  model: { entity: "notification", version: "1", service: SERVICE },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    notificationId: { type: "string", required: true, readOnly: true },
    title: { type: "string", required: true },
    message: { type: "string", required: true },
    isRead: { type: "boolean", required: true, default: false },
    /** Link the notification points at, e.g. /order/123. */
    link: { type: "string" },
    /** Makes consumers idempotent: one notification per source event and recipient. */
    sourceEventId: { type: "string" },
    createdAt: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["userId"] },
      sk: { ...keys.primary.sk, composite: ["createdAt", "notificationId"] },
    },
  },
});
