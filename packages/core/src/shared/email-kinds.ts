/**
 * The kinds of e-mail Printhood sends; each can be turned off on Profile Settings. A kind that
 * a person never touched is on.
 */
export const EMAIL_KINDS = ["orderConfirmation", "orderUpdates", "newOrders", "messages"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export type EmailPreferences = Record<EmailKind, boolean>;

/** Labels for the profile page, in the order shown. */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  orderConfirmation: "Order confirmation when my payment goes through",
  orderUpdates: "Updates on my orders (accepted, printing, ready, shipped…)",
  newOrders: "New order requests and payments for my printers",
  messages: "Messages I have not read after a few minutes",
};

/** Stored preferences (any subset) with every missing kind on. */
export function withDefaults(stored: Partial<Record<EmailKind, boolean>> | undefined | null): EmailPreferences {
  const out = {} as EmailPreferences;
  for (const kind of EMAIL_KINDS) out[kind] = stored?.[kind] ?? true;
  return out;
}
