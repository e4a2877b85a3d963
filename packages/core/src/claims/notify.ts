import { z } from "zod";
import type { Store } from "../db/store.ts";
import type { Mailer } from "../email/mailer.ts";
import { type OrderNotice, tellOrderParties } from "../email/order-notices.ts";
import type { EmailContent } from "../email/render.ts";
import type { EventEnvelope } from "../events/rules.ts";
import {
  CLAIM_REASON_WORDS,
  CLAIM_REMEDY_WORDS,
  type ClaimOutcome,
  type ClaimReason,
  type ClaimRemedy,
  OWNER_CLAIM_ACTION_WORDS,
  type OwnerClaimAction,
} from "../shared/claims.ts";
import { orderName } from "../shared/order-numbers.ts";
import { formatCents } from "../shared/pricing.ts";

/** `claim.changed` as claims/events.ts publishes it. */
export const claimChangedDetail = z.looseObject({
  claimId: z.string(),
  jobId: z.string(),
  orderNumber: z.string().nullish(),
  fileName: z.string(),
  customerId: z.string(),
  ownerId: z.string(),
  step: z.enum(["opened", "responded", "offer_accepted", "offer_declined", "decided", "reprint_handed_over"]),
  reason: z.string(),
  remedy: z.string(),
  response: z.object({ action: z.string(), amountCents: z.number().nullable(), message: z.string() }).nullish(),
  // reverseCents: what the refund took back of the owner's earning (absent from events sent before it was told).
  decision: z
    .object({ outcome: z.string(), by: z.string(), reason: z.string(), refundCents: z.number(), reverseCents: z.number().optional() })
    .nullish(),
  at: z.string().optional(),
});
export type ClaimChangedDetail = z.infer<typeof claimChangedDetail>;

/** E-mails about money that moved go out whatever the person's e-mail choices (`always`); the rest follow them. */
export type ClaimNotice = OrderNotice;

const orderPage = (jobId: string) => `/order/${jobId}`;
/** A settled claim's notification title and e-mail subject, by its outcome. */
const SETTLED_TITLES: Record<ClaimOutcome, string> = {
  refund_full: "Claim refunded in full",
  refund_partial: "Claim refunded in part",
  reprint: "Claim settled with a reprint",
  reject: "Claim rejected",
};
const dollars = (cents: number | null | undefined) => formatCents(cents ?? 0);
const name = (d: ClaimChangedDetail) => orderName(d);

function mail(d: ClaimChangedDetail, subject: string, heading: string, paragraphs: string[], quote?: string): EmailContent {
  return {
    subject,
    heading,
    paragraphs,
    ...(quote ? { quote } : {}),
    details: [
      ["Order", d.orderNumber ?? d.fileName],
      ["File", d.fileName],
      ["Reason", CLAIM_REASON_WORDS[d.reason as ClaimReason] ?? d.reason],
      ["Asked for", CLAIM_REMEDY_WORDS[d.remedy as ClaimRemedy] ?? d.remedy],
    ],
    action: { label: "See the claim", path: orderPage(d.jobId) },
  };
}

