import type { Store } from "../db/store.ts";
import { type EmailPreferences, withDefaults } from "../shared/email-kinds.ts";

export interface Recipient {
  userId: string;
  email: string;
  /** How the e-mail greets them: first name, else username. */
  greeting: string;
  preferences: EmailPreferences;
}

/** People who may get e-mail, by id, in one batch read (missing accounts are left out). */
export async function recipientsOf(store: Store, ids: string[]): Promise<Map<string, Recipient>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, Recipient>();
  if (!unique.length) return out;
  const { data } = await store.entities.users
    .get(unique.map((userId) => ({ userId })))
    .go({ attributes: ["userId", "email", "username", "firstName", "emailPreferences"] });
  for (const u of data) {
    out.set(u.userId, {
      userId: u.userId,
      email: u.email,
      greeting: u.firstName?.trim() || u.username,
      preferences: withDefaults(u.emailPreferences),
    });
  }
  return out;
}

/** The footer's "why you get this" line, by kind. */
export const REASONS: Record<keyof EmailPreferences, string> = {
  orderConfirmation: "You get this e-mail because you placed an order on Printhood.",
  orderUpdates: "You get this e-mail because you have an order on Printhood.",
  newOrders: "You get this e-mail because you list a printer on Printhood.",
  messages: "You get this e-mail because someone wrote to you on Printhood and you have not read it yet.",
};
