import { isClosed, isPaid } from "@printhood/core/shared/job-groups";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { printJobQuery } from "../api/jobs";
import { justPaid } from "../api/orders";
import type { Order } from "../api/types";
import { JobStatusBadge } from "../components/JobStatusBadge";
import { PageBody } from "../components/PageHeading";
import { linesOfJob, PartLines } from "../components/project/PartLines";
import { Spinner } from "../components/Spinner";
import { formatCents } from "../lib/format";
import { customerStatusText, dateTimeText, deliveryLabel, orderLabel } from "../lib/orders";
import { isProject } from "../lib/parts";
import { cardClass } from "../lib/styles";

export interface OrderConfirmationSearch {
  orderId?: string;
}

/** How many times the page reads a just-paid order before it stops waiting for Stripe. */
const CONFIRM_POLLS = 30;

const primaryLink = "rounded-lg bg-brand-600 px-5 py-2.5 text-center font-semibold text-white hover:bg-brand-700";
const secondaryLink = "rounded-lg border border-brand-600 px-5 py-2.5 text-center font-semibold text-brand-700 hover:bg-brand-50";

/**
 * Order Confirmed! (spec 2 §2): the order's real details once it is paid. An order that is not
 * paid is not confirmed: the page says it waits for payment and links to checkout (the card this
 * tab has just confirmed is "Confirming your payment..." until Stripe's word arrives), and a
 * cancelled or declined one says so. Only a paid order claims the confirmation e-mail.
 */
export function OrderConfirmationPage({ search = {} }: { search?: OrderConfirmationSearch }) {
  const orderId = search.orderId ?? "";
  const queryClient = useQueryClient();
  const order = useQuery({
    ...printJobQuery(orderId),
    enabled: !!orderId,
    // The payment confirms the order on Stripe's word a moment after the card: read again until it
    // has, for up to 30 seconds; after that the page asks for payment again. A hold given back (the
    // total changed after the card was confirmed) is the server's word too: no more waiting.
    refetchInterval: (q) =>
      q.state.data?.status === "submitted" &&
      !holdReleased(q.state.data) &&
      justPaid(q.state.data.id) &&
      q.state.dataUpdateCount < CONFIRM_POLLS
        ? 1000
        : false,
  });
  // Each read re-renders the page (dataUpdatedAt is read), which then knows whether it still waits.
  const reads = order.dataUpdatedAt ? (queryClient.getQueryState(printJobQuery(orderId).queryKey)?.dataUpdateCount ?? 0) : 0;
  if (orderId && order.isPending)
    return (
      <PageBody>
        <div role="status" aria-label="Loading order" className="flex justify-center py-16">
          <Spinner />
        </div>
      </PageBody>
    );
  if (!orderId || order.isError || !order.data)
    return (
      <PageBody>
        <div className={`${cardClass} mx-auto max-w-xl text-center`}>
          <h1 className="text-2xl font-bold text-slate-900">Order Not Found</h1>
          <p className="mt-2 text-slate-600">We could not find that order.</p>
          <Link to="/orders" className={`${primaryLink} mt-6 inline-flex`}>
            View My Orders
          </Link>
        </div>
      </PageBody>
    );
  return <Confirmed order={order.data} polling={reads < CONFIRM_POLLS} />;
}

type Stage = "confirmed" | "confirming" | "awaiting_payment" | "hold_released" | "closed";

/** An unpaid order whose card hold was given back: it was confirmed for a total the order has since left (payments/sync.ts). */
const holdReleased = (order: Order) => order.status === "submitted" && order.payment?.status === "released";

function stageOf(order: Order, polling: boolean): Stage {
  if (isPaid(order)) return "confirmed";
  if (isClosed(order)) return "closed";
  if (holdReleased(order)) return "hold_released";
  return polling && justPaid(order.id) ? "confirming" : "awaiting_payment";
}

const HEADINGS: Record<Stage, string> = {
  confirmed: "Order Confirmed!",
  confirming: "Confirming your payment...",
  awaiting_payment: "Waiting for Payment",
  hold_released: "Waiting for Payment",
  closed: "Order Closed",
};

