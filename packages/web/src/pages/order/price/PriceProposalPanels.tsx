import { lazy, Suspense, useState } from "react";
import { useAnswerPriceProposal } from "../../../api/price-proposals";
import type { Order } from "../../../api/types";
import { formatCents } from "../../../lib/format";
import { primaryButton, secondaryButton } from "../../../lib/styles";

type Priced = Pick<
  Order,
  "id" | "orderNumber" | "fileName" | "status" | "pricing" | "priceBounds" | "priceProposal" | "priceRange" | "shipping"
>;

const AdjustPriceDialog = lazy(() => import("./AdjustPriceDialog").then((m) => ({ default: m.AdjustPriceDialog })));
// The card form (and Stripe.js) load only when a higher price is accepted and waits for the card.
const NewHoldPayment = lazy(() => import("./NewHoldPayment").then((m) => ({ default: m.NewHoldPayment })));

/** Where the owner's proposal stands, in the owner's words (what accepting the order does, only while it waits for that). */
function ownerProposalText(p: NonNullable<Priced["priceProposal"]>, orderStatus: Priced["status"]): string {
  const to = formatCents(p.totalCents);
  if (p.status === "proposed")
    return `You proposed ${to} instead of ${formatCents(p.previousTotalCents)}: waiting for the customer's answer.`;
  if (p.status === "accepted")
    return orderStatus === "confirmed"
      ? `The customer accepted ${to}. Accepting the order collects it from their card.`
      : `The customer accepted ${to} (was ${formatCents(p.previousTotalCents)}).`;
  return `The customer declined ${to}; the order stays at ${formatCents(p.previousTotalCents)}.`;
}

/**
 * The owner's side (issue 25 point 4): the estimate's range, where a proposal stands, and Adjust
 * price while one may be proposed (a paid order waiting for the owner's answer).
 */
export function OwnerPriceProposal({ order }: { order: Priced }) {
  const [open, setOpen] = useState(false);
  const bounds = order.priceBounds;
  const p = order.priceProposal;
  if (!bounds && !p) return null;
  return (
    <section aria-labelledby="price-adjust" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="price-adjust" className="text-lg font-semibold text-slate-900">
        Price
      </h2>
      {order.priceRange ? (
        <p className="mt-2 text-sm text-slate-700">
          The estimate puts this print between {formatCents(order.priceRange.lowCents)} and {formatCents(order.priceRange.highCents)}; the
          order is at {formatCents(order.pricing.totalCents)}.
        </p>
      ) : null}
      {p ? (
        <p role="status" className="mt-2 text-sm text-slate-800">
          {ownerProposalText(p, order.status)}
        </p>
      ) : null}
      {bounds ? (
        <button type="button" className={`mt-3 ${secondaryButton}`} onClick={() => setOpen(true)}>
          Adjust price
        </button>
      ) : null}
      {open && bounds ? (
        <Suspense fallback={null}>
          <AdjustPriceDialog order={order} bounds={bounds} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * The customer's side: the owner's proposal with both prices and the owner's reason, and Accept new
 * price / Decline; after the answer, one line saying what was agreed.
 */
export function CustomerPriceProposal({ order }: { order: Priced }) {
  const answer = useAnswerPriceProposal(order.id);
  const p = order.priceProposal;
  if (!p) return null;
  const to = formatCents(p.totalCents);
  const from = formatCents(p.previousTotalCents);
  if (p.status === "accepted" || p.status === "declined") {
    return (
      <p role="status" className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {p.status === "accepted"
          ? `You accepted the new price of ${to} (was ${from}).`
          : `You declined the new price of ${to}; the order stays at ${from}.`}
      </p>
    );
  }
  const lower = p.totalCents < p.previousTotalCents;
  const paying = p.status === "awaiting_payment";
  return (
    <section aria-labelledby="price-proposal" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 id="price-proposal" className="font-semibold text-slate-900">
        New price proposed: {to} instead of {from}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        The printer owner proposes a new price within the range the estimate gave for your design.{" "}
        {lower
          ? `If you accept, only ${to} is taken from the amount held on your card; the rest is released.`
          : `If you accept, you confirm a new hold of ${to} with your card; the hold of ${from} is then released.`}{" "}
        If you decline, your order stays at {from}.
      </p>
      <figure className="mt-2">
        <figcaption className="text-xs text-slate-500">The owner's reason</figcaption>
        <blockquote className="whitespace-pre-wrap wrap-anywhere text-sm text-slate-800">{p.reason}</blockquote>
      </figure>
      {paying ? (
        <Suspense fallback={null}>
          <NewHoldPayment order={order} />
        </Suspense>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {paying ? null : (
          <button type="button" className={primaryButton} disabled={answer.isPending} onClick={() => answer.mutate(true)}>
            Accept new price
          </button>
        )}
        <button type="button" className={secondaryButton} disabled={answer.isPending} onClick={() => answer.mutate(false)}>
          Decline
        </button>
      </div>
    </section>
  );
}
