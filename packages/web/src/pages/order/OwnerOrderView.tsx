import { orderEarningsCents } from "@printhood/core/shared/job-groups";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useDownloadOrderFile } from "../../api/owner-orders";
import type { OwnerJob } from "../../api/types";
import { useSignedInUser } from "../../auth/signedInUser";
import { JobStatusBadge } from "../../components/JobStatusBadge";
import { OrderThread } from "../../components/messages/OrderThread";
import { OrderTimeline } from "../../components/orders/OrderTimeline";
import { OwnerOrderActions } from "../../components/orders/OwnerOrderActions";
import { customerName, HANDOVER_WORDS, orderLabel } from "../../components/orders/OwnerOrderCard";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { ReviewPanel } from "../../components/reviews/ReviewPanel";
import { formatCents, formatGrams } from "../../lib/format";

/** Where the customer's money is (the order's PaymentIntent). */
const PAYMENT_WORDS: Record<NonNullable<OwnerJob["payment"]>["status"] | "none", string> = {
  none: "Not paid yet",
  pending: "Awaiting the card",
  authorized: "Held on the card",
  captured: "Captured",
  released: "Released",
  refunded: "Refunded",
};

/** "1 h 35 min", "45 min". */
function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm text-slate-500">{term}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /order/{id} as the printer's owner sees it (spec 2 §2 "Order details"): the order with the part's
 * real printed size, the customer's name and email, what the owner earns, the owner's next moves,
 * the timeline, and Download 3D File. The back link goes to /printer-tracking.
 */
export function OwnerOrderView({ order }: { order: OwnerJob }) {
  const user = useSignedInUser();
  const download = useDownloadOrderFile(order.id);
  const c = order.customer;
  const s = order.printSettings;
  const delivery =
    order.deliveryMethod === "shipping" && order.shipping
      ? `Shipping: ${order.shipping.carrier} ${order.shipping.service} to ${order.shipping.zipTo}`
      : HANDOVER_WORDS[order.deliveryMethod];

  return (
    <>
      <PageHeading title={`Order ${orderLabel(order)}`} subtitle={order.fileName}>
        <Link to="/printer-tracking" className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:underline">
          Back to Printer Tracking
        </Link>
      </PageHeading>
      <PageBody>
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center gap-3">
            <span className="text-sm text-slate-600">Status</span>
            <JobStatusBadge status={order.status} />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <OwnerOrderActions order={order} size="md" />
            <button
              type="button"
              onClick={() => download.mutate()}
              disabled={download.isPending}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
            >
              {download.isPending ? "Downloading..." : "Download 3D File"}
            </button>
          </div>
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <Card title="Order Information">
              <Facts
                rows={[
                  ["Order number", orderLabel(order)],
                  ["File", order.fileName],
                  ["Printed size", order.printedSize ? `${order.printedSize.text} (scale ${Math.round(s.scale * 100)}%)` : "Not measured"],
                  ["Material", `${order.material}, ${order.filamentColor}`],
                  ["Estimated weight", formatGrams(order.estimatedWeight)],
                  ["Print time", formatMinutes(order.printTimeMinutes)],
                  ["Colours", String(order.numberOfColors || 1)],
                  ["Settings", `${s.quality} mm layers, ${s.infill}% infill, supports ${s.supports}`],
                  ["Delivery", delivery],
                  ["Printer", order.printer ? `${order.printer.name}${order.printer.number ? ` (#${order.printer.number})` : ""}` : "—"],
                ]}
              />
              {order.specialInstructions ? (
                <div className="mt-4">
                  <h3 className="text-sm text-slate-500">Special instructions</h3>
                  <p className="whitespace-pre-wrap text-slate-900">{order.specialInstructions}</p>
                </div>
              ) : null}
              {order.trackingNumber ? (
                <p className="mt-4 text-slate-800">
                  Shipped with {order.carrier}, tracking number <span className="font-mono">{order.trackingNumber}</span>
                </p>
              ) : null}
              {order.ownerMessage ? (
                <p className="mt-4 text-sm text-slate-600">
                  Your message to the customer: <q>{order.ownerMessage}</q>
                </p>
              ) : null}
            </Card>
            <Card title="Timeline">
              <OrderTimeline order={order} />
            </Card>
          </div>
          <div className="space-y-6">
            <Card title="Customer">
              {c ? (
                <>
                  <p className="font-medium text-slate-900">{customerName(order)}</p>
                  <a href={`mailto:${c.email}`} className="text-brand-700 hover:underline">
                    {c.email}
                  </a>
                </>
              ) : (
                <p className="text-slate-600">Information not available</p>
              )}
              <a
                href={`/messages?job=${encodeURIComponent(order.id)}`}
                className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:underline"
              >
                Message the customer
              </a>
            </Card>
            <Card title="Earnings">
              <Facts
                rows={[
                  ["Customer pays", formatCents(order.pricing.totalCents)],
                  ["Platform fee", formatCents(order.pricing.platformFeeCents)],
                  ["You earn", formatCents(orderEarningsCents(order.pricing))],
                  ["Payment", PAYMENT_WORDS[order.payment?.status ?? "none"]],
                ]}
              />
            </Card>
          </div>
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <ReviewPanel order={order} />
          <div className="lg:col-span-2">
            <OrderThread orderId={order.id} viewerId={user.id} />
          </div>
        </div>
      </PageBody>
    </>
  );
}
