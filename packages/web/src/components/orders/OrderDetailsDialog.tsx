import { useQuery } from "@tanstack/react-query";
import { printJobQuery } from "../../api/jobs";
import type { OrderBasics } from "../../api/types";
import { formatDollars, formatGrams } from "../../lib/format";
import { deliveryLabel, orderLabel, ownerName, printTimeText } from "../../lib/orders";
import { secondaryButton } from "../../lib/styles";
import { CustomerGuarantee } from "../claims/CustomerGuarantee";
import { JobStatusBadge } from "../JobStatusBadge";
import { Modal } from "../printers/dashboard/Modal";
import { MoneyBackNotice } from "./MoneyBackNotice";
import { OrderTimeline } from "./OrderTimeline";

/**
 * Job Details / View Order Details (spec 2 §2): the order's facts, its printer and its timeline,
 * and, once printed, the part's photos and the money-back guarantee (issue 21). The list's copy
 * shows at once; the guarantee waits for the order's own answer, which alone carries its claim.
 */
export function OrderDetailsDialog({
  order: listed,
  title = "Order Details",
  onClose,
}: {
  order: OrderBasics;
  title?: string;
  onClose: () => void;
}) {
  const full = useQuery(printJobQuery(listed.id));
  const order = full.data ?? listed;
  const rows: [string, string][] = [
    ["Order number", orderLabel(order)],
    ["File", order.fileName],
    ["Material", order.material],
    ["Colour", order.filamentColor],
    ["Weight", formatGrams(order.estimatedWeight)],
    ["Colours", String(order.numberOfColors || 1)],
    ["Print time", printTimeText(order.printTimeMinutes)],
    ["Delivery", order.shipping ? `Shipping · ${order.shipping.carrier} ${order.shipping.service}` : deliveryLabel(order.deliveryMethod)],
    ["Printer", order.printer ? `${order.printer.name}${order.printer.number ? ` (#${order.printer.number})` : ""}` : "Unknown"],
    ["Owner", ownerName(order)],
    ["Location", order.printer?.location ?? "Unknown"],
    ["Model", order.printer?.model ?? "Unknown"],
    ["Total cost", formatDollars(order.totalCost)],
  ];
  if (order.trackingNumber) rows.push(["Tracking", `${order.carrier ?? ""} ${order.trackingNumber}`.trim()]);
  return (
    <Modal open onClose={onClose} title={title} description={`${orderLabel(order)} · ${order.fileName}`} size="max-w-2xl">
      <div className="flex items-center gap-2 text-sm text-slate-600">
        Status: <JobStatusBadge status={order.status} inDetails deliveryMethod={order.deliveryMethod} />
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-3 border-b border-slate-100 py-1">
            <dt className="text-slate-500">{k}</dt>
            <dd className="text-right font-medium text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <MoneyBackNotice order={order} />
      {order.specialInstructions ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Special instructions</h3>
          <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-slate-700">{order.specialInstructions}</p>
        </div>
      ) : null}
      {order.ownerMessage ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Message from the printer owner</h3>
          <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-slate-700">{order.ownerMessage}</p>
        </div>
      ) : null}
      {full.data ? <CustomerGuarantee order={full.data} level={3} /> : null}
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Timeline</h3>
      <div className="mt-2">
        <OrderTimeline order={order} />
      </div>
      <div className="mt-6 flex justify-end">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
