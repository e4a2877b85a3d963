import { z } from "zod";
import type { Store } from "../db/store.ts";
import type { Mailer } from "../email/mailer.ts";
import { type OrderNotice, tellOrderParties } from "../email/order-notices.ts";
import { type EventPublisher, publishAfterWrite } from "../events/publisher.ts";
import { DETAIL_TYPES, type EventEnvelope } from "../events/rules.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { orderName } from "../shared/order-numbers.ts";
import { REFUND_ON_ITS_WAY } from "../shared/payment-status.ts";
import { formatCents } from "../shared/pricing.ts";

/**
 * `order.staff_refund`: Printhood's staff refunded part or all of an order by hand (staff/money.ts).
 * Money moved, so both sides are told, whatever their e-mail choices, as a claim's refund is: the
 * customer that it is on its way to their card, the owner how much of their earning it took back.
 * Published after the write (architecture rule 6); the consumer is the notify handler.
 */
export const staffRefundDetail = z.looseObject({
  jobId: z.string(),
  orderNumber: z.string().nullish(),
  fileName: z.string(),
  customerId: z.string(),
  /** The order's owner ("" when the order never had one: then only the customer is told). */
  ownerId: z.string(),
  amountCents: z.number(),
  earningReversedCents: z.number(),
  at: z.string().optional(),
});
export type StaffRefund = z.infer<typeof staffRefundDetail>;

export function publishStaffRefund(
  events: EventPublisher,
  job: { jobId: string; orderNumber?: number | undefined; fileName: string; customerId: string },
  detail: Pick<StaffRefund, "ownerId" | "amountCents" | "earningReversedCents" | "at">,
) {
  const full: StaffRefund = {
    jobId: job.jobId,
    orderNumber: formatOrderNumber(job.orderNumber),
    fileName: job.fileName,
    customerId: job.customerId,
    ...detail,
  };
  return publishAfterWrite(events, DETAIL_TYPES.staffRefund, full as unknown as Record<string, unknown>);
}

/** What each side is told (pure). */
export function planStaffRefundNotices(d: StaffRefund): OrderNotice[] {
  const order = orderName(d);
  const amount = formatCents(d.amountCents);
  const action = { label: "Open the order", path: `/order/${d.jobId}` };
  const details: [string, string][] = [
    ["Order", d.orderNumber ?? d.fileName],
    ["Refunded", amount],
  ];
  const toCustomer = `Printhood refunded ${amount} of ${order} to your card. Banks usually show it within 5–10 business days.`;
  const notices: OrderNotice[] = [
    {
      to: "customer",
      title: REFUND_ON_ITS_WAY,
      message: toCustomer,
      email: { subject: `Refund of ${amount}: ${order}`, heading: REFUND_ON_ITS_WAY, paragraphs: [toCustomer], details, action },
      always: true,
    },
  ];
  if (!d.ownerId) return notices;
  const reversed = d.earningReversedCents;
  const toOwner =
    reversed > 0
      ? `Printhood refunded ${amount} of ${order} to the customer, and took ${formatCents(reversed)} of your earning for it back.`
      : `Printhood refunded ${amount} of ${order} to the customer; your earning for it is unchanged.`;
  notices.push({
    to: "owner",
    title: "Order refunded",
    message: toOwner,
    email: {
      subject: `Refunded by Printhood: ${order}`,
      heading: "Printhood refunded an order",
      paragraphs: [toOwner],
      details: reversed > 0 ? [...details, ["Taken back from your earning", formatCents(reversed)]] : details,
      action,
    },
    always: true,
  });
  return notices;
}

/** The consumer's part: each side's bell entry and e-mail, once per event. */
export async function onStaffRefund(deps: { store: Store; mailer: Mailer; siteUrl: string }, event: EventEnvelope): Promise<void> {
  const d = staffRefundDetail.parse(event.detail);
  await tellOrderParties(deps, event, d, planStaffRefundNotices(d), "staff-refund");
}
