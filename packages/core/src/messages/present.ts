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

/** People's public names by id, in one batch read. */
export async function namesOf(store: Store, ids: string[]): Promise<Map<string, PersonName>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, PersonName>();
  if (unique.length === 0) return out;
  const { data } = await store.entities.users
    .get(unique.map((userId) => ({ userId })))
    .go({ attributes: ["userId", "firstName", "lastName", "username"] });
  for (const u of data) out.set(u.userId, { firstName: u.firstName ?? null, lastName: u.lastName ?? null, username: u.username });
  return out;
}

/** "First Last", else the username, else "Unknown" (spec 2 §2 orders list fallback). */
export function displayName(p: PersonName | undefined): string {
  const full = [p?.firstName, p?.lastName].filter((s) => s?.trim()).join(" ");
  return full || p?.username || "Unknown";
}
