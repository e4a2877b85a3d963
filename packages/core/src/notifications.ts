import { createHash, randomUUID } from "node:crypto";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { isConditionFailure } from "./db/conditional.ts";
import type { Store } from "./db/store.ts";
import { transact } from "./db/transact.ts";
import { threadLink } from "./events/notify.ts";
import { bumpInbox, bumpInboxNow, inboxVersion } from "./inbox/inbox.ts";
import { keyPage, mapPage, type Page, type PageAsk } from "./paging/page.ts";
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

/** A thread's side (customer or owner) for one of its two people: the fields that are theirs. */
const sideOf = (thread: { customerId: string; ownerId: string }, userId: string) =>
  userId === thread.customerId
    ? ({ unread: "customerUnread", notice: "customerNoticeId" } as const)
    : userId === thread.ownerId
      ? ({ unread: "ownerUnread", notice: "ownerNoticeId" } as const)
      : null;

/**
 * The recipient's one bell entry for an order's thread, on a new message: while the thread has
 * messages they have not read, a notification made by `content` from how many, at the top of the
 * list, replacing their previous entry for the thread (the thread keeps its id: `customerNoticeId`,
 * `ownerNoticeId`). A chatty thread is one entry, not one per message. Nothing is made when they
 * have read the thread already (it was open), nor when their entry is this message's or a newer
 * one's (a redelivered event, or events out of order: ids start with the time). The write is
 * conditional on the unread count read, so an entry never outlives a reading of the thread
 * (messages/read.ts marks the entry the thread then names read) and its count is the thread's.
 */
export async function noteThreadMessage(
  store: Store,
  n: {
    userId: string;
    jobId: string;
    sourceEventId: string;
    createdAt: string;
    content: (unread: number) => { title: string; message: string; link: string };
  },
): Promise<boolean> {
  const notificationId = notificationIdFor(n, n.createdAt);
  for (let tries = 1; tries <= 8; tries++) {
    const thread = (await store.entities.threads.get({ jobId: n.jobId }).go({ consistent: true })).data;
    const side = thread && sideOf(thread, n.userId);
    if (!thread || !side) return false;
    const unread = thread[side.unread];
    const previous = thread[side.notice];
    if (unread === 0 || (previous && previous >= notificationId)) return false;
    const result = await transact(() =>
      store.service.transaction
        .write(({ notifications, threads, inboxes }) => [
          threads
            .patch({ jobId: n.jobId })
            .set({ [side.notice]: notificationId })
            .where(
              (a, o) => `${o.eq(a[side.unread], unread)} AND ${previous ? o.eq(a[side.notice], previous) : o.notExists(a[side.notice])}`,
            )
            .commit(),
          notifications
            .create({
              userId: n.userId,
              notificationId,
              ...n.content(unread),
              sourceEventId: n.sourceEventId,
              createdAt: n.createdAt,
              isRead: false,
              unreadFor: n.userId,
            })
            .commit(),
          ...(previous ? [notifications.delete({ userId: n.userId, notificationId: previous }).commit()] : []),
          bumpInbox({ inboxes }, n.userId),
        ])
        .go(),
    );
    if (result.ok) return true;
    // The thread moved on (a message came, or it was read): look again.
    if (!result.failed.includes(0)) return false;
  }
  throw new Error("a thread's bell entry kept changing");
}

/**
 * Mark the person's bell entry for a thread read (they have read the thread): the one the thread names
 * now, read consistently after the reading was written, so an entry written before it is this one.
 */
export async function markThreadNoticeRead(store: Store, userId: string, jobId: string): Promise<boolean> {
  const thread = (await store.entities.threads.get({ jobId }).go({ consistent: true })).data;
  const side = thread && sideOf(thread, userId);
  const notificationId = side ? thread[side.notice] : undefined;
  if (!notificationId) return false;
  return markOneRead(store, userId, notificationId);
}

/** One unread notification marked read, and the person's inbox stamp moved on: false when it was read already or is not there. */
async function markOneRead(store: Store, userId: string, notificationId: string): Promise<boolean> {
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
  return result.ok;
}

