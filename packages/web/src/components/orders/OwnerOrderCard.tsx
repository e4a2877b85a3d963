import { orderEarningsCents } from "@printhood/core/shared/job-groups";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import type { OwnerJob } from "../../api/types";
import { formatCents, formatGrams } from "../../lib/format";
import { JobStatusBadge } from "../JobStatusBadge";
import { OwnerOrderActions } from "./OwnerOrderActions";

/** How the part leaves the owner, in the owner's words. */
export const HANDOVER_WORDS: Record<OwnerJob["deliveryMethod"], string> = {
  pickup: "Pickup",
  delivery: "Local delivery",
  shipping: "Shipping",
};

/** The customer as the owner may see them: "First Last", else the username. */
export function customerName(order: Pick<OwnerJob, "customer">): string {
  const c = order.customer;
  if (!c) return "Unknown customer";
  return [c.firstName, c.lastName].filter(Boolean).join(" ").trim() || c.username;
}

/** An order's number (PH-10423) as people read it; never its id. */
export const orderLabel = (order: Pick<OwnerJob, "orderNumber">) => order.orderNumber ?? "Order";

/**
 * One order as its printer's owner sees it in a list (the dashboard, the Print Queue, tracking):
 * its number, status, the customer, the part's real printed size, material and weight, what the
 * owner earns, the owner's next moves and a link to the order's page. An article named by its number.
 */
export function OwnerOrderCard({ order, hint, compact = false }: { order: OwnerJob; hint?: string | null; compact?: boolean }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} data-testid="owner-order" className={compact ? "py-3" : "py-4"}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {orderLabel(order)}
            </h3>
            <JobStatusBadge status={order.status} />
            <span className="rounded-full bg-slate-50 px-2 py-0.5 text-xs text-slate-600 ring-1 ring-slate-200">
              {HANDOVER_WORDS[order.deliveryMethod]}
            </span>
          </div>
          <p className="mt-1 truncate text-sm text-slate-800">
            {order.fileName} <span className="text-slate-500">· {customerName(order)}</span>
          </p>
          <p className="text-sm text-slate-600">
            Printed size: <span className="font-medium text-slate-800">{order.printedSize?.text ?? "not measured"}</span> · {order.material}
            , {order.filamentColor} · {formatGrams(order.estimatedWeight)}
          </p>
          {hint ? <p className="mt-1 text-sm font-medium text-emerald-700">{hint}</p> : null}
          {order.trackingNumber ? (
            <p className="text-sm text-slate-600">
              Shipped with {order.carrier}, tracking number <span className="font-mono">{order.trackingNumber}</span>
            </p>
          ) : null}
        </div>
        <div className="text-right">
          <p className="font-semibold text-slate-900" title="What you earn from this order">
            {formatCents(orderEarningsCents(order.pricing))}
          </p>
          <Link to="/order/$id" params={{ id: order.id }} className="text-sm font-medium text-brand-700 hover:underline">
            Job Details
          </Link>
        </div>
      </div>
      <div className="mt-2">
        <OwnerOrderActions order={order} />
      </div>
    </article>
  );
}
