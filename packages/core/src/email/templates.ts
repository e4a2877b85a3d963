import { orderName } from "../shared/order-numbers.ts";
import { formatCents } from "../shared/pricing.ts";
import { statusInWords } from "../shared/words.ts";
import type { EmailContent, EmailPart, EmailPicture } from "./render.ts";
import { CANCELLED_BY_STAFF_WORDS } from "./staff-templates.ts";

/** What the order e-mails say about an order (read from the job when the e-mail is made). */
export interface OrderFacts {
  jobId: string;
  /** The order number (PH-10423) when there is one, else a short reference. */
  orderLabel: string;
  fileName: string;
  material: string;
  filamentColor: string;
  deliveryMethod: string;
  status: string;
  /** The status before this change (what an expired order was waiting for; whether a cancelled one was paid). */
  previousStatus?: string | undefined;
  /** Why it changed, when the event says (a staff cancellation: who was suspended). */
  reason?: string | undefined;
  specialInstructions: string;
  printerName: string;
  /** The printer's number (#12), shown with its name (spec 2 Order confirmation: "printer number"). */
  printerNumber?: number | undefined;
  totalCents: number;
  /** Photos of the finished part (Mark Complete), as e-mail pictures (photos/email-link.ts). */
  pictures?: EmailPicture[];
  /** The order's parts with their copies and pictures (issue 22); each part's material and colour when there are several. */
  parts?: EmailPart[];
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
}

const DELIVERY: Record<string, string> = { pickup: "Local pickup", delivery: "Local delivery", shipping: "Shipping" };
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, " ");
const orderLink = (f: OrderFacts) => ({ label: "View your order", path: `/order/${f.jobId}` });

function orderDetails(f: OrderFacts): [string, string][] {
  // A project's parts each say their own material and colour (the parts list); the order's are part 1's.
  const oneMaterial = (f.parts?.length ?? 0) <= 1;
  return [
    ["Order", f.orderLabel],
    ["File", f.fileName],
    ...(oneMaterial
      ? ([
          ["Material", f.material],
          ["Filament colour", f.filamentColor],
        ] as [string, string][])
      : []),
    ["Delivery", DELIVERY[f.deliveryMethod] ?? "Pickup"],
    ["Status", cap(statusInWords(f.status, f.deliveryMethod))],
    ...(f.specialInstructions ? ([["Special instructions", f.specialInstructions]] as [string, string][]) : []),
    ["Printer", f.printerNumber !== undefined ? `${f.printerName} (#${f.printerNumber})` : f.printerName],
    ["Total", formatCents(f.totalCents)],
  ];
}

/** To the customer when the payment goes through (spec 2 Order confirmation: "a confirmation e-mail was sent"). */
export function orderConfirmation(f: OrderFacts): EmailContent {
  return {
    subject: `Order confirmed: ${f.fileName} (${f.orderLabel})`,
    heading: "Order Confirmed!",
    paragraphs: [
      `Thank you! Your payment for ${f.fileName} is authorised. It is held on your card and taken only when ${f.printerName}'s owner accepts the order.`,
    ],
    parts: f.parts,
    details: orderDetails(f),
    action: orderLink(f),
    after: [
      "What happens next: the printer owner reviews your order; we e-mail you at each step; estimated completion is 2-3 business days.",
    ],
  };
}

/** To the owner when a customer sends them an order (it waits for payment). */
export function newRequest(f: OrderFacts): EmailContent {
  return {
    subject: `New order request: ${f.fileName}`,
    heading: "You have a new order request",
    paragraphs: [
      `A customer sent ${f.fileName} to ${f.printerName}. It is waiting for their payment; we will e-mail you again when it is paid and ready for you to accept.`,
    ],
    parts: f.parts,
    details: orderDetails(f),
    action: { label: "Open your printer dashboard", path: "/printer-dashboard" },
  };
}

/** To the owner when the customer's payment is authorised: the order waits for Accept or Reject. */
export function orderPaid(f: OrderFacts): EmailContent {
  return {
    subject: `Order paid: ${f.fileName} is waiting for you`,
    heading: "An order is paid and waiting for you",
    paragraphs: [
      `The customer paid for ${f.fileName} on ${f.printerName}. Please accept or reject it from your dashboard; orders nobody accepts in time expire and the customer's card is released.`,
    ],
    parts: f.parts,
    details: orderDetails(f),
    action: { label: "Accept or reject", path: "/printer-dashboard" },
  };
}

/** To the owner when the customer cancels. */
export function orderCancelled(f: OrderFacts): EmailContent {
  return {
    subject: `Order cancelled: ${f.fileName}`,
    heading: "The customer cancelled an order",
    paragraphs: [
      `${f.fileName} (${f.orderLabel}) on ${f.printerName} was cancelled by the customer. You do not need to print it.`,
      ...(f.previousStatus === "accepted"
        ? ["Their payment was refunded in full, so this order earns nothing."]
        : f.previousStatus === "confirmed"
          ? ["The hold on their card was released; nothing was charged."]
          : []),
    ],
    action: { label: "Open your printer dashboard", path: "/printer-dashboard" },
  };
}

