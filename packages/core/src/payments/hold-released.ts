import { z } from "zod";
import type { Store } from "../db/store.ts";
import type { Mailer } from "../email/mailer.ts";
import { type OrderNotice, tellOrderParties } from "../email/order-notices.ts";
import { customerOrderFacts, publishCustomerNotice } from "../events/customer-notice.ts";
import type { EventPublisher } from "../events/publisher.ts";
import { DETAIL_TYPES, type EventEnvelope } from "../events/rules.ts";
import { orderName } from "../shared/order-numbers.ts";
import { formatCents } from "../shared/pricing.ts";

/**
 * `order.hold_released`: a card hold was given back because the order's total changed after the
 * card was confirmed (checkout open in a second tab, another shipping option: intents.ts
 * recordReleasedHold). The card was held, so the customer is told it was released and that the new
 * total is still to pay, whatever their e-mail choices (their money). An intent replaced before any
 * card was confirmed held nothing and tells nobody anything. The owner is not told: nothing was paid.
 */
export const holdReleasedDetail = customerOrderFacts.extend({
  heldCents: z.number(),
  totalCents: z.number(),
  at: z.string().optional(),
});
export type HoldReleased = z.infer<typeof holdReleasedDetail>;

export const HOLD_RELEASED = "Card hold released";

export function publishHoldReleased(
  events: EventPublisher,
  job: { jobId: string; orderNumber?: number | undefined; fileName: string; customerId: string },
  detail: Pick<HoldReleased, "heldCents" | "totalCents" | "at">,
) {
  return publishCustomerNotice(events, DETAIL_TYPES.holdReleased, job, detail);
}

/** What the customer is told (pure). */
export function planHoldReleasedNotice(d: HoldReleased): OrderNotice {
  const order = orderName(d);
  const held = formatCents(d.heldCents);
  const total = formatCents(d.totalCents);
  const why = `The total of ${order} changed to ${total} after your card was confirmed for ${held}, so that hold on your card was released and nothing was charged.`;
  return {
    to: "customer",
    title: HOLD_RELEASED,
    message: `${why} The order still awaits payment of ${total}.`,
    email: {
      subject: `Card hold of ${held} released: ${order}`,
      heading: HOLD_RELEASED,
      paragraphs: [why, `The order still awaits payment: pay ${total} at checkout to send it to the printer owner.`],
      details: [
        ["Order", d.orderNumber ?? d.fileName],
        ["Hold released", held],
        ["New total", total],
      ],
      action: { label: "Go to Checkout", path: `/checkout?orderId=${d.jobId}` },
    },
    always: true,
  };
}

/** The consumer's part: the customer's bell entry and e-mail, once per event. */
export async function onHoldReleased(deps: { store: Store; mailer: Mailer; siteUrl: string }, event: EventEnvelope): Promise<void> {
  const d = holdReleasedDetail.parse(event.detail);
  await tellOrderParties(deps, event, { ...d, ownerId: "" }, [planHoldReleasedNotice(d)], "hold-released");
}
