import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { printJobQuery } from "../api/jobs";
import { statusLabel } from "../components/JobStatusBadge";
import { PageBody, PageHeading } from "../components/PageHeading";
import { Spinner } from "../components/Spinner";
import { formatCents, formatGrams } from "../lib/format";

export interface CheckoutSearch {
  orderId?: string;
}

const DELIVERY: Record<string, string> = { pickup: "Pickup", delivery: "Local Delivery", shipping: "Shipping" };

/** The order waiting for payment. Payment itself arrives with the payments issue. */
export function CheckoutPage({ search = {} }: { search?: CheckoutSearch }) {
  const orderId = search.orderId;
  const order = useQuery({ ...printJobQuery(orderId ?? ""), enabled: !!orderId });
  return (
    <>
      <PageHeading title="Checkout" subtitle="Review your order and pay securely.">
        <Link to="/my-orders" className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:underline">
          Back to Orders
        </Link>
      </PageHeading>
      <PageBody>
        {!orderId ? (
          <p className="text-slate-600">No order was given. Find your orders on your dashboard.</p>
        ) : order.isPending ? (
          <div role="status" aria-label="Loading order" className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : order.isError ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-700">
            {order.error.message}
          </p>
        ) : (
          <section aria-labelledby="order-summary" className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="order-summary" className="text-xl font-semibold text-slate-900">
              Order Summary
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              <dt className="text-slate-500">File</dt>
              <dd className="text-right font-medium text-slate-900">{order.data.fileName}</dd>
              <dt className="text-slate-500">Printer</dt>
              <dd className="text-right font-medium text-slate-900">
                {order.data.printer ? `${order.data.printer.name} · ${order.data.printer.location}` : "—"}
              </dd>
              <dt className="text-slate-500">Material and colour</dt>
              <dd className="text-right font-medium text-slate-900">
                {order.data.material} · {order.data.filamentColor}
              </dd>
              <dt className="text-slate-500">Estimated weight</dt>
              <dd className="text-right font-medium text-slate-900">{formatGrams(order.data.estimatedWeight)}</dd>
              <dt className="text-slate-500">Delivery</dt>
              <dd className="text-right font-medium text-slate-900">{DELIVERY[order.data.deliveryMethod] ?? "Pickup"}</dd>
              <dt className="text-slate-500">Status</dt>
              <dd className="text-right font-medium capitalize text-slate-900">{statusLabel(order.data.status)}</dd>
            </dl>
            <dl className="mt-6 space-y-2 border-t border-slate-200 pt-4 text-sm">
              <div className="flex justify-between text-slate-700">
                <dt>Print Service</dt>
                <dd>{formatCents(order.data.pricing.subtotalCents)}</dd>
              </div>
              {order.data.pricing.deliveryFeeCents ? (
                <div className="flex justify-between text-slate-700">
                  <dt>{DELIVERY[order.data.deliveryMethod]}</dt>
                  <dd>{formatCents(order.data.pricing.deliveryFeeCents)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between text-slate-700">
                <dt>Platform Fee</dt>
                <dd>{formatCents(order.data.pricing.platformFeeCents)}</dd>
              </div>
              <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
                <dt>Total</dt>
                <dd>${order.data.totalCost}</dd>
              </div>
            </dl>
            <p className="mt-6 rounded-xl bg-slate-50 p-4 text-sm text-slate-600">Secure payment for this order opens here.</p>
          </section>
        )}
      </PageBody>
    </>
  );
}
