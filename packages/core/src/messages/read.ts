import type { Store } from "../db/store.ts";
import { transact } from "../db/transact.ts";
import { bumpInbox } from "../inbox/inbox.ts";
import { type Participants, participantsFor } from "./access.ts";
import { namesOf, type PresentedMessage, presentMessage } from "./present.ts";

/** A thread is shown whole up to this many messages (the newest ones). */
export const THREAD_LIMIT = 500;

/** The thread's version: changes with every message, so polling can be answered with a 304. */
const versionOf = (p: Participants) => (p.thread ? `m${p.thread.messageCount}-${p.thread.lastMessageId}` : "m0");

export type OpenedThread = { version: string; notModified: true } | { version: string; notModified: false; messages: PresentedMessage[] };

/**
 * Open an order's thread (by its id or number) for its customer or its printer's owner (anyone else: 404): the
 * messages oldest first, and the thread marked read for that person. With `knownVersion`
 * equal to the current one, nothing is read beyond the summary and nothing changes.
 */
export async function openThread(store: Store, userId: string, ref: string, knownVersion?: string): Promise<OpenedThread> {
  const p = await participantsFor(store, userId, ref);
  const version = versionOf(p);
  if (knownVersion === version) return { version, notModified: true };
  if (!p.thread) return { version, notModified: false, messages: [] };

  const { data } = await store.entities.messages.query.primary({ jobId: p.jobId }).go({ order: "desc", limit: THREAD_LIMIT });
  const records = data.reverse();
  const names = await namesOf(store, [p.customerId, p.ownerId]);
  const messages = records.map((m) => presentMessage(m, p.customerId, names.get(m.senderId)));
  await markRead(store, userId, p);
  return { version, notModified: false, messages };
}

/**
 * Mark the thread read for `userId`, conditional on no newer message having arrived since it
 * was read (a message landing in between stays unread). The pending "unread message" e-mail for
 * this person is dropped in the same transaction, and their inbox stamp moves on.
 */
async function markRead(store: Store, userId: string, p: Participants) {
  const thread = p.thread;
  if (!thread) return;
  const field = p.role === "customer" ? "customerUnread" : "ownerUnread";
  if (thread[field] === 0) return;
  await transact(() =>
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
}