/** What each party is told about each step of a claim (pure). */
export function planClaimNotices(d: ClaimChangedDetail): ClaimNotice[] {
  const order = name(d);
  switch (d.step) {
    case "opened":
      return [
        {
          to: "owner",
          title: "A customer opened a claim",
          message: `A claim was opened on ${order}: ${CLAIM_REASON_WORDS[d.reason as ClaimReason] ?? d.reason}. Please answer it.`,
          email: mail(d, `Claim opened on ${order}`, "A customer opened a claim", [
            `The customer says there is a problem with ${order} and asks for ${(CLAIM_REMEDY_WORDS[d.remedy as ClaimRemedy] ?? d.remedy).toLowerCase()}. Your earnings for this order are frozen until the claim is settled.`,
            "Please answer from the order page: refund in full, offer a partial refund or a reprint, or dispute the claim and Printhood will decide.",
          ]),
          always: true,
        },
        {
          to: "customer",
          title: "Claim received",
          message: `We received your claim on ${order}. The printer owner has been asked to answer.`,
          email: mail(d, `We received your claim on ${order}`, "Your claim is open", [
            "We have told the printer owner and asked them to answer. If you cannot agree, Printhood decides, and you will both read why.",
          ]),
          always: true,
        },
      ];
    case "responded": {
      const action = (d.response?.action ?? "") as OwnerClaimAction;
      const what =
        action === "offer_partial"
          ? `offers a partial refund of ${dollars(d.response?.amountCents)}`
          : action === "offer_reprint"
            ? "offers to reprint the part"
            : action === "dispute"
              ? "disputes the claim; Printhood will decide"
              : (OWNER_CLAIM_ACTION_WORDS[action] ?? action).toLowerCase();
      return [
        {
          to: "customer",
          title: "The printer owner answered your claim",
          message: `On ${order}, the printer owner ${what}.`,
          email: mail(
            d,
            `Answer to your claim on ${order}`,
            "The printer owner answered your claim",
            [
              `The printer owner ${what}.`,
              action === "dispute"
                ? "Our team will look at both sides and decide."
                : "You can accept the offer or ask Printhood to decide.",
            ],
            d.response?.message,
          ),
          always: false,
        },
      ];
    }
    case "offer_declined":
      return [
        {
          to: "owner",
          title: "Claim sent to Printhood",
          message: `The customer declined your offer on ${order}. Printhood will decide.`,
          email: mail(d, `Your offer on ${order} was declined`, "Printhood will decide the claim", [
            "The customer declined your offer. Our team will look at both sides and decide; you will read why.",
          ]),
          always: false,
        },
      ];
    case "offer_accepted":
    case "decided": {
      const outcome = (d.decision?.outcome ?? "") as ClaimOutcome;
      const refund = d.decision?.refundCents ?? 0;
      const by =
        d.decision?.by === "staff" ? "Printhood decided" : d.step === "offer_accepted" ? "The offer was accepted" : "The claim is settled";
      const taken = d.decision?.reverseCents ?? 0;
      // Each side is told what happens to their own money: the customer's card, the owner's earning.
      const result = (to: "customer" | "owner") =>
        outcome === "reject"
          ? "the claim is rejected; no refund is made"
          : outcome === "reprint"
            ? "the part will be reprinted"
            : to === "customer"
              ? `${dollars(refund)} is refunded to your card`
              : `${dollars(refund)} is refunded to the customer's card${taken > 0 ? `, and ${dollars(taken)} of your earning for it is taken back` : ""}`;
      return (["customer", "owner"] as const).map((to) => {
        const line = `${by} on ${order}: ${result(to)}.`;
        return {
          to,
          title: SETTLED_TITLES[outcome] ?? "Claim settled",
          message: line,
          email: mail(d, `${SETTLED_TITLES[outcome] ?? "Claim settled"}: ${order}`, "The claim is settled", [line], d.decision?.reason),
          always: true,
        };
      });
    }
    case "reprint_handed_over":
      return [
        {
          to: "customer",
          title: "Your reprint is on its way",
          message: `The reprint of ${order} was handed over.`,
          email: mail(d, `Your reprint of ${order}`, "Your reprint is on its way", [
            "The printer owner has handed over the reprint. Once it arrives, please confirm it on the order page.",
          ]),
          always: false,
        },
      ];
  }
}

/**
 * The consumer's part for a claim step: the bell entry and the e-mail of each party, each once per
 * event. E-mails about a decision go out even to someone who turned order e-mails off: it says
 * what happens to their money.
 */
export async function onClaimChanged(deps: { store: Store; mailer: Mailer; siteUrl: string }, event: EventEnvelope): Promise<void> {
  const d = claimChangedDetail.parse(event.detail);
  await tellOrderParties(deps, event, d, planClaimNotices(d), "claim");
}
