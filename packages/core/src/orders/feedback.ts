import { z } from "zod";
import type { Store } from "../db/store.ts";
import type { Mailer } from "../email/mailer.ts";
import { type OrderNotice, tellOrderParties } from "../email/order-notices.ts";
import { type EventPublisher, publishAfterWrite } from "../events/publisher.ts";
import { DETAIL_TYPES, type EventEnvelope } from "../events/rules.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { orderName } from "../shared/order-numbers.ts";
import { formatCents } from "../shared/pricing.ts";

/**
 * `order.feedback`: the customer's word on an order they have, told to its owner (the bell and an
 * e-mail): "Received, looks good" (which frees the owner's earning) and a rating of the printer.
 * Published after the write (architecture rule 6); the consumer is the notify handler.
 */
export const orderFeedbackDetail = z.looseObject({
  jobId: z.string(),
  orderNumber: z.string().nullish(),
  fileName: z.string(),
  customerId: z.string(),
  ownerId: z.string(),
  step: z.enum(["received", "reviewed"]),
  /** received: what the receipt freed for the owner (0 when nothing was held). */
  freedCents: z.number().optional(),
  /** reviewed: the stars given, and the printer rated. */
  rating: z.number().optional(),
  printerName: z.string().optional(),
  at: z.string().optional(),
});
export type OrderFeedback = z.infer<typeof orderFeedbackDetail>;

export function publishOrderFeedback(
  events: EventPublisher,
  job: { jobId: string; orderNumber?: number | undefined; fileName: string; customerId: string },
  detail: Pick<OrderFeedback, "ownerId" | "step" | "freedCents" | "rating" | "printerName" | "at">,
) {
  const full: OrderFeedback = {
    jobId: job.jobId,
    orderNumber: formatOrderNumber(job.orderNumber),
    fileName: job.fileName,
    customerId: job.customerId,
    ...detail,
  };
  return publishAfterWrite(events, DETAIL_TYPES.orderFeedback, full as unknown as Record<string, unknown>);
}

/** What the owner is told (pure). */
export function planFeedbackNotices(d: OrderFeedback): OrderNotice[] {
  const order = orderName(d);
  const action = { label: "Open the order", path: `/order/${d.jobId}` };
  const details: [string, string][] = [["Order", d.orderNumber ?? d.fileName]];
  if (d.step === "received") {
    const freed = d.freedCents ?? 0;
    const line =
      freed > 0
        ? `The customer confirmed they received ${order} and it looks good: your earning of ${formatCents(freed)} is available to pay out.`
        : `The customer confirmed they received ${order} and it looks good.`;
    return [
      {
        to: "owner",
        title: "Order received",
        message: line,
        email: { subject: `Received, looks good: ${order}`, heading: "Your customer has the part", paragraphs: [line], details, action },
        always: false,
      },
    ];
  }
  const n = d.rating ?? 0;
  const stars = `${n} star${n === 1 ? "" : "s"}`;
  const line = `The customer rated ${d.printerName ?? "your printer"} ${stars} for ${order}.`;
  return [
    {
      to: "owner",
      title: "New rating",
      message: line,
      email: {
        subject: `A new rating: ${stars} for ${order}`,
        heading: "A customer rated your printer",
        paragraphs: [line],
        details,
        action,
      },
      always: false,
    },
  ];
}

/** The consumer's part: the owner's bell entry and e-mail, once per event. */
export async function onOrderFeedback(deps: { store: Store; mailer: Mailer; siteUrl: string }, event: EventEnvelope): Promise<void> {
  const d = orderFeedbackDetail.parse(event.detail);
  await tellOrderParties(deps, event, d, planFeedbackNotices(d), "feedback");
}
