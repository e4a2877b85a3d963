import { z } from "zod";
import type { EmailContent } from "../email/render.ts";
import { newRequest, type OrderFacts, orderCancelled, orderConfirmation, orderPaid, statusUpdate } from "../email/templates.ts";
import type { EmailKind } from "../shared/email-kinds.ts";

/**
 * What each domain event means for each person: the consumer's table (pure, no I/O). The
 * consumer (events/consume.ts) resolves the parties, writes the notifications and sends the
 * e-mails, once per event.
 */

export type Party = "customer" | "owner";

/** `job.status_changed` as the order moves publish it (extra fields are kept, unknown ones ignored). */
/** Optional text; the order service publishes null for "none" (orders/events.ts), read here as absent. */
const absentIfNull = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

export const jobStatusDetail = z.looseObject({
  jobId: z.string(),
  /** The new status (older publishers sent `status`). */
  to: z.string().optional(),
  status: z.string().optional(),
  from: z.string().optional(),
  actor: z.string().optional(),
  customerId: z.string(),
  ownerId: z.string(),
  printerId: z.string().optional(),
  fileName: z.string(),
  orderNumber: z.union([z.string(), z.number()]).optional(),
  /** e.g. "expired" when the system cancelled an order nobody paid or accepted in time. */
  reason: absentIfNull,
  carrier: absentIfNull,
  trackingNumber: absentIfNull,
  /** When the change happened (ISO, ms): orders the bell finer than the envelope's whole second. */
  at: z.string().optional(),
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
  return to;
}

const customerUpdate =
  (title: string, message: (f: string) => string, status: string) =>
  (d: JobStatusDetail): Plan => ({
    notifications: [{ to: "customer", title, message: message(d.fileName), link: orderPage(d.jobId) }],
    emails: [{ to: "customer", kind: "orderUpdates", content: (f) => statusUpdate(status, f) }],
  });

/** Status → who hears what (spec 2 §4 status texts). A status missing here tells nobody. */
const ON_STATUS: Record<string, (d: JobStatusDetail) => Plan> = {
  submitted: (d) => ({
    notifications: [
      {
        to: "owner",
        title: "New order request",
        message: `A customer sent you ${d.fileName}. It is waiting for payment.`,
        link: DASHBOARD,
      },
    ],
    emails: [{ to: "owner", kind: "newOrders", content: newRequest }],
  }),
  confirmed: (d) => ({
    notifications: [
      { to: "owner", title: "Order paid", message: `${d.fileName} is paid and waiting for you to accept it.`, link: DASHBOARD },
      { to: "customer", title: "Order confirmed", message: `Your order for ${d.fileName} has been confirmed!`, link: orderPage(d.jobId) },
    ],
    emails: [
      { to: "owner", kind: "newOrders", content: orderPaid },
      { to: "customer", kind: "orderConfirmation", content: orderConfirmation },
    ],
  }),
  accepted: customerUpdate("Order accepted", (f) => `Accepted by printer owner, queued for printing: ${f}.`, "accepted"),
  rejected: customerUpdate("Order declined", (f) => `The printer owner declined ${f}. Your card was not charged.`, "rejected"),
  printing: customerUpdate("Printing started", (f) => `${f} is currently being printed.`, "printing"),
  completed: customerUpdate("Print complete", (f) => `${f} is printed and ready for pickup or delivery.`, "completed"),
  ready_for_pickup: customerUpdate("Ready for pickup", (f) => `${f} is ready for pickup.`, "ready_for_pickup"),
  ready_for_shipping: customerUpdate("Ready to ship", (f) => `${f} is being prepared for shipping.`, "ready_for_shipping"),
  shipped: customerUpdate("Shipped", (f) => `${f} is on its way.`, "shipped"),
  picked_up: (d) => ({
    notifications: [
      { to: "owner", title: "Picked up", message: `${d.fileName} was picked up. Thank you!`, link: orderPage(d.jobId) },
      { to: "customer", title: "How did it go?", message: `Rate the printer that made ${d.fileName}.`, link: orderPage(d.jobId) },
    ],
    emails: [],
  }),
  expired: (d) => ({
    notifications: [
      {
        to: "customer",
        title: "Order expired",
        message: `${d.fileName} expired. Any hold on your card is released.`,
        link: orderPage(d.jobId),
      },
      { to: "owner", title: "Order expired", message: `${d.fileName} expired before it was accepted.`, link: DASHBOARD },
    ],
    emails: [{ to: "customer", kind: "orderUpdates", content: (f) => statusUpdate("expired", f) }],
  }),
  cancelled: (d) =>
    d.actor === "owner"
      ? {
          notifications: [{ to: "customer", title: "Order cancelled", message: `${d.fileName} was cancelled.`, link: orderPage(d.jobId) }],
          emails: [],
        }
      : {
          notifications: [{ to: "owner", title: "Order cancelled", message: `The customer cancelled ${d.fileName}.`, link: DASHBOARD }],
          emails: [{ to: "owner", kind: "newOrders", content: orderCancelled }],
        },
};

/** What a job status change tells whom. */
export function planJobStatus(d: JobStatusDetail): Plan {
  return ON_STATUS[effectiveStatus(d)]?.(d) ?? { notifications: [], emails: [] };
}

/** The bell's entry for a new message (the e-mail comes later, if it stays unread). */
export function messageNotification(m: { jobId: string; senderName: string; fileName: string }) {
  return {
    title: "New message",
    message: `${m.senderName} wrote about ${m.fileName}.`,
    link: `/messages?job=${encodeURIComponent(m.jobId)}`,
  };
}
