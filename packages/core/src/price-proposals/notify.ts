import { z } from "zod";
import type { Store } from "../db/store.ts";
import type { Mailer } from "../email/mailer.ts";
import { type OrderNotice, tellOrderParties } from "../email/order-notices.ts";
import type { EventEnvelope } from "../events/rules.ts";
import { orderName } from "../shared/order-numbers.ts";
import { formatCents } from "../shared/pricing.ts";

/** `order.price_proposal` as price-proposals/events.ts publishes it. */
export const priceProposalDetail = z.looseObject({
  jobId: z.string(),
  orderNumber: z.string().nullish(),
  fileName: z.string(),
  customerId: z.string(),
  ownerId: z.string(),
  step: z.enum(["proposed", "accepted", "declined"]),
  totalCents: z.number(),
  previousTotalCents: z.number(),
  reason: z.string(),
  at: z.string().optional(),
});
export type PriceProposalDetail = z.infer<typeof priceProposalDetail>;

const orderPage = (jobId: string) => `/order/${jobId}`;

/** What each side is told (pure): the customer of a proposal, the owner of the answer. */
export function planPriceNotices(d: PriceProposalDetail): OrderNotice[] {
  const order = orderName(d);
  const from = formatCents(d.previousTotalCents);
  const to = formatCents(d.totalCents);
  const details: [string, string][] = [
    ["Order", d.orderNumber ?? d.fileName],
    ["Price now", from],
    ["New price", to],
  ];
  const action = { label: "Open the order", path: orderPage(d.jobId) };
  if (d.step === "proposed") {
    const lower = d.totalCents < d.previousTotalCents;
    return [
      {
        to: "customer",
        title: "New price proposed",
        message: `The printer owner proposes ${to} instead of ${from} for ${order}. Please accept or decline it.`,
        email: {
          subject: `A new price for ${order}: ${to}`,
          heading: "The printer owner proposes a new price",
          paragraphs: [
            `Before accepting your order, the printer owner proposes ${to} instead of ${from}, within the range the estimate gave for your design.`,
            lower
              ? `If you accept, only ${to} is taken from the amount held on your card; the rest is released.`
              : `If you accept, you confirm a new hold of ${to} with your card on the order's page; the hold of ${from} is then released.`,
            "If you decline, your order stays as it is, at its price; the owner may still accept or reject it.",
          ],
          quote: d.reason,
          details,
          action,
        },
        // A price the customer is asked to agree to is told whatever their e-mail choices.
        always: true,
      },
    ];
  }
  const accepted = d.step === "accepted";
  return [
    {
      to: "owner",
      title: accepted ? "New price accepted" : "New price declined",
      message: accepted
        ? `The customer accepted ${to} for ${order}. You can accept the order now.`
        : `The customer declined ${to} for ${order}. The order stays at ${from}: accept or reject it.`,
      email: {
        subject: accepted ? `New price accepted for ${order}` : `New price declined for ${order}`,
        heading: accepted ? "The customer accepted your new price" : "The customer declined your new price",
        paragraphs: [
          accepted
            ? `The order is now at ${to}, held on the customer's card. When you accept it, ${to} is collected.`
            : `The order stays at ${from}. You can accept it at that price or reject it.`,
        ],
        details,
        action,
      },
      always: false,
    },
  ];
}

/** The consumer's part: the bell entry and the e-mail of each side, once per event. */
export async function onPriceProposal(deps: { store: Store; mailer: Mailer; siteUrl: string }, event: EventEnvelope): Promise<void> {
  const d = priceProposalDetail.parse(event.detail);
  await tellOrderParties(deps, event, d, planPriceNotices(d), "price");
}
