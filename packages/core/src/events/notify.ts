import { z } from "zod";
import type { EmailContent } from "../email/render.ts";
import { cancelledByStaffToOwner, moneyBack, suspensionWords } from "../email/staff-templates.ts";
import { newRequest, type OrderFacts, orderCancelled, orderConfirmation, orderPaid, statusUpdate } from "../email/templates.ts";
import { formatOrderNumber, parseOrderNumber } from "../refs/numbers.ts";
import type { EmailKind } from "../shared/email-kinds.ts";
import { orderName } from "../shared/order-numbers.ts";

/**
 * What each domain event means for each person: the consumer's table (pure, no I/O). The
 * consumer (events/consume.ts) resolves the parties, writes the notifications and sends the
 * e-mails, once per event.
 */

export type Party = "customer" | "owner";

/** "PH-10423" from the number or any of its spellings; other labels are kept as given. */
function orderLabelOf(n: string | number | undefined): string | undefined {
  if (n === undefined || n === "") return undefined;
  if (typeof n === "number") return formatOrderNumber(n) ?? undefined;
  const parsed = parseOrderNumber(n);
  return parsed === null ? n : (formatOrderNumber(parsed) ?? n);
}

/** Absent or null (orders/events.ts publishes null for "none") both read as undefined. */
const maybe = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

/**
 * `job.status_changed` as the order moves publish it (orders/events.ts `JobStatusChanged`;
 * extra fields are kept, unknown ones ignored). Optional facts may be null there.
 */
export const jobStatusDetail = z.looseObject({
  jobId: z.string(),
  /** The new status (older publishers sent `status`). */
  to: maybe(z.string()),
  status: maybe(z.string()),
  from: maybe(z.string()),
  actor: maybe(z.string()),
  customerId: z.string(),
  ownerId: z.string(),
  printerId: maybe(z.string()),
  fileName: z.string(),
  /** PH-10423 (a bare number is formatted the same way). */
  orderNumber: maybe(z.union([z.string(), z.number()])).transform((n) => orderLabelOf(n)),
  /** e.g. "expired" when the system cancelled an order nobody paid or accepted in time. */
  reason: maybe(z.string()),
  carrier: maybe(z.string()),
  trackingNumber: maybe(z.string()),
  /** pickup, delivery or shipping: a local delivery's "ready" and "picked up" are said as a delivery. */
  deliveryMethod: maybe(z.string()),
  /** When the change happened (ISO, ms): orders the bell finer than the envelope's whole second. */
  at: maybe(z.string()),
});
export type JobStatusDetail = z.infer<typeof jobStatusDetail>;

export interface PlannedNotification {
  to: Party;
  title: string;
  message: string;
  link: string;
}

export interface PlannedEmail {
  to: Party;
  kind: EmailKind;
  content: (f: OrderFacts) => EmailContent;
}

export interface Plan {
  notifications: PlannedNotification[];
  emails: PlannedEmail[];
}

const orderPage = (jobId: string) => `/order/${jobId}`;
const DASHBOARD = "/printer-dashboard";

/** The status the people care about: an order cancelled by the system for lack of payment or acceptance has expired. */
export function effectiveStatus(d: JobStatusDetail): string {
  const to = d.to ?? d.status ?? "";
  if (to === "expired" || (to === "cancelled" && d.reason === "expired")) return "expired";
  // Staff cancelled it because someone on it was suspended (staff/cancel-order.ts).
  if (to === "cancelled" && d.actor === "staff") return "cancelled_by_staff";
  return to;
}

/** The order as people name it: "bracket.stl (PH-10423)", or the file alone before it has a number. */

/** "with UPS, tracking number 1Z999" when the owner gave them (a shipping order's ship step requires both). */
const tracking = (d: JobStatusDetail) =>
  `${d.carrier ? ` with ${d.carrier}` : ""}${d.trackingNumber ? `${d.carrier ? "," : ""} tracking number ${d.trackingNumber}` : ""}`;

/** What happened to the money when the customer cancelled: refunded once the owner had accepted (captured), else released. */
const moneyOnCancel = (d: JobStatusDetail) =>
  d.from === "accepted" ? "Their payment was refunded in full." : d.from === "confirmed" ? "The hold on their card was released." : "";

const customerUpdate =
  (title: string, message: (d: JobStatusDetail) => string, status: string) =>
  (d: JobStatusDetail): Plan => ({
    notifications: [{ to: "customer", title, message: message(d), link: orderPage(d.jobId) }],
    emails: [{ to: "customer", kind: "orderUpdates", content: (f) => statusUpdate(status, f) }],
  });

/**
 * Status → who hears what (spec 2 §4 status texts; DECISIONS.md "Notifications" and "E-mail"). A
 * status missing here tells nobody. Each message names the order with its number once it has one.
 */
