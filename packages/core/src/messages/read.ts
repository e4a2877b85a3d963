import { z } from "zod";
import type { Store } from "../db/store.ts";
import { transact } from "../db/transact.ts";
import { bumpInbox } from "../inbox/inbox.ts";
import { markThreadNoticeRead, markThreadNotificationsRead } from "../notifications.ts";
import { firstPageOnly, keyPage, type PageAsk } from "../paging/page.ts";
import { type Participants, participantsFor } from "./access.ts";
import { namesOf, type PresentedMessage, presentMessage } from "./present.ts";

/** A thread is shown whole up to this many messages (the newest ones). */
export const THREAD_LIMIT = 500;

/** The thread's version: changes with every message, so polling can be answered with a 304. */
const versionOf = (p: Participants) => (p.thread ? `m${p.thread.messageCount}-${p.thread.lastMessageId}` : "m0");

export type OpenedThread =
  | { version: string; notModified: true }
  | { version: string; notModified: false; messages: PresentedMessage[]; nextCursor?: string | undefined };

/** Where a page of a thread ended: its oldest message's time and id (the thread's sort key). */
const messagePosition = z.strictObject({ s: z.string().max(40), m: z.string().max(60) });

/**
 * Open an order's thread (by its id or number) for its customer or its printer's owner (anyone else: 404): the
 * messages oldest first, and the thread marked read for that person. With `knownVersion`
 * equal to the current one, nothing is read beyond the summary and nothing changes. Asked for a
 * page (`ask`, issue 23), the newest `ask.size` messages before the marker, still oldest first
 * within the page; `nextCursor` then reaches the older ones (the screen loads them scrolling up).
 */
export async function openThread(store: Store, userId: string, ref: string, knownVersion?: string, ask?: PageAsk): Promise<OpenedThread> {
  const p = await participantsFor(store, userId, ref);
  const version = versionOf(p);
  if (knownVersion === version) return { version, notModified: true };
  // No thread yet: nothing to read, unless a marker came, which is checked (a made-up one is a 400).
  if (!p.thread && !ask?.cursor) return { version, notModified: false, messages: [] };

  const page = await keyPage(
    ask ?? firstPageOnly(THREAD_LIMIT),
    `messages:${p.jobId}`,
    messagePosition,
    async (after, n) => {
      const q = store.entities.messages.query.primary({ jobId: p.jobId });
      const ranged = after ? q.lt({ sentAt: after.s, messageId: after.m }) : q;
      return (await ranged.go({ order: "desc", limit: n })).data;
    },
    (m) => ({ s: m.sentAt, m: m.messageId }),
  );
  const records = page.items.reverse();
  const names = await namesOf(store, [p.customerId, p.ownerId]);
  const messages = records.map((m) => presentMessage(m, p.customerId, names.get(m.senderId)));
  await markRead(store, userId, p);
  return { version, notModified: false, messages, ...(ask ? { nextCursor: page.nextCursor } : {}) };
}

/**
 * Mark the thread read for `userId`, conditional on no newer message having arrived since it
 * was read (a message landing in between stays unread). The pending "unread message" e-mail for
 * this person is dropped in the same transaction, and their inbox stamp moves on. Their bell's
 * entry for this thread is then marked read too: they have read it.
 */
async function markRead(store: Store, userId: string, p: Participants) {
  const thread = p.thread;
  if (!thread) return;
  const field = p.role === "customer" ? "customerUnread" : "ownerUnread";
  if (thread[field] === 0) return;
  const result = await transact(() =>
    store.service.transaction
      .write(({ threads, inboxes, emailReminders }) => [
        threads
          .patch({ jobId: p.jobId })
          .set({ [field]: 0 })
          .where((a, o) => o.eq(a.lastMessageId, thread.lastMessageId))
          .commit(),
        bumpInbox({ inboxes }, userId),
        emailReminders.delete({ jobId: p.jobId, recipientId: userId }).commit(),
      ])
      .go(),
  );
  if (!result.ok) return;
  // The thread's one entry, as the thread names it now (notifications.ts noteThreadMessage)…
  await markThreadNoticeRead(store, userId, p.jobId);
  // …and any entries from before there was one per thread (one per message, found on the unread index).
  await markThreadNotificationsRead(store, userId, p.jobId);
}
