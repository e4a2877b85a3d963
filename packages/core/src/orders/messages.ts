import type { Store } from "../db/store.ts";
import type { EventPublisher } from "../events/publisher.ts";
import { publishAfterWrite } from "../events/publisher.ts";
import { postMessage } from "../messages/post.ts";

/**
 * A message on an order's thread (`ref`: its id or number), posted and then announced with
 * `message.sent` (architecture rule 6): the one path for every message call and for the owner's
 * words on accepting or rejecting (spec 2 §7 `respond`), under the same text rules, so the other
 * person hears of it where they look.
 */
export async function postOrderMessage(
  store: Store,
  events: EventPublisher,
  ref: string,
  senderId: string,
  text: string,
  // `limited: false` for the owner's words on accepting or rejecting: not counted against the
  // sender's messages a minute, since the step it rides on already happened. `clock`: the step's
  // (the order flows' injected clock), so the words are dated with the step they ride on.
  options: { limited?: boolean; clock?: () => Date } = {},
) {
  const posted = await postMessage(
    store,
    { jobId: ref, senderId, text, ...(options.limited === false ? { limited: false } : {}) },
    options.clock,
  );
  await publishAfterWrite(events, posted.event.detailType, { ...posted.event.detail });
  return posted.message;
}