function Confirmed({ order, polling }: { order: Order; polling: boolean }) {
  const stage = stageOf(order, polling);
  const p = order.pricing;
  const rows: [string, React.ReactNode][] = [
    ["Order number", orderLabel(order)],
    ["File", order.fileName],
    ["Material", order.material],
    ["Filament colour", order.filamentColor],
    [
      "Delivery method",
      order.shipping ? `Shipping · ${order.shipping.carrier} ${order.shipping.service}` : deliveryLabel(order.deliveryMethod),
    ],
    ["Status", <JobStatusBadge key="status" status={order.status} inDetails deliveryMethod={order.deliveryMethod} />],
    ["Printer", order.printer ? `${order.printer.name}${order.printerNumber ? ` · Printer #${order.printerNumber}` : ""}` : "—"],
  ];
  if (order.specialInstructions) rows.push(["Special instructions", order.specialInstructions]);
  const deliveryLine: [string, number] | null = order.shipping
    ? [`Shipping (${order.shipping.carrier} ${order.shipping.service})`, order.shipping.costCents]
    : p.deliveryFeeCents
      ? ["Local delivery", p.deliveryFeeCents]
      : null;
  return (
    <PageBody>
      <div className="mx-auto max-w-3xl">
        <div className="text-center">
          {stage === "confirmed" ? (
            <div
              aria-hidden="true"
              className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700"
            >
              ✓
            </div>
          ) : null}
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900" {...(stage === "confirming" ? { role: "status" } : {})}>
            {HEADINGS[stage]}
          </h1>
          <StageText order={order} stage={stage} />
        </div>

        <section aria-labelledby="confirmation-details" className={`${cardClass} mt-8`}>
          <h2 id="confirmation-details" className="text-lg font-semibold text-slate-900">
            Order Details
          </h2>
          <dl className="mt-4 space-y-2 text-sm">
            {rows.map(([k, v]) => (
              <div key={k} className="flex justify-between gap-4 border-b border-slate-100 pb-2">
                <dt className="text-slate-500">{k}</dt>
                <dd className="text-right font-medium text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="confirmation-summary" className={`${cardClass} mt-6`}>
          <h2 id="confirmation-summary" className="text-lg font-semibold text-slate-900">
            Order Summary
          </h2>
          {isProject(order.parts) ? (
            <div className="mt-4">
              <PartLines lines={linesOfJob(order)} />
            </div>
          ) : null}
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between text-slate-700">
              <dt>Print cost</dt>
              <dd>{formatCents(p.customerPaysCents)}</dd>
            </div>
            {deliveryLine ? (
              <div className="flex justify-between text-slate-700">
                <dt>{deliveryLine[0]}</dt>
                <dd>{formatCents(deliveryLine[1])}</dd>
              </div>
            ) : null}
            <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
              <dt>Total</dt>
              <dd>{formatCents(p.totalCents)}</dd>
            </div>
          </dl>
          {stage === "confirmed" ? <p className="mt-3 text-sm text-slate-600">A confirmation e-mail has been sent to you.</p> : null}
        </section>

        {stage === "closed" ? null : <WhatNext />}

        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {stage === "awaiting_payment" || stage === "hold_released" ? (
            <Link to="/checkout" search={{ orderId: order.id }} className={primaryLink}>
              Go to Checkout
            </Link>
          ) : null}
          <Link to="/orders" className={stage === "awaiting_payment" || stage === "hold_released" ? secondaryLink : primaryLink}>
            View My Orders
          </Link>
          <Link to="/upload" className={secondaryLink}>
            Upload Another Design
          </Link>
        </div>
      </div>
    </PageBody>
  );
}

/** The line under the heading: the order's number, and what it waits for. */
function StageText({ order, stage }: { order: Order; stage: Stage }) {
  const number = <strong className="text-slate-900">{orderLabel(order)}</strong>;
  if (stage === "confirmed") return <p className="mt-2 text-slate-600">Thank you for your order. Your order number is {number}.</p>;
  if (stage === "closed")
    return (
      <p className="mt-2 text-slate-600">
        {customerStatusText(order)}. Your order number was {number}.
      </p>
    );
  if (stage === "hold_released")
    return (
      <p role="alert" className="mt-2 text-slate-600">
        The total of order {number} changed to {formatCents(order.pricing.totalCents)} after your card was confirmed
        {order.payment ? ` for ${formatCents(order.payment.amountCents)}` : ""}, so that hold on your card has been released and nothing was
        charged. Please pay the new total at checkout.
      </p>
    );
  if (stage === "confirming") return <p className="mt-2 text-slate-600">Your card was accepted; Stripe is confirming order {number}.</p>;
  return (
    <p className="mt-2 text-slate-600">
      Order {number} is saved but not paid yet. It goes to the printer owner once you pay at checkout
      {order.expiresAt ? `, by ${dateTimeText(order.expiresAt)}, when an unpaid order is cancelled` : ""}.
    </p>
  );
}

function WhatNext() {
  return (
    <section aria-labelledby="what-next" className={`${cardClass} mt-6`}>
      <h2 id="what-next" className="text-lg font-semibold text-slate-900">
        What happens next?
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>The printer owner reviews your order. Your card is charged only when they accept it.</li>
        <li>You will receive e-mail updates as your print progresses.</li>
        <li>Estimated completion: 2-3 business days.</li>
      </ul>
    </section>
  );
}
