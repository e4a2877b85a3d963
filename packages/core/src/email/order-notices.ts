import type { Store } from "../db/store.ts";
import type { EventEnvelope } from "../events/rules.ts";
import { createNotification } from "../notifications.ts";
import type { EmailKind } from "../shared/email-kinds.ts";
import { deliverOnce } from "./deliver.ts";
import type { Mailer } from "./mailer.ts";
import { REASONS, recipientsOf } from "./recipients.ts";
import { type EmailContent, renderEmail } from "./render.ts";

/** One side of an order, told of a step (a claim's, an adjusted price's). */
export type OrderParty = "customer" | "owner";

export interface OrderNotice {
  to: OrderParty;
  title: string;
  message: string;
  email: EmailContent;
  /** Sent whatever the person's e-mail choices (money that moved, a price to agree to); the rest follow them. */
  always: boolean;
}

/** Which of a person's e-mail choices covers news of an order, by side. */
const KIND: Record<OrderParty, EmailKind> = { customer: "orderUpdates", owner: "newOrders" };

/**
 * Tell each party of one event on an order: the bell entry (linked to the order's page) and the
 * e-mail, each once per event (keyed by the event's id and `tag`), so a redelivery changes nothing.
 */
export async function tellOrderParties(
  deps: { store: Store; mailer: Mailer; siteUrl: string },
  event: EventEnvelope,
  order: { jobId: string; customerId: string; ownerId: string; at?: string | undefined },
  notices: OrderNotice[],
  tag: string,
): Promise<void> {
  const who = (p: OrderParty) => (p === "customer" ? order.customerId : order.ownerId);
  const people = await recipientsOf(
    deps.store,
    notices.map((n) => who(n.to)),
  );
  for (const n of notices) {
    await createNotification(deps.store, {
      userId: who(n.to),
      title: n.title,
      message: n.message,
      link: `/order/${order.jobId}`,
      sourceEventId: event.id,
      createdAt: order.at && !Number.isNaN(Date.parse(order.at)) ? order.at : event.time,
    });
    const r = people.get(who(n.to));
    if (!r || (!n.always && !r.preferences[KIND[n.to]])) continue;
    const rendered = renderEmail(n.email, { recipientName: r.greeting, siteUrl: deps.siteUrl, reason: REASONS[KIND[n.to]] });
    await deliverOnce(deps, {
      deliveryKey: `${event.id}:${r.userId}:${tag}`,
      kind: KIND[n.to],
      userId: r.userId,
      email: { to: r.email, ...rendered },
    });
  }
}
