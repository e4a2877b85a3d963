import { Link } from "@tanstack/react-router";
import type { Order } from "../../api/types";
import { JobStatusBadge } from "../../components/JobStatusBadge";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { orderLabel } from "../../lib/orders";
import { cardClass } from "../../lib/styles";

/**
 * The printer owner's view of /order/{id}: the customer's name and email (placeholder: the owner's
 * screens, with Download 3D File and the owner's actions, replace this file).
 */
export function OwnerOrderView({ order }: { order: Order }) {
  const c = order.customer;
  const name = c ? [c.firstName, c.lastName].filter(Boolean).join(" ") || c.username : null;
  return (
    <>
      <PageHeading title={`Order ${orderLabel(order)}`} subtitle={order.fileName}>
        <Link to="/printer-tracking" className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:underline">
          Back to Tracking
        </Link>
      </PageHeading>
      <PageBody>
        <section aria-labelledby="customer-info" className={cardClass}>
          <div className="flex items-center justify-between">
            <h2 id="customer-info" className="text-lg font-semibold text-slate-900">
              Customer
            </h2>
            <JobStatusBadge status={order.status} />
          </div>
          {c ? (
            <p className="mt-2 text-slate-700">
              {name} · {c.email}
            </p>
          ) : (
            <p className="mt-2 text-slate-600">Information not available</p>
          )}
        </section>
      </PageBody>
    </>
  );
}