/**
 * The newest notifications answered to a caller that asks for no page (the spec's array); the bell
 * asks for pages of its own size.
 */
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
  | { version: string; notModified: false; page: Page<PresentedNotification> };

/** The inbox stamp as the notification list's version (an unchanged list is one GetItem). */
const versionOf = async (store: Store, userId: string) => `n${await inboxVersion(store, userId)}`;

/** Where a page of notifications ended: the last one's id (the sort key, which starts with its time). */
const notificationPosition = z.strictObject({ n: z.string().max(60) });

/**
 * A page of a user's notifications, newest first (issue 23): read from the partition's sort key
 * where the last page ended. With `knownVersion` equal to the inbox stamp, nothing else is read
 * (the bell's poll of its first page; a later page is asked without one).
 */
export async function listNotifications(store: Store, userId: string, ask: PageAsk, knownVersion?: string): Promise<NotificationList> {
  const version = await versionOf(store, userId);
  if (knownVersion === version) return { version, notModified: true };
  const page = await keyPage(
    ask,
    `notifications:${userId}`,
    notificationPosition,
    async (after, n) => {
      const q = store.entities.notifications.query.primary({ userId });
      const ranged = after ? q.lt({ notificationId: after.n }) : q;
      return (await ranged.go({ order: "desc", limit: n })).data;
    },
    (n) => ({ n: n.notificationId }),
  );
  return {
    version,
    notModified: false,
    page: await mapPage(page, (items) =>
      items.map((n) => ({
        id: n.notificationId,
        title: n.title,
        message: n.message,
        isRead: n.isRead,
        link: n.link ?? null,
        createdAt: n.createdAt,
      })),
    ),
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
  if (await markOneRead(store, userId, notificationId)) return;
  const existing = (await store.entities.notifications.get({ userId, notificationId }).go({ consistent: true })).data;
  if (!existing) throw notificationNotFound();
}

/** How many unread ids "mark all read" reads from the index at a time. */
const MARK_ALL_PAGE = 100;

/**
 * Mark every unread notification of the user read; answers how many. It reads the sparse unread
 * index (a notification leaves it when read), a page of ids at a time, never the notifications
 * themselves nor the read ones: its reads are the writes it has to make anyway, however long the
 * person's history (issue 23).
 */
export async function markAllNotificationsRead(store: Store, userId: string): Promise<number> {
  let marked = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { notificationId: string }[]; cursor: string | null } = await store.entities.notifications.query
      .unread({ unreadFor: userId })
      .go({ cursor, limit: MARK_ALL_PAGE, attributes: ["notificationId"] });
    marked += await markRead(store, userId, page.data);
    cursor = page.cursor;
  } while (cursor);
  if (marked > 0) await bumpInboxNow(store, userId);
  return marked;
}

/**
 * Mark the user's unread "New message" notifications of one order's thread read: reading the thread
 * has read them. They are the unread ones leading to the thread's page (events/notify.ts threadLink),
 * found on the sparse unread index, so only the person's unread notifications are read. The inbox
 * stamp moves on when any was marked (the bell's count drops at its next poll). Answers how many.
 */
export async function markThreadNotificationsRead(store: Store, userId: string, jobId: string): Promise<number> {
  const link = threadLink(jobId);
  let marked = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { notificationId: string }[]; cursor: string | null } = await store.entities.notifications.query
      .unread({ unreadFor: userId })
      .where((a, o) => o.eq(a.link, link))
      .go({ cursor, limit: MARK_ALL_PAGE, attributes: ["notificationId"] });
    marked += await markRead(store, userId, page.data);
    cursor = page.cursor;
  } while (cursor);
  if (marked > 0) await bumpInboxNow(store, userId);
  return marked;
}

/** Marks these read, ten at a time; answers how many were still unread. */
async function markRead(store: Store, userId: string, ids: { notificationId: string }[]): Promise<number> {
  let marked = 0;
  for (let i = 0; i < ids.length; i += 10) {
    await Promise.all(
      ids.slice(i, i + 10).map(async ({ notificationId }) => {
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
  return marked;
}
