import { DELIVERY_OPTIONS } from "@printhood/core/shared/options";
import type { Order, OrderBasics } from "../api/types";

/** How an order is named on screen: its number (PH-10423), never its id. */
export const orderLabel = (order: Pick<Order, "orderNumber">) => order.orderNumber ?? "Order number pending";

/** The delivery method in words ("Pickup" when empty, spec 2 §3). */
export function deliveryLabel(method: string | null | undefined): string {
  if (method === "shipping") return "Shipping";
  return DELIVERY_OPTIONS.find((o) => o.value === method)?.label ?? "Pickup";
}

/** The status text of the customer's job cards (spec 2 §4), for the statuses it names. */
export function customerStatusText(order: Pick<Order, "status" | "cancelReason" | "deliveryMethod">): string | null {
  switch (order.status) {
    case "submitted":
      return "Waiting for payment";
    case "confirmed":
      return "Waiting for printer owner to accept";
    case "accepted":
      return "Accepted by printer owner, queued for printing";
    case "printing":
      return "Currently being printed";
    case "completed":
      return "Print completed, ready for pickup/delivery";
    case "ready_for_pickup":
      return order.deliveryMethod === "delivery" ? "Ready: the printer owner will bring it to you" : "Ready for pickup";
    case "ready_for_shipping":
      return "Being prepared for shipping";
    case "picked_up":
      return order.deliveryMethod === "delivery" ? "Order completed and delivered" : "Order completed and picked up";
    case "shipped":
      return "Order shipped";
    case "rejected":
      return "The printer owner declined this order; nothing was charged";
    case "cancelled":
      return order.cancelReason === "expired_unpaid" || order.cancelReason === "expired_unaccepted"
        ? "Order expired and was cancelled"
        : "Order was cancelled";
    default:
      return null;
  }
}

/** Print time as hours and minutes ("2h 15m"), or "N/A". */
export function printTimeText(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0) return "N/A";
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h ? `${h}h ${m}m` : `${m}m`;
}

/** A timestamp as a person reads it. */
export function dateTimeText(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

export function dateText(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString("en-US", { dateStyle: "medium" });
}

/**
 * The timeline's milestones (spec 2 §2): each shown only once its timestamp exists, in the order
 * they happen (payment before acceptance here: DECISIONS.md "Orders").
 */
export function timeline(order: OrderBasics): { label: string; at: string }[] {
  const steps: [string, string | null][] = [
    ["Submitted", order.submittedAt ?? order.createdAt],
    ["Payment confirmed", order.confirmedAt],
    ["Accepted", order.acceptedAt],
    ["Declined by the printer owner", order.rejectedAt],
    ["Printing started", order.printingStartedAt],
    ["Print complete", order.completedAt],
    [
      order.deliveryMethod === "shipping"
        ? "Ready for shipping"
        : order.deliveryMethod === "delivery"
          ? "Ready for delivery"
          : "Ready for pickup",
      order.readyAt,
    ],
    [order.deliveryMethod === "delivery" ? "Delivered" : "Picked up", order.pickedUpAt],
    ["Shipped", order.shippedAt],
    ["Cancelled", order.cancelledAt],
  ];
  return steps.filter((s): s is [string, string] => !!s[1]).map(([label, at]) => ({ label, at }));
}

/** The printer owner's name as the customer sees it: "First Last", else the username, else "Unknown". */
export function ownerName(order: Pick<Order, "printer">): string {
  const o = order.printer?.owner;
  if (!o) return "Unknown";
  const full = [o.firstName, o.lastName].filter(Boolean).join(" ");
  return full || o.username;
}
