import { earnedFromOrder } from "@printhood/core/shared/earnings";
import { mayDownloadDesign } from "@printhood/core/shared/lifecycle";
import { copiesInWords, isProjectOf, type PartCounts, partCountsOf } from "@printhood/core/shared/parts";
import { currentPaymentStatus, PAYMENT_WORDS } from "@printhood/core/shared/payment-status";
import type { ReactNode } from "react";
import { useDownloadOrderFile } from "../../api/owner-orders";
import type { OrderBasics, OwnerJob } from "../../api/types";
import { formatCents, formatGrams } from "../../lib/format";

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

/** "1 h 35 min", "45 min". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/** How the part leaves the owner: the handover, and for shipping the customer's chosen option. */
export function ownerDeliveryText(order: OrderBasics): string {
  return order.deliveryMethod === "shipping" && order.shipping
    ? `Shipping: ${order.shipping.carrier} ${order.shipping.service} to ${order.shipping.zipTo}`
    : HANDOVER_WORDS[order.deliveryMethod];
}

/**
 * The order's facts as its printer's owner needs them (the order page and the dashboard's Job
 * Details alike): the file, the part's real printed size (its bounding box at the chosen scale),
 * material and colour, weight, time, settings, the handover and the printer. Quantity counts every
 * copy of every part ("17 copies of 3 parts"): a list's order carries the counts (its parts are only
 * the first few), the order's page every part.
 */
export function ownerOrderRows(order: OrderBasics & Partial<PartCounts>): [string, ReactNode][] {
  const s = order.printSettings;
  const counts =
    order.partCount !== undefined && order.copyCount !== undefined
      ? { partCount: order.partCount, copyCount: order.copyCount }
      : partCountsOf(order.parts);
  // A project's file, size, material and colour are its first part's: said so, the parts' own are listed with them.
  const project = counts.partCount > 1;
  const first = (row: string) => (project ? `Part 1 ${row.toLowerCase()}` : row);
  return [
    ["Order number", orderLabel(order)],
    // (a project's own name is "bracket.stl + 2 more": the first part's file is its first part's name)
    [first("File"), project ? (order.parts[0]?.fileName ?? order.fileName) : order.fileName],
    [first("Printed size"), order.printedSize ? `${order.printedSize.text} (scale ${Math.round(s.scale * 100)}%)` : "Not measured"],
    [first("Material"), `${order.material}, ${order.filamentColor}`],
    ["Quantity", isProjectOf(counts) ? copiesInWords(counts) : "1 print"],
    ["Estimated weight", formatGrams(order.estimatedWeight)],
    ["Print time", formatMinutes(order.printTimeMinutes)],
    ...(project ? [] : ([["Colours", String(order.numberOfColors || 1)]] as [string, ReactNode][])),
    ["Settings", `${s.quality} mm layers, ${s.infill}% infill, supports ${s.supports}`],
    ["Delivery", ownerDeliveryText(order)],
    ["Printer", order.printer ? `${order.printer.name}${order.printer.number ? ` (#${order.printer.number})` : ""}` : "—"],
  ];
}

/** What the customer pays, the platform's fee, what the owner earns, and where the payment is. */
export function ownerMoneyRows(order: OrderBasics): [string, ReactNode][] {
  return [
    ["Customer pays", formatCents(order.pricing.totalCents)],
    ["Platform fee", formatCents(order.pricing.platformFeeCents)],
    ["You earn", formatCents(earnedFromOrder(order))],
    ["Payment", PAYMENT_WORDS[currentPaymentStatus(order.status, order.payment?.status)]],
    ...(order.payment?.refundedCents
      ? [["Refunded to the customer", formatCents(order.payment.refundedCents)] as [string, ReactNode]]
      : []),
  ];
}

export function Facts({
  rows,
  className = "grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2",
}: {
  rows: [string, ReactNode][];
  className?: string;
}) {
  return (
    <dl className={className}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm text-slate-500">{term}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The shipment, once the owner marked it shipped: carrier and tracking number. */
export function ShipmentLine({ order, className = "" }: { order: OrderBasics; className?: string }) {
  if (!order.trackingNumber) return null;
  return (
    <p className={className}>
      Shipped with {order.carrier}, tracking number <span className="font-mono">{order.trackingNumber}</span>
    </p>
  );
}

/**
 * Download 3D File (owner only, spec 2 §2): saved under the order's file name; "Download Failed"
 * otherwise. Shown only while the order is the owner's to print (paid, not cancelled or rejected:
 * the server's rule, mayDownloadDesign).
 */
export function DownloadOrderFileButton({ order }: { order: Pick<OwnerJob, "id" | "status"> }) {
  const download = useDownloadOrderFile(order.id);
  if (!mayDownloadDesign(order.status)) return null;
  return (
    <button
      type="button"
      onClick={() => download.mutate()}
      disabled={download.isPending}
      className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
    >
      {download.isPending ? "Downloading..." : "Download 3D File"}
    </button>
  );
}

/** The customer's name and e-mail as the owner may see them, or the spec's text when they are not given. */
export function CustomerContact({ order }: { order: OrderBasics }) {
  const c = order.customer;
  if (!c) return <p className="text-slate-600">Information not available</p>;
  return (
    <>
      <p className="font-medium text-slate-900">{customerName(order)}</p>
      <a href={`mailto:${c.email}`} className="inline-flex min-h-6 items-center text-brand-700 hover:underline">
        {c.email}
      </a>
    </>
  );
}
