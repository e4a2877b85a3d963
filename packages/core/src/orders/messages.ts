import type { Store } from "../db/store.ts";
import type { EventPublisher } from "../events/publisher.ts";
import { publishAfterWrite } from "../events/publisher.ts";
import { postMessage } from "../messages/post.ts";

/**
 * The owner's words on accepting or rejecting join the order's message thread (spec 2 §7
 * `respond`): posted as the owner's message, under the same text rules as every message, and
 * announced with `message.sent` like any other, so the customer hears of it where they look.
 */
export async function postOrderMessage(store: Store, events: EventPublisher, jobId: string, senderId: string, text: string) {
  // Not counted against the sender's messages a minute: the step it rides on already happened.
  const posted = await postMessage(store, { jobId, senderId, text, limited: false });
  await publishAfterWrite(events, posted.event.detailType, { ...posted.event.detail });
  return posted.message;
}
