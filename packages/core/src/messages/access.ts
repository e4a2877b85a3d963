import type { EntityItem } from "electrodb";
import type { ThreadEntity } from "../db/entities/thread.ts";
import type { Store } from "../db/store.ts";
import { type LoadedOrder, loadOrderFor } from "../orders/load.ts";
import { resolveOrderId } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";

export type ThreadRecord = EntityItem<typeof ThreadEntity>;

/** Who may read and write an order's thread, and as whom. */
export interface Participants {
  jobId: string;
  customerId: string;
  ownerId: string;
  printerId: string;
  fileName: string;
  orderNumber?: number | undefined;
  /** The asking person's side of the conversation (spec 2 §3 Message senderType). */
  role: "customer" | "printer";
  /** The other person's id (the one a new message is for). */
  otherId: string;
  /** The conversation summary, once the first message exists. */
  thread: ThreadRecord | null;
}

/** The same answer for a missing order and someone else's, so ids reveal nothing. */
export const orderNotFound = () => fail("order_not_found");

/**
 * An order's participants as seen by `userId`: its customer or its printer's owner, once the
 * order is submitted (a draft is the customer's private saved print). `ref` is the order's id or
 * its number (PH-10423). Who may see an order is the orders' one rule (`loadOrderFor`: anyone else
 * gets the same 404 as a missing order); the thread, once its first message exists, keeps the two
 * parties that rule named, so polling a thread is decided by one GetItem.
 */
export async function participantsFor(store: Store, userId: string, ref: string): Promise<Participants> {
  const jobId = await resolveOrderId(store, ref);
  if (!jobId) throw orderNotFound();
  const thread = (await store.entities.threads.get({ jobId }).go({ consistent: true })).data;
  if (thread) return asViewer(userId, { ...thread, thread });

  let loaded: LoadedOrder;
  try {
    loaded = await loadOrderFor(store, userId, jobId);
  } catch (e) {
    // One's own saved print has no thread yet: say so rather than "not found".
    const draft = (await store.entities.jobs.get({ jobId }).go()).data;
    if (draft?.status === "draft" && draft.customerId === userId) throw notYet();
    throw e;
  }
  const { job, ownerId, printer } = loaded;
  if (!ownerId || !printer) throw orderNotFound();
  return asViewer(userId, {
    jobId,
    customerId: job.customerId,
    ownerId,
    printerId: printer.printerId,
    fileName: job.fileName,
    orderNumber: job.orderNumber,
    thread: null,
  });
}

function asViewer(userId: string, p: Omit<Participants, "role" | "otherId">): Participants {
  if (userId === p.customerId) return { ...p, role: "customer", otherId: p.ownerId };
  if (userId === p.ownerId) return { ...p, role: "printer", otherId: p.customerId };
  throw orderNotFound();
}

const notYet = () => fail("order_not_submitted");