const ON_STATUS: Record<string, (d: JobStatusDetail) => Plan> = {
  submitted: (d) => ({
    notifications: [
      {
        to: "owner",
        title: "New order request",
        message: `A customer sent you ${orderName(d)}. It is waiting for payment.`,
        link: DASHBOARD,
      },
    ],
    emails: [{ to: "owner", kind: "newOrders", content: newRequest }],
  }),
  confirmed: (d) => ({
    notifications: [
      { to: "owner", title: "Order paid", message: `${orderName(d)} is paid and waiting for you to accept it.`, link: DASHBOARD },
      {
        to: "customer",
        title: "Order confirmed",
        message: `Your order for ${orderName(d)} has been confirmed!`,
        link: orderPage(d.jobId),
      },
    ],
    emails: [
      { to: "owner", kind: "newOrders", content: orderPaid },
      { to: "customer", kind: "orderConfirmation", content: orderConfirmation },
    ],
  }),
  accepted: customerUpdate("Order accepted", (d) => `Accepted by printer owner, queued for printing: ${orderName(d)}.`, "accepted"),
  rejected: customerUpdate("Order declined", (d) => `The printer owner declined ${orderName(d)}. Your card was not charged.`, "rejected"),
  printing: customerUpdate("Printing started", (d) => `${orderName(d)} is currently being printed.`, "printing"),
  completed: customerUpdate("Print complete", (d) => `${orderName(d)} is printed and ready for pickup or delivery.`, "completed"),
  ready_for_pickup: (d) =>
    d.deliveryMethod === "delivery"
      ? customerUpdate(
          "Ready for delivery",
          (d) => `${orderName(d)} is ready: the printer owner will bring it to you.`,
          "ready_for_pickup",
        )(d)
      : customerUpdate("Ready for pickup", (d) => `${orderName(d)} is ready for pickup.`, "ready_for_pickup")(d),
  ready_for_shipping: customerUpdate("Ready to ship", (d) => `${orderName(d)} is being prepared for shipping.`, "ready_for_shipping"),
  shipped: customerUpdate("Shipped", (d) => `${orderName(d)} is on its way${tracking(d)}.`, "shipped"),
  picked_up: (d) => ({
    notifications: [
      d.deliveryMethod === "delivery"
        ? { to: "owner", title: "Delivered", message: `${orderName(d)} was delivered. Thank you!`, link: orderPage(d.jobId) }
        : { to: "owner", title: "Picked up", message: `${orderName(d)} was picked up. Thank you!`, link: orderPage(d.jobId) },
      { to: "customer", title: "How did it go?", message: `Rate the printer that made ${orderName(d)}.`, link: orderPage(d.jobId) },
    ],
    emails: [],
  }),
  expired: (d) => ({
    notifications: [
      {
        to: "customer",
        title: "Order expired",
        message: `${orderName(d)} expired. Any hold on your card is released.`,
        link: orderPage(d.jobId),
      },
      { to: "owner", title: "Order expired", message: `${orderName(d)} expired before it was accepted.`, link: DASHBOARD },
    ],
    emails: [{ to: "customer", kind: "orderUpdates", content: (f) => statusUpdate("expired", f) }],
  }),
  cancelled_by_staff: (d) => ({
    notifications: [
      {
        to: "customer",
        title: "Order cancelled by Printhood",
        message: `We cancelled ${orderName(d)}: ${suspensionWords(d.reason, "customer")} ${moneyBack(d.from, "customer")}`,
        link: orderPage(d.jobId),
      },
      {
        to: "owner",
        title: "Order cancelled by Printhood",
        message: `We cancelled ${orderName(d)}: ${suspensionWords(d.reason, "owner")} ${moneyBack(d.from, "owner")}`,
        link: DASHBOARD,
      },
    ],
    emails: [
      { to: "customer", kind: "orderUpdates", content: (f) => statusUpdate("cancelled_by_staff", f) },
      { to: "owner", kind: "newOrders", content: cancelledByStaffToOwner },
    ],
  }),
  cancelled: (d) =>
    d.actor === "owner"
      ? {
          notifications: [
            { to: "customer", title: "Order cancelled", message: `${orderName(d)} was cancelled.`, link: orderPage(d.jobId) },
          ],
          emails: [],
        }
      : {
          notifications: [
            {
              to: "owner",
              title: "Order cancelled",
              message: `The customer cancelled ${orderName(d)}. ${moneyOnCancel(d)}`.trim(),
              link: DASHBOARD,
            },
          ],
          emails: [{ to: "owner", kind: "newOrders", content: orderCancelled }],
        },
};

/** What a job status change tells whom. */
export function planJobStatus(d: JobStatusDetail): Plan {
  return ON_STATUS[effectiveStatus(d)]?.(d) ?? { notifications: [], emails: [] };
}

/** A thread's page: where its "New message" notifications lead, and how reading the thread finds them. */
export const threadLink = (jobId: string) => `/messages?job=${encodeURIComponent(jobId)}`;

/**
 * The bell's entry for a thread's new messages (the e-mail comes later, if they stay unread): one per
 * thread and person, replaced as more arrive, so it counts the unread ones (`unread`, 1 when absent).
 * The order is named "file (PH-10423)" once it has a number, as every other notification names it: a
 * re-order of the same file is otherwise the same words.
 */
export function messageNotification(m: {
  jobId: string;
  senderName: string;
  fileName: string;
  orderNumber?: string | number | undefined;
  unread?: number;
}) {
  const order = orderName({ fileName: m.fileName, orderNumber: orderLabelOf(m.orderNumber) });
  const unread = m.unread ?? 1;
  return unread > 1
    ? { title: "New messages", message: `${m.senderName} wrote ${unread} new messages about ${order}.`, link: threadLink(m.jobId) }
    : { title: "New message", message: `${m.senderName} wrote about ${order}.`, link: threadLink(m.jobId) };
}
