import { luhn } from "@printhood/functions/lib/redact";
// Test cards: the card numbers and payment methods Stripe's test mode knows, with their outcomes.

export interface CardOutcome {
  ok: boolean;
  brand: string;
  last4: string;
  declineCode?: string;
  /** card_error code when not a decline (e.g. incorrect_number). */
  code?: string;
  message?: string;
}

export const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  lost_card: "Your card was declined.",
  stolen_card: "Your card was declined.",
};

export const TEST_PAYMENT_METHODS: Record<string, CardOutcome> = {
  pm_card_visa: { ok: true, brand: "visa", last4: "4242" },
  pm_card_mastercard: { ok: true, brand: "mastercard", last4: "4444" },
  pm_card_chargeDeclined: { ok: false, brand: "visa", last4: "0002", declineCode: "generic_decline" },
  pm_card_chargeDeclinedInsufficientFunds: { ok: false, brand: "visa", last4: "9995", declineCode: "insufficient_funds" },
};

const TEST_CARD_NUMBERS: Record<string, CardOutcome> = {
  "4242424242424242": { ok: true, brand: "visa", last4: "4242" },
  "4000056655665556": { ok: true, brand: "visa", last4: "5556" },
  "5555555555554444": { ok: true, brand: "mastercard", last4: "4444" },
  "4000000000000002": { ok: false, brand: "visa", last4: "0002", declineCode: "generic_decline" },
  "4000000000009995": { ok: false, brand: "visa", last4: "9995", declineCode: "insufficient_funds" },
  "4000000000009987": { ok: false, brand: "visa", last4: "9987", declineCode: "lost_card" },
  "4000000000009979": { ok: false, brand: "visa", last4: "9979", declineCode: "stolen_card" },
};

/** Outcome of charging a card number (spaces/dashes ignored). */
export function cardNumberOutcome(raw: string): CardOutcome {
  const number = raw.replace(/[\s-]/g, "");
  const known = TEST_CARD_NUMBERS[number];
  if (known) return known;
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    return { ok: false, brand: "unknown", last4: number.slice(-4), code: "incorrect_number", message: "Your card number is incorrect." };
  }
  // Any other valid number behaves like a working test card.
  return { ok: true, brand: number.startsWith("5") ? "mastercard" : number.startsWith("3") ? "amex" : "visa", last4: number.slice(-4) };
}
