import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import { isConditionFailure } from "./db/conditional.ts";
import type { Store } from "./db/store.ts";

export interface NewNotification {
  userId: string;
  title: string;
  message: string;
  link?: string;
  /** The event this notification comes from: delivering that event again changes nothing. */
  sourceEventId?: string;
  createdAt?: string;
}

export async function createNotification(store: Store, n: NewNotification) {
  const notificationId = n.sourceEventId
    ? createHash("sha256").update(`${n.sourceEventId}:${n.userId}`).digest("hex").slice(0, 32)
    : randomUUID();
  try {
    await store.entities.notifications
      .create({ ...n, notificationId, isRead: false, createdAt: n.createdAt ?? new Date().toISOString() })
      .go();
  } catch (e) {
    // Events arrive at least once: an existing notification for this event is success.
    if (n.sourceEventId && isConditionFailure(e)) return;
    throw e;
  }
}

export const notificationSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    link: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Notification" });
export type PresentedNotification = z.infer<typeof notificationSchema>;

/** A user's notifications, newest first (the bell shows the first 5). */
export async function listNotifications(store: Store, userId: string, limit = 50): Promise<PresentedNotification[]> {
  const { data } = await store.entities.notifications.query.primary({ userId }).go({ order: "desc", limit });
  return data.map((n) => ({
    id: n.notificationId,
    title: n.title,
    message: n.message,
    isRead: n.isRead,
    link: n.link ?? null,
    createdAt: n.createdAt,
  }));
}
