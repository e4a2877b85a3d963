import { z } from "zod";
import { getTogether, keyed } from "../db/batch.ts";
import type { Store } from "../db/store.ts";
import { inboxVersion } from "../inbox/inbox.ts";
import type { Recent } from "../shared/recent.ts";
import type { ThreadRecord } from "./access.ts";
import { displayName, type PersonName } from "./present.ts";

/** A conversation in a person's list (spec 2 §3 Conversation summary). */
export const conversationSchema = z
  .object({
    jobId: z.string(),
    jobFileName: z.string(),
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
  | { version: string; notModified: false; conversations: ConversationSummary[] };

/**
 * A person's conversations, newest message first: the orders they ordered (gsi1) and the
 * orders sent to their printers (gsi2) that have at least one message. The version is their
 * inbox stamp, so an unchanged list costs one GetItem. The other people's names and the printers'
 * names come in one BatchGetItem, or from `names` when read in the last few seconds.
 */
export async function listConversations(
  store: Store,
  userId: string,
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
    stamp?: number;
  } = {},
): Promise<ConversationList> {
  const none = { data: [] as ThreadRecord[] };
  const threadsOf = () =>
    Promise.all([
      store.entities.threads.query.byCustomer({ customerId: userId }).go({ pages: "all" }),
      ownsPrinters ? store.entities.threads.query.byOwner({ ownerId: userId }).go({ pages: "all" }) : none,
    ]);
  // The stamp is read before the lists, never beside them: a stamp read after a message that the
  // lists missed would make the next poll answer 304 and hide that message.
  const version = `c${stamp ?? (await inboxVersion(store, userId))}`;
  if (knownVersion === version) return { version, notModified: true };
  const [asCustomer, asOwner] = await threadsOf();
  const byJob = new Map<string, ThreadRecord>();
  for (const t of [...asCustomer.data, ...asOwner.data]) byJob.set(t.jobId, t);
  const threads = [...byJob.values()].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));

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

  const conversations = threads.map((t, i): ConversationSummary => {
    const role = t.customerId === userId ? "customer" : "printer";
    const otherUserId = others[i] ?? "";
    return {
      jobId: t.jobId,
      jobFileName: t.fileName,
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
  return { version, notModified: false, conversations };
}
