import {
  CLAIM_OUTCOME_WORDS,
  CLAIM_REASON_WORDS,
  CLAIM_REMEDY_WORDS,
  CLAIM_STATUS_WORDS,
  OWNER_CLAIM_ANSWER_WORDS,
} from "@printhood/core/shared/claims";
import { createContext, type ReactNode, useContext } from "react";
import type { Claim } from "../../api/types";
import { formatCents } from "../../lib/format";
import { dateTimeText } from "../../lib/orders";
import { PhotoGallery } from "../photos/PhotoGallery";

type Viewer = Claim["viewer"];

/** Who is who, in the words of the person reading. */
const WORDS: Record<Viewer, { customer: string; customerPhotos: string; owner: string; ownerPhotos: string }> = {
  customer: { customer: "You", customerPhotos: "Your photos", owner: "The printer owner", ownerPhotos: "The printer owner's photos" },
  owner: { customer: "The customer", customerPhotos: "The customer's photos", owner: "You", ownerPhotos: "Your photos" },
  staff: {
    customer: "The customer",
    customerPhotos: "The customer's photos",
    owner: "The printer owner",
    ownerPhotos: "The printer owner's photos",
  },
};

const DECIDED_BY: Record<NonNullable<Claim["decision"]>["by"], string> = {
  owner: "Settled by the printer owner",
  customer: "Settled when the customer accepted the offer",
  staff: "Decided by Printhood",
};

/** Where a claim's status badge takes its colour from. */
// closed: Stripe refused the refund for good and staff closed it unpaid (the customer was told why).
const REFUND_STATUS: Record<NonNullable<Claim["refundStatus"]>, { words: string; tone: string }> = {
  pending: { words: "Refund on its way", tone: "text-amber-800" },
  done: { words: "Refunded", tone: "text-emerald-700" },
  closed: { words: "Refund closed without payment", tone: "text-slate-700" },
};

const STATUS_STYLE: Record<Claim["status"], string> = {
  awaiting_owner: "bg-amber-50 text-amber-800 ring-amber-200",
  offered: "bg-blue-50 text-blue-800 ring-blue-200",
  under_review: "bg-purple-50 text-purple-800 ring-purple-200",
  reprinting: "bg-blue-50 text-blue-800 ring-blue-200",
  resolved: "bg-emerald-50 text-emerald-800 ring-emerald-200",
};

export function ClaimStatusBadge({ status }: { status: Claim["status"] }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLE[status]}`}>{CLAIM_STATUS_WORDS[status]}</span>
  );
}

/** The level of the parts' headings: one below the heading of the card the claim is shown in. */
type PartLevel = "h3" | "h4" | "h5";
const PartHeading = createContext<PartLevel>("h3");

function Part({ title, children }: { title: string; children: ReactNode }) {
  const Heading = useContext(PartHeading);
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      <Heading className="text-sm font-semibold text-slate-900">{title}</Heading>
      <div className="mt-1 space-y-2 text-sm text-slate-700">{children}</div>
    </div>
  );
}

/** Free text a person wrote, as they wrote it (line breaks kept). */
const Words = ({ children }: { children: string }) => <p className="whitespace-pre-wrap wrap-anywhere text-slate-800">{children}</p>;

/** What the owner answered, as a statement ("Offered a partial refund: $5.00"; the buttons' words are commands). */
export function answerText(response: NonNullable<Claim["response"]>): string {
  const amount = response.amountCents !== null ? `: ${formatCents(response.amountCents)}` : "";
  return `${OWNER_CLAIM_ANSWER_WORDS[response.action]}${amount}`;
}

/**
 * A claim under the money-back guarantee as its customer, the printer's owner and staff read it
 * (the same facts for all, in the reader's words): why, what is asked, the photos, the owner's
 * answer, the customer's refusal of an offer, the decision with its reason, the reprint and where
 * the refund is.
 */
export function ClaimDetails({ claim, partHeading = "h3" }: { claim: Claim; partHeading?: PartLevel }) {
  const w = WORDS[claim.viewer];
  const r = claim.response;
  const d = claim.decision;
  return (
    <PartHeading.Provider value={partHeading}>
      <div className="flex flex-wrap items-center gap-2">
        <ClaimStatusBadge status={claim.status} />
        <span className="text-sm text-slate-600">Opened {dateTimeText(claim.openedAt)}</span>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Reason</dt>
          <dd className="font-medium text-slate-900">{CLAIM_REASON_WORDS[claim.reason]}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{w.customer === "You" ? "You asked for" : "The customer asks for"}</dt>
          <dd className="font-medium text-slate-900">{CLAIM_REMEDY_WORDS[claim.remedy]}</dd>
        </div>
      </dl>
      <Part title={`What ${w.customer === "You" ? "you" : "the customer"} wrote`}>
        <Words>{claim.description}</Words>
        <PhotoGallery photoIds={claim.photoIds} label={w.customerPhotos} />
      </Part>
      <Part title={`${w.owner === "You" ? "Your" : "The printer owner's"} answer`}>
        {r ? (
          <>
            <p className="font-medium text-slate-900">
              {answerText(r)} <span className="font-normal text-slate-500">· {dateTimeText(r.at)}</span>
            </p>
            <Words>{r.message}</Words>
            <PhotoGallery photoIds={r.photoIds} label={w.ownerPhotos} />
          </>
        ) : (
          <p>Not answered yet.</p>
        )}
      </Part>
      {claim.declined ? (
        <Part title={`${w.customer} asked Printhood to decide`}>
          <p className="text-slate-500">{dateTimeText(claim.declined.at)}</p>
          {claim.declined.message ? <Words>{claim.declined.message}</Words> : null}
        </Part>
      ) : null}
      {d ? (
        <Part title="Decision">
          <p className="font-medium text-slate-900">
            {CLAIM_OUTCOME_WORDS[d.outcome]}
            {d.refundCents > 0 ? `: ${formatCents(d.refundCents)} back to the customer's card` : ""}
          </p>
          <p className="text-slate-500">
            {DECIDED_BY[d.by]}, {dateTimeText(d.at)}
          </p>
          <Words>{d.reason}</Words>
          {claim.refundStatus ? (
            <p className={`font-medium ${REFUND_STATUS[claim.refundStatus].tone}`}>{REFUND_STATUS[claim.refundStatus].words}</p>
          ) : null}
        </Part>
      ) : null}
      {claim.reprint ? (
        <Part title="Reprint handed over">
          <p>
            {dateTimeText(claim.reprint.at)}
            {claim.reprint.trackingNumber ? ` · ${claim.reprint.carrier ?? ""} ${claim.reprint.trackingNumber}`.replace("  ", " ") : ""}
          </p>
        </Part>
      ) : null}
    </PartHeading.Provider>
  );
}