/** What the customer is told at each step (spec 2 §4 status texts). */
const STATUS_WORDS: Record<
  string,
  { subject: (f: OrderFacts) => string; heading: string | ((f: OrderFacts) => string); say: (f: OrderFacts) => string }
> = {
  accepted: {
    subject: (f) => `Your order was accepted: ${f.fileName}`,
    heading: "Accepted by the printer owner",
    say: (f) => `${f.printerName}'s owner accepted ${f.fileName}. It is queued for printing; your payment has now been taken.`,
  },
  rejected: {
    subject: (f) => `Your order was declined: ${f.fileName}`,
    heading: "The printer owner declined your order",
    say: (f) =>
      `${f.printerName}'s owner could not take ${f.fileName}. Your card was not charged: the hold on it is released. You can choose another printer for the same design.`,
  },
  printing: {
    subject: (f) => `Now printing: ${f.fileName}`,
    heading: "Currently being printed",
    say: (f) => `${f.fileName} is on ${f.printerName} now. Estimated completion in 6-12 hours.`,
  },
  completed: {
    subject: (f) => `Print complete: ${f.fileName}`,
    heading: "Print completed",
    say: (f) =>
      `${f.fileName} is printed. The owner is getting it ready for ${f.deliveryMethod === "shipping" ? "shipping" : "pickup or delivery"}.`,
  },
  ready_for_pickup: {
    // A local delivery goes through the same status: the owner brings it instead.
    subject: (f) => `${f.deliveryMethod === "delivery" ? "Ready for delivery" : "Ready for pickup"}: ${f.fileName}`,
    heading: (f) => (f.deliveryMethod === "delivery" ? "Ready for delivery" : "Ready for pickup"),
    say: (f) =>
      f.deliveryMethod === "delivery"
        ? `${f.fileName} is ready, and the owner of ${f.printerName} will bring it to you. Message the owner from your order to arrange a time.`
        : `${f.fileName} is ready for pickup from ${f.printerName}. Message the owner from your order to arrange a time.`,
  },
  ready_for_shipping: {
    subject: (f) => `Being prepared for shipping: ${f.fileName}`,
    heading: "Being prepared for shipping",
    say: (f) => `${f.fileName} is packed and about to ship. We will e-mail you the tracking number when it is on its way.`,
  },
  shipped: {
    subject: (f) => `Shipped: ${f.fileName}`,
    heading: "Your order is on its way",
    say: (f) =>
      `${f.fileName} has shipped${f.carrier ? ` with ${f.carrier}` : ""}${f.trackingNumber ? `, tracking number ${f.trackingNumber}` : ""}.`,
  },
  cancelled_by_staff: CANCELLED_BY_STAFF_WORDS,
  expired: {
    subject: (f) => `Order expired: ${f.fileName}`,
    heading: "Your order expired",
    say: (f) =>
      `${f.fileName} (${f.orderLabel}) expired before it was ${f.previousStatus === "submitted" ? "paid" : "accepted"}. Any hold on your card is released; you can submit the design again.`,
  },
};

/** The customer-facing statuses that send an e-mail. */
export const CUSTOMER_UPDATE_STATUSES = Object.keys(STATUS_WORDS);

/** To the customer at each step they care about. */
export function statusUpdate(status: string, f: OrderFacts): EmailContent {
  const w = STATUS_WORDS[status];
  if (!w) throw new Error(`no e-mail for status ${status}`);
  return {
    subject: w.subject(f),
    heading: typeof w.heading === "function" ? w.heading(f) : w.heading,
    paragraphs: [w.say(f)],
    ...(f.pictures?.length ? { pictures: f.pictures } : {}),
    parts: f.parts,
    details: orderDetails(f),
    action: orderLink(f),
  };
}

/**
 * To a person with a message they have not read for a few minutes. The order is named by its number
 * (`orderNumber`, "PH-10423") once it has one, as every order e-mail names it.
 */
export function unreadMessage(m: {
  jobId: string;
  senderName: string;
  fileName: string;
  orderNumber?: string | null | undefined;
  preview: string;
  more: number;
}): EmailContent {
  const about = orderName(m);
  return {
    subject: `New message from ${m.senderName} about ${m.fileName}`,
    heading: `${m.senderName} sent you a message`,
    paragraphs: [`About ${about}${m.more > 0 ? ` (and ${m.more} more unread message${m.more > 1 ? "s" : ""})` : ""}:`],
    quote: m.preview,
    action: { label: "Read and reply", path: `/messages?job=${encodeURIComponent(m.jobId)}` },
  };
}
