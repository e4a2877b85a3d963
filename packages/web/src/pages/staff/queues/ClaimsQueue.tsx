import { CLAIM_OUTCOME_CHOICE_WORDS, CLAIM_OUTCOMES, type ClaimOutcome } from "@printhood/core/shared/claims";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { staffClaimsQuery, useDecideClaim } from "../../../api/staff";
import type { StaffClaim } from "../../../api/types";
import { AmountField, amountBody, refundAmountProblem } from "../../../components/AmountField";
import { optionsOf } from "../../../components/claims/ChoiceField";
import { ClaimDetails } from "../../../components/claims/ClaimDetails";
import { JobStatusBadge } from "../../../components/JobStatusBadge";
import { HANDOVER_WORDS } from "../../../components/orders/OwnerOrderFacts";
import { PhotoGallery } from "../../../components/photos/PhotoGallery";
import { formatCents } from "../../../lib/format";
import { dateTimeText } from "../../../lib/orders";
import { cardClass, primaryButton } from "../../../lib/styles";
import { Loading } from "../Loading";
import { ReasonDialog } from "../ReasonDialog";
import { EmptyQueue } from "./EmptyQueue";

/**
 * Open claims, oldest first (issue 21 points 4 and 5; GET /api/staff/claims): both sides' words and
 * photos, the photos of the finished part the owner sent with Mark Complete, the order's money and
 * its thread; staff decide (refund in full, refund part, reprint or reject) with a reason both sides
 * read, which goes to the audit log with the money it moves.
 */
export function Queue() {
  const queue = useQuery(staffClaimsQuery);
  if (queue.isPending) return <Loading what="claims" />;
  if (queue.isError) return <p role="alert">The claims could not be loaded. {queue.error.message}</p>;
  if (!queue.data.length) return <EmptyQueue>No claims are open.</EmptyQueue>;
  return (
    <ul className="space-y-4" aria-label="Open claims, oldest first">
      {queue.data.map((c) => (
        <li key={c.id}>
          <ClaimCard claim={c} />
        </li>
      ))}
    </ul>
  );
}

const name = (c: StaffClaim) => c.orderNumber ?? c.fileName;

function Side({ title, person }: { title: string; person: StaffClaim["customer"] }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{title}</dt>
      <dd className="font-medium text-slate-900">
        {person.name} <span className="font-normal text-slate-600">({person.email || "no e-mail"})</span>
      </dd>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-5 border-t border-slate-100 pt-3">
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </div>
  );
}

function ClaimCard({ claim: c }: { claim: StaffClaim }) {
  const [deciding, setDeciding] = useState(false);
  const o = c.order;
  const refundable = o.refundableCents;
  return (
    <article className={cardClass} aria-label={`Claim on ${name(c)}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">
          {name(c)} <span className="font-normal text-slate-600">{c.fileName}</span>
        </h3>
        <p className="text-sm text-slate-600">Opened {dateTimeText(c.openedAt)}</p>
      </header>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        <Side title="Customer" person={c.customer} />
        <Side title="Printer owner" person={c.owner} />
      </dl>
      <div className="mt-4">
        <ClaimDetails claim={c} partHeading="h4" />
      </div>
      <Block title="The order's money">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
          <div>
            <dt className="text-slate-500">Status</dt>
            <dd>{o.status ? <JobStatusBadge status={o.status} /> : "Gone"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Customer paid</dt>
            <dd className="font-medium text-slate-900">{formatCents(o.totalCents)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Refunded so far</dt>
            <dd className="font-medium text-slate-900">{formatCents(o.refundedCents)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Delivery</dt>
            <dd className="text-slate-900">
              {HANDOVER_WORDS[o.deliveryMethod as keyof typeof HANDOVER_WORDS] ?? o.deliveryMethod}
              {o.trackingNumber ? ` · ${o.carrier ?? ""} ${o.trackingNumber}` : ""}
            </dd>
          </div>
        </dl>
      </Block>
      <Block title="Photos of the finished part (sent with Mark Complete)">
        {o.completionPhotoIds.length ? (
          <PhotoGallery photoIds={o.completionPhotoIds} label={`${name(c)}: the finished part`} />
        ) : (
          <p>None were sent.</p>
        )}
      </Block>
      <Block title={`The order's messages (${c.thread.length})`}>
        {c.thread.length ? (
          <ol className="max-h-72 space-y-2 overflow-y-auto rounded-lg bg-slate-50 p-3" aria-label={`Messages on ${name(c)}`}>
            {c.thread.map((m) => (
              <li key={m.id}>
                <p className="text-xs text-slate-500">
                  {m.senderType === "customer" ? "Customer" : "Printer owner"}
                  {m.sender.firstName ? ` (${[m.sender.firstName, m.sender.lastName].filter(Boolean).join(" ")})` : ""} ·{" "}
                  {dateTimeText(m.sentAt)}
                </p>
                <p className="whitespace-pre-wrap wrap-anywhere text-slate-800">{m.content}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p>No messages.</p>
        )}
      </Block>
      <div className="mt-5">
        <button type="button" className={primaryButton} onClick={() => setDeciding(true)}>
          Decide
        </button>
      </div>
      {deciding ? <DecisionDialog claim={c} refundable={refundable} onClose={() => setDeciding(false)} /> : null}
    </article>
  );
}

/** Staff's decision: the outcome, an amount for a part refund, and the reason both sides read. */
function DecisionDialog({ claim, refundable, onClose }: { claim: StaffClaim; refundable: number; onClose: () => void }) {
  const decide = useDecideClaim();
  const [amount, setAmount] = useState("");
  return (
    <ReasonDialog<ClaimOutcome>
      open
      onClose={onClose}
      title={`Decide the claim on ${name(claim)}`}
      description={`A refund goes back to the customer's card through Stripe (at most ${formatCents(refundable)}) and is taken from the owner's earning; both sides are e-mailed your reason.`}
      choices={{ legend: "Decision", options: optionsOf(CLAIM_OUTCOMES, CLAIM_OUTCOME_CHOICE_WORDS) }}
      extra={(outcome) =>
        outcome === "refund_partial" ? (
          <AmountField label="Amount to refund (dollars)" value={amount} onChange={setAmount} mostCents={refundable} />
        ) : null
      }
      problem={(outcome) => (outcome === "refund_partial" ? refundAmountProblem(amount, refundable) : null)}
      reasonLabel="Reason (the customer and the printer owner read it)"
      submitText="Send decision"
      busy={decide.isPending}
      onSubmit={(reason, outcome) => {
        if (!outcome) return;
        decide.mutate(
          { id: claim.id, body: { outcome, reason, ...(outcome === "refund_partial" ? { amount: amountBody(amount) } : {}) } },
          { onSuccess: onClose },
        );
      }}
    />
  );
}
