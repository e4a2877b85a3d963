import { z } from "zod";
import type { Store } from "../db/store.ts";
import { inboxVersion } from "../inbox/inbox.ts";
import type { ThreadRecord } from "./access.ts";
import { displayName, namesOf } from "./present.ts";

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
 * inbox stamp, so an unchanged list costs one GetItem.
 */
export async function listConversations(store: Store, userId: string, knownVersion?: string): Promise<ConversationList> {
  const version = `c${await inboxVersion(store, userId)}`;
  if (knownVersion === version) return { version, notModified: true };
  const [asCustomer, asOwner] = await Promise.all([
    store.entities.threads.query.byCustomer({ customerId: userId }).go({ pages: "all" }),
    store.entities.threads.query.byOwner({ ownerId: userId }).go({ pages: "all" }),
  ]);
  const byJob = new Map<string, ThreadRecord>();
  for (const t of [...asCustomer.data, ...asOwner.data]) byJob.set(t.jobId, t);
  const threads = [...byJob.values()].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));

  const others = threads.map((t) => (t.customerId === userId ? t.ownerId : t.customerId));
  const printerIds = [...new Set(threads.map((t) => t.printerId))];
  const [names, printers] = await Promise.all([
    namesOf(store, others),
    printerIds.length
      ? store.entities.printers.get(printerIds.map((printerId) => ({ printerId }))).go({ attributes: ["printerId", "name"] })
      : Promise.resolve({ data: [] as { printerId: string; name: string }[] }),
  ]);
  const printerNames = new Map(printers.data.map((p) => [p.printerId, p.name]));

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
