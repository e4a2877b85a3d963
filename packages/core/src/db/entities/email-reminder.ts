import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * "You have an unread message" e-mail, due a few minutes after the first message a person has
 * not read on an order's thread. One per (order, recipient) at a time: later messages do not
 * postpone it. The sweep reads due reminders from gsi3 (one partition ordered by `dueAt`),
 * sends the e-mail if the thread is still unread for that person, and deletes the reminder.
 */
export const EmailReminderEntity = new Entity({
  model: { entity: "emailReminder", version: "1", service: SERVICE },
  attributes: {
    jobId: { type: "string", required: true, readOnly: true },
    recipientId: { type: "string", required: true, readOnly: true },
    /** The first unread message: the e-mail is about it and later ones. */
    messageId: { type: "string", required: true },
    sentAt: { type: "string", required: true },
    dueAt: { type: "string", required: true },
    /** Epoch seconds: a forgotten reminder disappears after a week. */
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["jobId", "recipientId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    due: {
      ...keys.gsi3,
      pk: { ...keys.gsi3.pk, composite: [] },
      sk: { ...keys.gsi3.sk, composite: ["dueAt", "jobId", "recipientId"] },
    },
  },
});
