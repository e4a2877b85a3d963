import type { EntityItem } from "electrodb";
import { z } from "zod";
import type { ThreadEntity } from "../db/entities/thread.ts";
import type { Store } from "../db/store.ts";
import { fail } from "../shared/errors.ts";

export type ThreadRecord = EntityItem<typeof ThreadEntity>;

/** Who may read and write an order's thread, and as whom. */
export interface Participants {
  jobId: string;
  customerId: string;
  ownerId: string;
  printerId: string;
  fileName: string;
  /** The asking person's side of the conversation (spec 2 §3 Message senderType). */
  role: "customer" | "printer";
  /** The other person's id (the one a new message is for). */
  otherId: string;
  /** The conversation summary, once the first message exists. */
  thread: ThreadRecord | null;
}

const isUuid = (s: string) => z.uuid().safeParse(s).success;

/** The same answer for a missing order and someone else's, so ids reveal nothing. */
export const orderNotFound = () => fail("order_not_found");

/**
 * An order's participants as seen by `userId`: its customer or its printer's owner, once the
 * order is submitted (a draft is the customer's private saved print). Anyone else gets the same
 * 404 as a missing order. With a thread, one GetItem decides; before the first message the job
 * and its printer are read.
 */
export async function participantsFor(store: Store, userId: string, jobId: string): Promise<Participants> {
  if (!isUuid(jobId)) throw orderNotFound();
  const thread = (await store.entities.threads.get({ jobId }).go({ consistent: true })).data;
  if (thread) return asViewer(userId, { ...thread, thread });

  const job = (await store.entities.jobs.get({ jobId }).go({ consistent: true })).data;
  if (!job?.printerId) {
    if (job?.customerId === userId) throw notYet();
    throw orderNotFound();
  }
  const printer = (await store.entities.printers.get({ printerId: job.printerId }).go()).data;
  const ownerId = printer?.ownerId;
  if (job.status === "draft") {
    if (job.customerId === userId) throw notYet();
    throw orderNotFound();
  }
  if (!ownerId) throw orderNotFound();
  return asViewer(userId, {
    jobId,
    customerId: job.customerId,
    ownerId,
    printerId: job.printerId,
    fileName: job.fileName,
    thread: null,
  });
}

function asViewer(userId: string, p: Omit<Participants, "role" | "otherId">): Participants {
  if (userId === p.customerId) return { ...p, role: "customer", otherId: p.ownerId };
  if (userId === p.ownerId) return { ...p, role: "printer", otherId: p.customerId };
  throw orderNotFound();
}

const notYet = () => fail("order_not_submitted");
