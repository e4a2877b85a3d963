import type { EntityItem } from "electrodb";
import { z } from "zod";
import type { MessageEntity } from "../db/entities/message.ts";
import type { Store } from "../db/store.ts";

export type MessageRecord = EntityItem<typeof MessageEntity>;

export interface PersonName {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}

export const messageSchema = z
  .object({
    id: z.string(),
    jobId: z.string(),
    content: z.string().meta({ description: "The text (plain text: show it as text, never as HTML)" }),
    message: z.string().meta({ description: "The same text (spec 2 §3 names it both ways)" }),
    senderId: z.string(),
    senderType: z.enum(["customer", "printer"]),
    sender: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), username: z.string().nullable() }),
    customerId: z.string(),
    sentAt: z.string(),
  })
  .meta({ id: "Message" });

/**
 * A message as the API answers it (spec 2 §3 Message: "content (also called message in one
 * reading)", so both are given). The text is plain text; the site renders it as text.
 */
export function presentMessage(m: MessageRecord, customerId: string, sender: PersonName | undefined): z.infer<typeof messageSchema> {
  return {
    id: m.messageId,
    jobId: m.jobId,
    content: m.text,
    message: m.text,
    senderId: m.senderId,
    senderType: m.senderType,
    sender: { firstName: sender?.firstName ?? null, lastName: sender?.lastName ?? null, username: sender?.username ?? null },
    customerId,
    sentAt: m.sentAt,
  };
}

export type PresentedMessage = z.infer<typeof messageSchema>;

/** A person as the lists show them (the e-mail only for an order's owner, spec 2 §2; never in messages). */
export interface Person {
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/**
 * People by id, in one batch read: the one reader of names for messages, reviews and the order
 * lists (missing accounts are left out). Presenters pick the fields they may show.
 */
export async function namesOf(store: Store, ids: string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids.filter(Boolean))];
  const out = new Map<string, Person>();
  if (unique.length === 0) return out;
  const { data } = await store.entities.users
    .get(unique.map((userId) => ({ userId })))
    .go({ attributes: ["userId", "firstName", "lastName", "username", "email"] });
  for (const u of data)
    out.set(u.userId, { username: u.username, firstName: u.firstName ?? null, lastName: u.lastName ?? null, email: u.email });
  return out;
}

/** "First Last", else the username, else "Unknown" (spec 2 §2 orders list fallback). */
export function displayName(p: PersonName | undefined): string {
  const full = [p?.firstName, p?.lastName].filter((s) => s?.trim()).join(" ");
  return full || p?.username || "Unknown";
}
