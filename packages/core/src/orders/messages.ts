import { randomUUID } from "node:crypto";
import type { Store } from "../db/store.ts";

/**
 * The owner's words on accepting or rejecting join the order's message thread (spec 2 §7
 * `respond`). The thread's entity belongs to messaging (issue 10); until it is on main the words
 * are kept on the order (`ownerMessage`) and this is the one function that posts them, so joining
 * the two is a change to this file only.
 */
export async function postOrderMessage(store: Store, jobId: string, senderId: string, text: string): Promise<{ id: string }> {
  const id = randomUUID();
  await store.entities.jobs.patch({ jobId }).set({ ownerMessage: text.trim() }).go();
  return { id: `${senderId}:${id}` };
}
