import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { displayName, namesOf } from "../messages/present.ts";
import { formatOrderNumber } from "../shared/order-numbers.ts";
import { deliverOnce } from "./deliver.ts";
import type { Mailer } from "./mailer.ts";
import { REASONS, recipientsOf } from "./recipients.ts";
import { renderEmail } from "./render.ts";
import { unreadMessage } from "./templates.ts";

/** Minutes a message may stay unread before its recipient gets an e-mail (UNREAD_EMAIL_DELAY_MINUTES). */
export const DEFAULT_UNREAD_DELAY_MINUTES = 5;
const KEEP_SECONDS = 7 * 24 * 3600;
const PREVIEW_CHARS = 500;

/**
 * Remember that `recipientId` has an unread message on `jobId`, due `delayMinutes` after it was
 * sent. Only the first unread message schedules (the create is conditional); reading the thread
 * deletes the reminder (messages/read.ts), so the next message schedules afresh.
 */
export async function scheduleUnreadReminder(
  store: Store,
  r: { jobId: string; recipientId: string; messageId: string; sentAt: string },
  delayMinutes: number,
): Promise<boolean> {
  const due = new Date(Date.parse(r.sentAt) + delayMinutes * 60_000);
  try {
    await store.entities.emailReminders
      .create({ ...r, dueAt: due.toISOString(), expiresAt: Math.floor(due.getTime() / 1000) + KEEP_SECONDS })
      .go();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

export interface SweepDeps {
  store: Store;
  mailer: Mailer;
  siteUrl: string;
}

/**
 * Send the "unread message" e-mails that are due at `now` (the clock is a parameter, so tests
 * move it): for each due reminder, if the thread is still unread for its recipient and they
 * want such e-mails, send one (once: keyed by the message), then drop the reminder. Answers
 * how many e-mails went out.
 */
export async function sendDueReminders(deps: SweepDeps, now: Date): Promise<number> {
  const { store } = deps;
  const { data: due } = await store.entities.emailReminders.query.due({}).lte({ dueAt: now.toISOString() }).go({ pages: "all" });
  let sent = 0;
  for (const r of due) {
    const thread = (await store.entities.threads.get({ jobId: r.jobId }).go({ consistent: true })).data;
    const unread = !thread ? 0 : r.recipientId === thread.customerId ? thread.customerUnread : thread.ownerUnread;
    if (thread && unread > 0) {
      const recipient = (await recipientsOf(store, [r.recipientId])).get(r.recipientId);
      const message = (await store.entities.messages.get({ jobId: r.jobId, sentAt: r.sentAt, messageId: r.messageId }).go()).data;
      if (recipient?.preferences.messages && message) {
        const sender = displayName((await namesOf(store, [message.senderId])).get(message.senderId));
        const preview = message.text.length > PREVIEW_CHARS ? `${message.text.slice(0, PREVIEW_CHARS)}…` : message.text;
        const rendered = renderEmail(
          unreadMessage({
            jobId: r.jobId,
            senderName: sender,
            fileName: thread.fileName,
            orderNumber: formatOrderNumber(thread.orderNumber),
            preview,
            more: unread - 1,
          }),
          { recipientName: recipient.greeting, siteUrl: deps.siteUrl, reason: REASONS.messages },
        );
        const outcome = await deliverOnce(
          { store, mailer: deps.mailer },
          {
            deliveryKey: `unread:${r.jobId}:${r.recipientId}:${r.messageId}`,
            kind: "messages",
            userId: r.recipientId,
            email: { to: recipient.email, ...rendered },
          },
        );
        if (outcome === "sent") sent++;
      }
    }
    await store.entities.emailReminders
      .delete({ jobId: r.jobId, recipientId: r.recipientId })
      .where((a, o) => o.eq(a.messageId, r.messageId))
      .go()
      .catch((e: unknown) => {
        // A newer reminder replaced this one after the thread was read: keep it.
        if (!isConditionFailure(e)) throw e;
      });
  }
  return sent;
}
