import { VisibleError } from "../shared/errors.ts";

/**
 * The errors of orders, payments, shipping and payouts, each with the sentence a person sees
 * (architecture rule 3). Kept as one table in the same shape as the API's error registry so the
 * codes can join it as they are.
 */
const ORDER_ERRORS = {
  order_not_found: { kind: "not_found", message: "We could not find that order." },
  owner_only: { kind: "forbidden", message: "Only the printer's owner can do this with the order." },
  customer_only: { kind: "forbidden", message: "Only the customer who placed this order can do this." },
  order_changed: {
    kind: "conflict",
    message: "This order changed while you were working on it. Please reload it and try again.",
  },
  already_paid: { kind: "conflict", message: "This order is already paid." },
  not_payable: { kind: "conflict", message: "This order can no longer be paid: it is {status}." },
  shipping_not_chosen: {
    kind: "conflict",
    message: "Please enter your ZIP code and choose a shipping option before paying.",
  },
  not_a_shipping_order: { kind: "conflict", message: "This order is for {method}, so it has no shipping option." },
  shipping_locked: { kind: "conflict", message: "The shipping option cannot be changed once the order is paid." },
  unknown_shipping_option: { kind: "invalid", message: "Please choose one of the shipping options offered." },
  unknown_zip: { kind: "invalid", message: "We don't recognise the ZIP code {zip}. Please check it." },
  printer_has_no_place: { kind: "conflict", message: "{printer} has no ZIP code, so shipping cannot be calculated." },
  printer_not_found: { kind: "not_found", message: "We couldn't find that printer. It may have been removed." },
  capture_failed: {
    kind: "conflict",
    message: "The customer's payment could not be collected ({reason}), so the order was not accepted.",
  },
  tracking_required: { kind: "invalid", message: "Please enter the carrier and the tracking number to mark the order shipped." },
  file_missing: { kind: "not_found", message: "The design file of this order is no longer available." },
  printer_has_open_orders: {
    kind: "conflict",
    message:
      "{printer} has {count} open order{plural}, so it cannot be deleted. Finish or cancel them first, or set the printer offline to stop new orders.",
  },
  printer_changed: { kind: "conflict", message: "{printer} changed while you were deleting it. Please try again." },
  nothing_to_pay_out: { kind: "conflict", message: "You have no earnings available to pay out yet." },
  payout_in_progress: {
    kind: "conflict",
    message:
      "Your available balance changed while requesting the payout (a request may already be on its way). Please refresh and try again.",
  },
  not_an_owner: { kind: "forbidden", message: "Payouts are for printer owners. List a printer first." },
} as const satisfies Record<string, { kind: VisibleError["kind"]; message: string }>;

export type OrderErrorCode = keyof typeof ORDER_ERRORS;

/** The error for `code`, with `{name}` placeholders filled from `params`. */
export function orderError(code: OrderErrorCode, params: Record<string, string | number> = {}): VisibleError {
  const def = ORDER_ERRORS[code];
  const message = def.message.replace(/\{(\w+)\}/g, (_m, key: string) => String(params[key] ?? ""));
  return new VisibleError(def.kind, code, message);
}
