import type { NewNotification } from "../notifications.ts";
import { DETAIL_TYPES } from "./rules.ts";

/** What a job status change tells each party (spec 2 §4 status texts). */
const STATUS_TEXT: Record<string, { to: "customer" | "owner"; title: string; message: (f: string) => string }[]> = {
  submitted: [{ to: "owner", title: "New order request", message: (f) => `A customer sent you ${f}. It is waiting for payment.` }],
  confirmed: [{ to: "owner", title: "Order paid", message: (f) => `${f} is paid and waiting for you to accept it.` }],
  accepted: [{ to: "customer", title: "Order accepted", message: (f) => `Accepted by printer owner, queued for printing: ${f}.` }],
  rejected: [{ to: "customer", title: "Order declined", message: (f) => `The printer owner declined ${f}. Your card was not charged.` }],
  printing: [{ to: "customer", title: "Printing started", message: (f) => `${f} is currently being printed.` }],
  completed: [{ to: "customer", title: "Print complete", message: (f) => `${f} is printed and ready for pickup or delivery.` }],
  ready_for_pickup: [{ to: "customer", title: "Ready for pickup", message: (f) => `${f} is ready for pickup.` }],
  ready_for_shipping: [{ to: "customer", title: "Ready to ship", message: (f) => `${f} is being prepared for shipping.` }],
  shipped: [{ to: "customer", title: "Shipped", message: (f) => `${f} is on its way.` }],
  picked_up: [{ to: "owner", title: "Picked up", message: (f) => `${f} was picked up. Thank you!` }],
  cancelled: [{ to: "owner", title: "Order cancelled", message: (f) => `The customer cancelled ${f}.` }],
};

export interface JobStatusDetail {
  jobId: string;
  status: string;
  customerId: string;
  ownerId: string;
  fileName: string;
}

export interface MessageDetail {
  jobId: string;
  senderId: string;
  recipientId: string;
  senderName: string;
  fileName: string;
}

/**
 * The notifications an event produces (pure; the consumer writes them). Each carries the
 * event id, so a redelivered event writes nothing new.
 */
export function notificationsFor(event: { id: string; time: string; "detail-type": string; detail: unknown }): NewNotification[] {
  const base = { sourceEventId: event.id, createdAt: event.time };
  if (event["detail-type"] === DETAIL_TYPES.jobStatusChanged) {
    const d = event.detail as JobStatusDetail;
    return (STATUS_TEXT[d.status] ?? []).map((t) => ({
      ...base,
      userId: t.to === "customer" ? d.customerId : d.ownerId,
      title: t.title,
      message: t.message(d.fileName),
      link: `/order/${d.jobId}`,
    }));
  }
  if (event["detail-type"] === DETAIL_TYPES.messageSent) {
    const d = event.detail as MessageDetail;
    return [
      {
        ...base,
        userId: d.recipientId,
        title: "New message",
        message: `${d.senderName} wrote about ${d.fileName}.`,
        link: `/order/${d.jobId}`,
      },
    ];
  }
  return [];
}
