import { mayReorder } from "@printhood/core/shared/job-groups";
import { customerMay } from "@printhood/core/shared/lifecycle";
import { currentPaymentStatus, PAYMENT_WORDS, releasedEarlierHold } from "@printhood/core/shared/payment-status";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useReorder } from "../../api/jobs";
import type { Order } from "../../api/types";
import { useSignedInUser } from "../../auth/signedInUser";
import { CustomerGuarantee } from "../../components/claims/CustomerGuarantee";
import { JobStatusBadge } from "../../components/JobStatusBadge";
import { ContactPrinterDialog } from "../../components/messages/ContactPrinterDialog";
import { OrderThread } from "../../components/messages/OrderThread";
import { CancelOrderDialog } from "../../components/orders/CancelOrderDialog";
import { MoneyBackNotice } from "../../components/orders/MoneyBackNotice";
import { OrderTimeline } from "../../components/orders/OrderTimeline";
import { PayNowLink } from "../../components/orders/PayNowLink";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { ProjectPartsCard } from "../../components/project/ProjectPartsCard";
import { ReviewPanel } from "../../components/reviews/ReviewPanel";
import { formatCents, formatGrams } from "../../lib/format";
import { customerStatusText, deliveryLabel, orderLabel, ownerName, printTimeText } from "../../lib/orders";
import { isProject } from "../../lib/parts";
import { cardClass, secondaryButton } from "../../lib/styles";
import { CustomerPriceProposal } from "./price/PriceProposalPanels";

/**
 * The customer's view of /order/{id}: the order, its printer and owner, the timeline, the part's
 * photos and the money-back guarantee (issue 21); back to the dashboard.
 */
