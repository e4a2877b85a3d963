import { z } from "zod";
import { getTogether, keyed } from "../db/batch.ts";
import type { Store } from "../db/store.ts";
import { inboxVersion } from "../inbox/inbox.ts";
import { keyPage, mapPage, type Page, type PageAsk } from "../paging/page.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import type { Recent } from "../shared/recent.ts";
import type { ThreadRecord } from "./access.ts";
import { displayName, type PersonName } from "./present.ts";

/** A conversation in a person's list (spec 2 §3 Conversation summary). */
export const conversationSchema = z
  .object({
    jobId: z.string(),
    jobFileName: z.string(),
    orderNumber: z
      .string()
      .nullable()
      .meta({ description: "The order's number (PH-10423); null for a conversation begun before numbers were kept with it" }),
    otherUserId: z.string(),
    otherUserName: z.string(),
    printerId: z.string(),
    printerName: z.string(),
    role: z.enum(["customer", "printer"]).meta({ description: "The asking person's side: the customer or the printer's owner" }),
    lastMessage: z.string().meta({ description: "The last message's first 200 characters" }),
    lastMessageAt: z.string(),
    unreadCount: z.number().int(),
  })
  .meta({ id: "Conversation" });
export type ConversationSummary = z.infer<typeof conversationSchema>;

export type ConversationList =
  | { version: string; notModified: true }
  | { version: string; notModified: false; page: Page<ConversationSummary> };

/** Where a page of conversations ended: the last one's last message time and order id (both indexes' sort key). */
const conversationPosition = z.strictObject({ a: z.string().max(40), j: z.string().max(60) });
type ConversationPosition = z.infer<typeof conversationPosition>;

/** Newest message first, the order id breaking a tie: the indexes' order (code unit order, as DynamoDB sorts keys). */
const newestFirst = (x: ThreadRecord, y: ThreadRecord) => {
  const [p, q] = [`${x.lastMessageAt}#${x.jobId}`, `${y.lastMessageAt}#${y.jobId}`];
  return p < q ? 1 : p > q ? -1 : 0;
};

/**
 * Up to `n` of a person's threads after `after`, newest message first: up to `n` from each side's
 * index (gsi1 as the customer, gsi2 as the printer's owner), merged. The first `n` of the merge are
 * the first `n` of all, so a page never reads more than twice its size. An order a person placed
 * with their own printer is on both sides: it is kept once.
 */
async function threadsAfter(
  store: Store,
  userId: string,
  ownsPrinters: boolean,
  after: ConversationPosition | null,
  n: number,
): Promise<ThreadRecord[]> {
  const since = after ? { lastMessageAt: after.a, jobId: after.j } : null;
  const asCustomer = store.entities.threads.query.byCustomer({ customerId: userId });
  const asOwner = store.entities.threads.query.byOwner({ ownerId: userId });
  const [mine, theirs] = await Promise.all([
    (since ? asCustomer.lt(since) : asCustomer).go({ order: "desc", limit: n }),
    ownsPrinters ? (since ? asOwner.lt(since) : asOwner).go({ order: "desc", limit: n }) : { data: [] as ThreadRecord[] },
  ]);
  const byJob = new Map<string, ThreadRecord>();
  for (const t of [...mine.data, ...theirs.data]) byJob.set(t.jobId, t);
  return [...byJob.values()].sort(newestFirst).slice(0, n);
}

/**
 * A page of a person's conversations, newest message first (issue 23): the orders they ordered
 * and the orders sent to their printers that have at least one message, each side read from its
 * index where the last page ended. The version is their inbox stamp, so an unchanged list costs
 * one GetItem (the first page's poll; a later page is asked without one). The other people's names
 * and the printers' names come in one BatchGetItem, or from `names` when read in the last few
 * seconds.
 */
export async function listConversations(
  store: Store,
  userId: string,
  ask: PageAsk,
  knownVersion?: string,
  /** False for an account that has never listed a printer (userType "customer": listing one makes it "both"), which has no owner's threads to query. */
  {
    ownsPrinters = true,
    names: recent,
    stamp,
  }: {
    ownsPrinters?: boolean;
    /**
     * Display names read in the last few seconds (people by "u:" + id, printers' names by "p:" +
     * id): only those not kept are read. The threads themselves (last message, unread counts) are
     * always read.
     */
    names?: Recent<PersonName | string>;
    /** The inbox stamp as read (consistently) beside the session before this call (inboxRead; a missing inbox is 0); else it is read here. */
    stamp?: string;
  } = {},
): Promise<ConversationList> {
  // The stamp is read before the lists, never beside them: a stamp read after a message that the
  // lists missed would make the next poll answer 304 and hide that message.
  const version = `c${stamp ?? (await inboxVersion(store, userId))}`;
  if (knownVersion === version) return { version, notModified: true };
  const page = await keyPage(
    ask,
    `conversations:${userId}`,
    conversationPosition,
    (after, n) => threadsAfter(store, userId, ownsPrinters, after, n),
    (t) => ({ a: t.lastMessageAt, j: t.jobId }),
  );
  return { version, notModified: false, page: await mapPage(page, (threads) => summaries(store, userId, threads, recent)) };
}

/** The threads as the person sees them: the other person's and the printer's names, their own unread count. */
async function summaries(
  store: Store,
  userId: string,
  threads: ThreadRecord[],
  recent: Recent<PersonName | string> | undefined,
): Promise<ConversationSummary[]> {
  const others = threads.map((t) => (t.customerId === userId ? t.ownerId : t.customerId));
  const names = new Map<string, PersonName>();
  const printerNames = new Map<string, string>();
  for (const id of new Set(others.filter(Boolean))) {
    const kept = recent?.peek(`u:${id}`);
    if (kept !== undefined && typeof kept !== "string") names.set(id, kept);
  }
  for (const t of threads) {
    const kept = recent?.peek(`p:${t.printerId}`);
    if (typeof kept === "string") printerNames.set(t.printerId, kept);
  }
  const otherIds = [...new Set(others.filter((id) => id && !names.has(id)))];
  const printerIds = [...new Set(threads.map((t) => t.printerId).filter((id) => !printerNames.has(id)))];
  const found =
    otherIds.length + printerIds.length
      ? await getTogether(store, [
          ...otherIds.map((id) => keyed(store.entities.users, { userId: id })),
          ...printerIds.map((printerId) => keyed(store.entities.printers, { printerId })),
        ])
      : [];
  otherIds.forEach((id, i) => {
    const u = found[i] as { username: string; firstName?: string; lastName?: string } | null;
    if (!u) return;
    const name = { username: u.username, firstName: u.firstName ?? null, lastName: u.lastName ?? null };
    names.set(id, name);
    recent?.set(`u:${id}`, name);
  });
  printerIds.forEach((id, i) => {
    const p = found[otherIds.length + i] as { name: string } | null;
    if (!p) return;
    printerNames.set(id, p.name);
    recent?.set(`p:${id}`, p.name);
  });

  return threads.map((t, i): ConversationSummary => {
    const role = t.customerId === userId ? "customer" : "printer";
    const otherUserId = others[i] ?? "";
    return {
      jobId: t.jobId,
      jobFileName: t.fileName,
      orderNumber: formatOrderNumber(t.orderNumber),
      otherUserId,
      otherUserName: displayName(names.get(otherUserId)),
      printerId: t.printerId,
      printerName: printerNames.get(t.printerId) ?? "Printer no longer listed",
      role,
      lastMessage: t.lastMessage,
      lastMessageAt: t.lastMessageAt,
      unreadCount: role === "customer" ? t.customerUnread : t.ownerUnread,
    };
  });
}
