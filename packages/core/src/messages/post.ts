import { randomUUID } from "node:crypto";
import type { Store } from "../db/store.ts";
import { transact } from "../db/transact.ts";
import { DETAIL_TYPES } from "../events/rules.ts";
import { bumpInbox } from "../inbox/inbox.ts";
import { reserve } from "../limits/rate-limit.ts";
import { MESSAGES_PER_MINUTE } from "../limits/rules.ts";
import { checkMessageText } from "../shared/conversation.ts";
import { fail } from "../shared/errors.ts";
import { participantsFor } from "./access.ts";
import { namesOf, type PresentedMessage, presentMessage } from "./present.ts";

/** How much of the last message the conversation list keeps. */
export const PREVIEW_LENGTH = 200;

/** What `message.sent` carries: ids only; the consumer looks up names and addresses itself. */
export interface MessageSentDetail {
  jobId: string;
  messageId: string;
  senderId: string;
  recipientId: string;
  senderType: "customer" | "printer";
  sentAt: string;
}

export interface PostedMessage {
  message: PresentedMessage;
  /** Publish this after the call returns (architecture rule 6: the write has succeeded). */
  event: { detailType: typeof DETAIL_TYPES.messageSent; detail: MessageSentDetail };
}

/**
 * Post a message on an order's thread, from its customer or its printer's owner (anyone else:
 * 404). The message, the conversation summary (last message, the other side's unread count +1,
 * the sender's 0) and both people's inbox stamps are one transaction. The text is trimmed and
 * checked here too, so every caller (the message calls, the owner's respond call) obeys the
 * same rule. Returns the presented message and the `message.sent` event to publish.
 */
export async function postMessage(
  store: Store,
  /** `limited: false` for a message riding on another step (the owner's respond: once per order), which must not fail after that step. */
  input: { jobId: string; senderId: string; text: string; limited?: boolean },
  clock: () => Date = () => new Date(),
): Promise<PostedMessage> {
  const checked = checkMessageText(input.text);
  if (!checked.ok) throw fail(checked.code);
  const p = await participantsFor(store, input.senderId, input.jobId);
  // Counted before the write (architecture rule 11): at most MESSAGES_PER_MINUTE per sender.
  const slot = input.limited === false ? { refund: async () => {} } : await reserve(store, MESSAGES_PER_MINUTE, input.senderId);
  const messageId = randomUUID();
  const senderUnread = p.role === "customer" ? "customerUnread" : "ownerUnread";
  const recipientUnread = p.role === "customer" ? "ownerUnread" : "customerUnread";
  let sentAt = "";
  const result = await transact(() => {
    // A fresh time on every attempt: a message retried after a conflict is the newest one.
    sentAt = clock().toISOString();
    return store.service.transaction
      .write(({ messages, threads, inboxes }) => [
        messages.create({ jobId: p.jobId, messageId, senderId: input.senderId, senderType: p.role, text: checked.text, sentAt }).commit(),
        threads
          .upsert({
            jobId: p.jobId,
            customerId: p.customerId,
            ownerId: p.ownerId,
            printerId: p.printerId,
            fileName: p.fileName,
            ...(p.orderNumber !== undefined ? { orderNumber: p.orderNumber } : {}),
            lastMessageId: messageId,
            lastMessageAt: sentAt,
            lastMessage: checked.text.slice(0, PREVIEW_LENGTH),
            lastSenderId: input.senderId,
            [senderUnread]: 0,
          })
          .add({ messageCount: 1, [recipientUnread]: 1 })
          .commit(),
        bumpInbox({ inboxes }, p.customerId),
        ...(p.ownerId === p.customerId ? [] : [bumpInbox({ inboxes }, p.ownerId)]),
      ])
      .go();
  });
  if (!result.ok) {
    await slot.refund();
    throw fail("message_not_sent");
  }

  const names = await namesOf(store, [input.senderId]);
  const record = { jobId: p.jobId, messageId, senderId: input.senderId, senderType: p.role, text: checked.text, sentAt };
  return {
    message: presentMessage(record, p.customerId, names.get(input.senderId)),
    event: {
      detailType: DETAIL_TYPES.messageSent,
      detail: { jobId: p.jobId, messageId, senderId: input.senderId, recipientId: p.otherId, senderType: p.role, sentAt },
    },
  };
}