export function CustomerOrderView({ order }: { order: Order }) {
  const user = useSignedInUser();
  const [dialog, setDialog] = useState<"contact" | "cancel" | null>(null);
  const navigate = useNavigate();
  const reorder = useReorder();
  // Re-order (issue 22 point 6): a new saved print of the same parts, then on to submit it (or choose a printer).
  const orderAgain = () =>
    reorder.mutate(order.id, {
      onSuccess: ({ jobId, draft }) =>
        void (draft.printerId
          ? navigate({ to: "/submit-print", search: { printerId: draft.printerId, draftId: jobId } })
          : navigate({ to: "/choose-printer", search: { draftId: jobId } })),
    });
  const label = orderLabel(order);
  const p = order.pricing;
  const info: [string, string][] = [
    ["Order number", label],
    ["File", order.fileName],
    ["Material", order.material],
    ["Colour", order.filamentColor],
    ["Weight", formatGrams(order.estimatedWeight)],
    ["Print time", printTimeText(order.printTimeMinutes)],
    ["Delivery", order.shipping ? `Shipping · ${order.shipping.carrier} ${order.shipping.service}` : deliveryLabel(order.deliveryMethod)],
    ["Total", formatCents(p.totalCents)],
    ["Payment", PAYMENT_WORDS[currentPaymentStatus(order.status, order.payment?.status)]],
  ];
  // A hold given back because the total changed at checkout: history, while the order awaits the card for its new total.
  const earlierHold = releasedEarlierHold(order);
  if (earlierHold) info.push(["Earlier card hold", `${formatCents(earlierHold.amountCents)}, released`]);
  // A claim's (or staff's) refund of part of the payment: the card got this back.
  if (order.payment?.refundedCents) info.push(["Refunded to your card", formatCents(order.payment.refundedCents)]);
  if (order.trackingNumber) info.push(["Tracking", `${order.carrier ?? ""} ${order.trackingNumber}`.trim()]);
  return (
    <>
      <PageHeading title={`Order ${label}`} subtitle={customerStatusText(order) ?? undefined}>
        <Link to="/dashboard" className="mt-4 inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline">
          Back to Dashboard
        </Link>
      </PageHeading>
      <PageBody>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <section aria-labelledby="order-info" className={`${cardClass} lg:col-span-2`}>
            <div className="flex items-center justify-between gap-3">
              <h2 id="order-info" className="text-lg font-semibold text-slate-900">
                Order Information
              </h2>
              <JobStatusBadge status={order.status} inDetails deliveryMethod={order.deliveryMethod} />
            </div>
            <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {info.map(([k, v]) => (
                <div key={k} className="flex justify-between gap-3 border-b border-slate-100 py-1">
                  <dt className="text-slate-500">{k}</dt>
                  <dd className="text-right font-medium text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
            <MoneyBackNotice order={order} />
            <CustomerPriceProposal order={order} />
            {order.specialInstructions ? (
              <>
                <h3 className="mt-4 text-sm font-semibold text-slate-900">Special instructions</h3>
                <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-slate-700">{order.specialInstructions}</p>
              </>
            ) : null}
            {order.ownerMessage ? (
              <>
                <h3 className="mt-4 text-sm font-semibold text-slate-900">Message from the printer owner</h3>
                <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-slate-700">{order.ownerMessage}</p>
              </>
            ) : null}
            <div className="mt-6 flex flex-wrap gap-2">
              <PayNowLink order={order} />
              <button type="button" className={secondaryButton} onClick={() => setDialog("contact")}>
                Contact Printer
              </button>
              {mayReorder(order) ? (
                <button type="button" className={secondaryButton} disabled={reorder.isPending} onClick={orderAgain}>
                  {reorder.isPending ? "Re-ordering..." : "Re-order"}
                </button>
              ) : null}
              {customerMay(order.status, "cancel") ? (
                <button
                  type="button"
                  className="rounded-lg border border-red-300 px-4 py-2 font-medium text-red-700 hover:bg-red-50"
                  onClick={() => setDialog("cancel")}
                >
                  Cancel Order
                </button>
              ) : null}
            </div>
          </section>
          <div className="space-y-6">
            <section aria-labelledby="printer-info" className={cardClass}>
              <h2 id="printer-info" className="text-lg font-semibold text-slate-900">
                Printer
              </h2>
              {order.printer ? (
                <dl className="mt-3 space-y-1 text-sm">
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-500">Name</dt>
                    <dd className="text-right font-medium text-slate-900">
                      {order.printer.name}
                      {order.printerNumber ? ` #${order.printerNumber}` : ""}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-500">Owner</dt>
                    <dd className="text-right font-medium text-slate-900">{ownerName(order)}</dd>
                  </div>
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-500">Location</dt>
                    <dd className="text-right text-slate-900">{order.printer.location}</dd>
                  </div>
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-500">Model</dt>
                    <dd className="text-right text-slate-900">{order.printer.model}</dd>
                  </div>
                </dl>
              ) : (
                <p className="mt-3 text-sm text-slate-600">Information not available</p>
              )}
            </section>
            <section aria-labelledby="order-timeline" className={cardClass}>
              <h2 id="order-timeline" className="text-lg font-semibold text-slate-900">
                Timeline
              </h2>
              <div className="mt-3">
                <OrderTimeline order={order} />
              </div>
            </section>
          </div>
        </div>
        {isProject(order.parts) ? (
          <div className="mt-6">
            <ProjectPartsCard order={order} />
          </div>
        ) : null}
        <div className="mt-6">
          <CustomerGuarantee order={order} />
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <ReviewPanel order={order} />
          <div className="lg:col-span-2">
            <OrderThread orderId={order.id} viewerId={user.id} other="printer owner" />
          </div>
        </div>
      </PageBody>
      {dialog === "contact" ? (
        <ContactPrinterDialog
          job={{ id: order.id, fileName: order.fileName, printerName: order.printer?.name ?? null }}
          viewerId={user.id}
          open
          onClose={() => setDialog(null)}
          via="contact"
        />
      ) : null}
      {dialog === "cancel" ? <CancelOrderDialog order={order} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
