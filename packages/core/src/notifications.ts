import { createHash, randomUUID } from "node:crypto";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { isConditionFailure } from "./db/conditional.ts";
import type { Store } from "./db/store.ts";
import { transact } from "./db/transact.ts";
import { bumpInbox, inboxVersion } from "./inbox/inbox.ts";
import { fail } from "./shared/errors.ts";

export interface NewNotification {
  userId: string;
  title: string;
  message: string;
  /** The page it opens: /order/{id}, /messages?job={id}, /printer-dashboard. */
  link?: string;
  /** The event it comes from: delivering that event again changes nothing. */
  sourceEventId?: string;
  createdAt?: string;
}

/** `YYYYMMDDHHmmssSSS`: ids that sort by time (db/entities/notification.ts). */
const stamp = (iso: string) => iso.replace(/\D/g, "").slice(0, 17).padEnd(17, "0");

/** A notification's id: its time, then a part made from (event, recipient) when it has an event. */
export function notificationIdFor(n: Pick<NewNotification, "userId" | "sourceEventId">, createdAt: string): string {
  const tail = n.sourceEventId
    ? createHash("sha256").update(`${n.sourceEventId}:${n.userId}`).digest("hex").slice(0, 24)
    : randomUUID().replace(/-/g, "").slice(0, 24);
  return `${stamp(createdAt)}-${tail}`;
}

/**
 * Create a notification and move the recipient's inbox stamp, in one transaction. With a
 * source event the id is fixed by (event, recipient) and the create is conditional, so a
 * redelivered event creates nothing: answers false when it already existed.
 */
export async function createNotification(store: Store, n: NewNotification): Promise<boolean> {
  const createdAt = n.createdAt ?? new Date().toISOString();
  const notificationId = notificationIdFor(n, createdAt);
  const result = await transact(() =>
    store.service.transaction
      .write(({ notifications, inboxes }) => [
        notifications.create({ ...n, notificationId, createdAt, isRead: false, unreadFor: n.userId }).commit(),
        bumpInbox({ inboxes }, n.userId),
      ])
      .go(),
  );
  if (result.ok) return true;
  if (result.failed.includes(0)) return false;
  throw new Error("notification transaction failed");
}

/** The newest notifications shown by the bell and its list (spec 1 §3 Notification, plus link). */
export const NOTIFICATION_LIST_LIMIT = 50;

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

export type NotificationList =
  | { version: string; notModified: true }
  | { version: string; notModified: false; notifications: PresentedNotification[] };

/** The inbox stamp as the notification list's version (an unchanged list is one GetItem). */
const versionOf = async (store: Store, userId: string) => `n${await inboxVersion(store, userId)}`;

/** A user's notifications, newest first (the bell shows the first 5). */
export async function listNotifications(store: Store, userId: string, knownVersion?: string): Promise<NotificationList> {
  const version = await versionOf(store, userId);
  if (knownVersion === version) return { version, notModified: true };
  const { data } = await store.entities.notifications.query.primary({ userId }).go({ order: "desc", limit: NOTIFICATION_LIST_LIMIT });
  return {
    version,
    notModified: false,
    notifications: data.map((n) => ({
      id: n.notificationId,
      title: n.title,
      message: n.message,
      isRead: n.isRead,
      link: n.link ?? null,
      createdAt: n.createdAt,
    })),
  };
}

export const unreadCountSchema = z.object({ unreadCount: z.number().int() }).meta({ id: "UnreadCount" });
export const markedSchema = z.object({ marked: z.number().int() }).meta({ id: "MarkedRead" });

export type UnreadCount = { version: string; notModified: true } | { version: string; notModified: false; unreadCount: number };

/**
 * How many of a user's notifications are unread: a COUNT query on the sparse unread index
 * (only unread items are in it), so it never reads the notifications themselves.
 */
export async function unreadNotificationCount(store: Store, userId: string, knownVersion?: string): Promise<UnreadCount> {
  const version = await versionOf(store, userId);
  if (knownVersion === version) return { version, notModified: true };
  const params = store.entities.notifications.query.unread({ unreadFor: userId }).params<Record<string, unknown>>();
  let unreadCount = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await store.client.send(new QueryCommand({ ...params, Select: "COUNT", ExclusiveStartKey } as never));
    unreadCount += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { version, notModified: false, unreadCount };
}

const notificationNotFound = () => fail("notification_not_found");

/**
 * Mark one of the signed-in user's notifications read. The key includes the user, so another
 * person's id is simply not found. Marking a read one again is fine (nothing changes).
 */
export async function markNotificationRead(store: Store, userId: string, notificationId: string): Promise<void> {
  if (!/^\d{17}-[0-9a-f]{24}$/.test(notificationId)) throw notificationNotFound();
  const result = await transact(() =>
    store.service.transaction
      .write(({ notifications, inboxes }) => [
        notifications
          .patch({ userId, notificationId })
          .set({ isRead: true })
          .remove(["unreadFor"])
          .where((a, o) => o.eq(a.isRead, false))
          .commit(),
        bumpInbox({ inboxes }, userId),
      ])
      .go(),
  );
  if (result.ok) return;
  const existing = (await store.entities.notifications.get({ userId, notificationId }).go({ consistent: true })).data;
  if (!existing) throw notificationNotFound();
}

/** Mark every unread notification of the user read (read from the sparse index); answers how many. */
export async function markAllNotificationsRead(store: Store, userId: string): Promise<number> {
  const { data } = await store.entities.notifications.query
    .unread({ unreadFor: userId })
    .go({ pages: "all", attributes: ["notificationId"] });
  let marked = 0;
  for (let i = 0; i < data.length; i += 10) {
    const chunk = data.slice(i, i + 10);
    await Promise.all(
      chunk.map(async ({ notificationId }) => {
        try {
          await store.entities.notifications
            .patch({ userId, notificationId })
            .set({ isRead: true })
            .remove(["unreadFor"])
            .where((a, o) => o.eq(a.isRead, false))
            .go();
          marked++;
        } catch (e) {
          // Read in the meantime (another tab): nothing to do.
          if (!isConditionFailure(e)) throw e;
        }
      }),
    );
  }
  if (marked > 0) await store.entities.inboxes.upsert({ userId }).add({ version: 1 }).go();
  return marked;
}
