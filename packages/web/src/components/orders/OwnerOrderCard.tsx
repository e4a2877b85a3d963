import { earnedFromOrder } from "@printhood/core/shared/earnings";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import type { OwnerJob } from "../../api/types";
import { useSignedInUser } from "../../auth/signedInUser";
import { formatCents, formatGrams } from "../../lib/format";
import { JobStatusBadge } from "../JobStatusBadge";
import { MessageHistoryButton } from "../messages/MessageHistoryButton";
import { PartThumbnails } from "../project/PartThumbnails";
import { OwnerOrderActions } from "./OwnerOrderActions";
import { customerName, HANDOVER_WORDS, orderLabel, ShipmentLine } from "./OwnerOrderFacts";

export { customerName, HANDOVER_WORDS, orderLabel };

/**
 * One order as its printer's owner sees it in a list (the dashboard, the Print Queue, tracking):
 * its number, status, the customer, the part's real printed size, material and weight, what the
 * owner earns, the owner's next moves, Message Customer, and Job Details: the dashboard's dialog
 * when `onDetails` is given (the dashboard and its Print Queue), else a link to the order's page
 * (tracking, whose order page leads back to it). An article named by its number.
 */
export function OwnerOrderCard({
  order,
  hint,
  compact = false,
  onDetails,
}: {
  order: OwnerJob;
  hint?: string | null;
  compact?: boolean;
  onDetails?: (order: OwnerJob) => void;
}) {
  const headingId = useId();
  const user = useSignedInUser();
  return (
    <article aria-labelledby={headingId} data-testid="owner-order" className={compact ? "py-3" : "py-4"}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {orderLabel(order)}
            </h3>
            <JobStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
            <span className="rounded-full bg-slate-50 px-2 py-0.5 text-xs text-slate-600 ring-1 ring-slate-200">
              {HANDOVER_WORDS[order.deliveryMethod]}
            </span>
          </div>
          {/* A long file name wraps (anywhere: names rarely have spaces) so the customer's name stays in view on a phone. */}
          <p className="mt-1 text-sm text-slate-800 wrap-anywhere">
            {order.fileName} <span className="text-slate-500">· {customerName(order)}</span>
          </p>
          <p className="text-sm text-slate-600">
            Printed size: <span className="font-medium text-slate-800">{order.printedSize?.text ?? "not measured"}</span> · {order.material}
            , {order.filamentColor} · {formatGrams(order.estimatedWeight)}
          </p>
          <PartThumbnails parts={order.parts} counts={order} />
          {hint ? <p className="mt-1 text-sm font-medium text-emerald-700">{hint}</p> : null}
          <ShipmentLine order={order} className="text-sm text-slate-600" />
        </div>
        <div className="text-right">
          <p className="text-xs text-slate-500">You earn</p>
          <p className="font-semibold text-slate-900">{formatCents(earnedFromOrder(order))}</p>
          {onDetails ? (
            <button
              type="button"
              onClick={() => onDetails(order)}
              className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 hover:underline"
            >
              Job Details
            </button>
          ) : (
            <Link
              to="/order/$id"
              params={{ id: order.orderNumber ?? order.id }}
              className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 hover:underline"
            >
              Job Details
            </Link>
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <OwnerOrderActions order={order} />
        <MessageHistoryButton order={order} viewerId={user.id} customer={customerName(order)} />
      </div>
    </article>
  );
}
