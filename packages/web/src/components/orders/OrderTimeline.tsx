import type { OwnerJob } from "../../api/types";
import { formatDateTime } from "../../lib/format";

/**
 * An order's milestones, each shown only once its timestamp exists (spec 2 §2 "Order details"),
 * in the order they happen.
 */
export function OrderTimeline({ order }: { order: OwnerJob }) {
  const ready = order.deliveryMethod === "shipping" ? "Ready for shipping" : "Ready for pickup";
  const steps: [string, string | null][] = [
    ["Submitted", order.submittedAt],
    ["Payment confirmed", order.confirmedAt],
    ["Accepted", order.acceptedAt],
    ["Rejected", order.rejectedAt],
    ["Printing started", order.printingStartedAt],
    ["Print Complete", order.completedAt],
    [ready, order.readyAt],
    ["Picked up", order.pickedUpAt],
    ["Shipped", order.shippedAt],
    ["Cancelled", order.cancelledAt],
  ];
  const shown = steps.filter((s): s is [string, string] => s[1] !== null);
  return (
    <ol aria-label="Timeline" className="space-y-3">
      {shown.map(([label, at]) => (
        <li key={label} className="flex items-start gap-3">
          <span aria-hidden="true" className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" />
          <div>
            <p className="font-medium text-slate-900">{label}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={at}>{formatDateTime(at)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
