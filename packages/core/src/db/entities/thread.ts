import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * The conversation summary of one order: who takes part, the last message, and each side's
 * unread count. Written in the same transaction as every message (an upsert that ADDs to the
 * counters), so the summary never disagrees with the thread. Each participant finds their
 * conversations through one index: the customer through gsi1, the printer's owner through gsi2,
 * newest message first.
 */
export const ThreadEntity = new Entity({
  model: { entity: "thread", version: "1", service: SERVICE },
  attributes: {
    jobId: { type: "string", required: true, readOnly: true },
    customerId: { type: "string", required: true },
    ownerId: { type: "string", required: true },
    printerId: { type: "string", required: true },
    fileName: { type: "string", required: true },
    /** The order's number (10423 for PH-10423), copied when the thread starts; threads begun before it have none. */
    orderNumber: { type: "number" },
    messageCount: { type: "number", required: true, default: 0 },
    lastMessageId: { type: "string", required: true },
    lastMessageAt: { type: "string", required: true },
    /** The last message's text, cut to a preview length for the conversation list. */
    lastMessage: { type: "string", required: true },
    lastSenderId: { type: "string", required: true },
    customerUnread: { type: "number", required: true, default: 0 },
    ownerUnread: { type: "number", required: true, default: 0 },
    /**
     * Each side's one bell entry for this thread (notifications.ts threadNotice): the id of the
     * customer's and the owner's latest "New message" notification. A new message replaces it with
     * one at the top that counts the unread messages; reading the thread marks it read.
     */
    customerNoticeId: { type: "string" },
    ownerNoticeId: { type: "string" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["jobId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    byCustomer: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["customerId"] },
      sk: { ...keys.gsi1.sk, composite: ["lastMessageAt", "jobId"] },
    },
    byOwner: {
      ...keys.gsi2,
      pk: { ...keys.gsi2.pk, composite: ["ownerId"] },
      sk: { ...keys.gsi2.sk, composite: ["lastMessageAt", "jobId"] },
    },
  },
});
