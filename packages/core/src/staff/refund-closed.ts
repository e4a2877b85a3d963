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
 * `order.refund_closed`: staff closed a refund Stripe refused for good, unpaid (staff/close-owed.ts).
 * The customer was told it was on its way, so they are told it will not come and why, whatever
 * their e-mail choices (their money). The owner's earning does not change, so they are not told.
 */
export const refundClosedDetail = customerOrderFacts.extend({
  amountCents: z.number(),
  reason: z.string(),
  at: z.string().optional(),
});
export type RefundClosed = z.infer<typeof refundClosedDetail>;

export const REFUND_CLOSED = "Refund closed";

export function publishRefundClosed(
  events: EventPublisher,
  job: { jobId: string; orderNumber?: number | undefined; fileName: string; customerId: string },
  detail: Pick<RefundClosed, "amountCents" | "reason" | "at">,
) {
  return publishCustomerNotice(events, DETAIL_TYPES.refundClosed, job, detail);
}

/** What the customer is told (pure). */
export function planRefundClosedNotice(d: RefundClosed): OrderNotice {
  const order = orderName(d);
  const amount = formatCents(d.amountCents);
  const message = `Printhood closed the refund of ${amount} for ${order} without paying it to your card. The reason: ${d.reason}`;
  return {
    to: "customer",
    title: REFUND_CLOSED,
    message,
    email: {
      subject: `Refund of ${amount} closed: ${order}`,
      heading: REFUND_CLOSED,
      paragraphs: [`Printhood closed the refund of ${amount} for ${order} without paying it to your card.`, `The reason: ${d.reason}`],
      details: [
        ["Order", d.orderNumber ?? d.fileName],
        ["Refund closed", amount],
      ],
      action: { label: "Open the order", path: `/order/${d.jobId}` },
    },
    always: true,
  };
}

/** The consumer's part: the customer's bell entry and e-mail, once per event. */
export async function onRefundClosed(deps: { store: Store; mailer: Mailer; siteUrl: string }, event: EventEnvelope): Promise<void> {
  const d = refundClosedDetail.parse(event.detail);
  await tellOrderParties(deps, event, { ...d, ownerId: "" }, [planRefundClosedNotice(d)], "refund-closed");
}
