import type { EmailContent } from "./render.ts";
import type { OrderFacts } from "./templates.ts";

/**
 * What people are told when Printhood's staff cancel their order because someone on it was
 * suspended (issue 21 point 5; staff/cancel-order.ts). The reason staff typed is for the audit log,
 * never for the other side: each side reads only which side was stopped and what happens to the money.
 */

type Side = "customer" | "owner";

/** Why, as each side reads it ("owner_suspended", "printer_suspended", "customer_suspended"). */
export function suspensionWords(why: string | undefined, to: Side): string {
  if (why === "customer_suspended") {
    return to === "owner" ? "the customer's account is suspended." : "your account is suspended.";
  }
  if (why === "printer_suspended") {
    return to === "owner" ? "your printer is suspended and cannot take orders." : "the printer can no longer take orders.";
  }
  return to === "owner" ? "your account is suspended." : "the printer's owner can no longer take orders on Printhood.";
}

/** What happens to the money, from the status the order was in (captured once accepted). */
export function moneyBack(from: string | undefined, to: Side): string {
  const paid = from === "accepted" || from === "printing";
  if (to === "customer") {
    if (paid) return "Your payment is refunded in full.";
    return from === "confirmed" ? "The hold on your card is released; nothing was charged." : "Nothing was charged.";
  }
  return paid ? "The customer's payment is refunded in full, so this order earns nothing." : "You do not need to print it.";
}

/** The customer's words for the status e-mail (templates.ts STATUS_WORDS reads them). */
export const CANCELLED_BY_STAFF_WORDS = {
  subject: (f: OrderFacts) => `Order cancelled by Printhood: ${f.fileName}`,
  heading: "We cancelled your order",
  say: (f: OrderFacts) =>
    `We cancelled ${f.fileName} (${f.orderLabel}) on ${f.printerName}: ${suspensionWords(f.reason, "customer")} ${moneyBack(f.previousStatus, "customer")} You can send the same design to another printer.`,
};

/** To the printer's owner. */
export function cancelledByStaffToOwner(f: OrderFacts): EmailContent {
  return {
    subject: `Order cancelled by Printhood: ${f.fileName}`,
    heading: "We cancelled an order",
    paragraphs: [
      `We cancelled ${f.fileName} (${f.orderLabel}) on ${f.printerName}: ${suspensionWords(f.reason, "owner")}`,
      moneyBack(f.previousStatus, "owner"),
    ],
    action: { label: "Open your printer dashboard", path: "/printer-dashboard" },
  };
}
