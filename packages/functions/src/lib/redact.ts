/**
 * What a log line must never carry (issue 24 point 1): a password, a session token or cookie, a
 * card number, a Stripe secret, an e-mail address or a message's text. Handlers log ids, never
 * such values; this is the net under them, applied to every line by the logger's JSON replacer
 * (lib/observability.ts), to fields by their name and to every string by its shape.
 */

export const REDACTED = "[redacted]";

/** Field names whose values are never written, whatever they hold (compared lower-cased, `-`/`_` removed). */
const SECRET_NAME_PARTS = ["password", "secret", "token", "cookie", "authorization", "email", "cardnumber", "signature", "apikey"];
/** Exact field names for people's words and addresses. */
const SECRET_NAMES = new Set(["text", "body", "messagetext", "comment", "cvc"]);

export function isSecretName(key: string): boolean {
  const k = key.toLowerCase().replace(/[-_]/g, "");
  return SECRET_NAMES.has(k) || SECRET_NAME_PARTS.some((part) => k.includes(part));
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Stripe secret and restricted keys, webhook secrets and PaymentIntent client secrets. */
const STRIPE_SECRET = /\b(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9_]+|whsec_[A-Za-z0-9_]+|pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+)/g;
/** A session cookie's value in a header someone logged. */
const SESSION_COOKIE = /(ph_session=)[^;\s"]+/g;
/**
 * A card number as people type it (13 to 19 digits from a card network's first digit, 3 to 6, in one
 * run or in groups of four, or Amex's 4-6-5), when its Luhn check passes. Our ids and timestamps
 * start with other digits or are shorter.
 */
const CARD_CANDIDATE = /\b(?:[3-6]\d{12,18}|[3-6]\d{3}(?:[ -]\d{4}){3}(?:[ -]?\d{1,3})?|3\d{3}[ -]\d{6}[ -]\d{5})\b/g;

/** The Luhn check every card number passes (so do some other runs of digits: callers look at the shape too). */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The string with e-mail addresses, Stripe secrets, session cookies and card numbers replaced. */
export function scrub(text: string): string {
  return text
    .replace(EMAIL, "[email]")
    .replace(STRIPE_SECRET, "[stripe-secret]")
    .replace(SESSION_COOKIE, `$1${REDACTED}`)
    .replace(CARD_CANDIDATE, (match) => (luhn(match.replace(/\D/g, "")) ? "[card]" : match));
}

/**
 * A JSON.stringify replacer: secret-named fields become "[redacted]" and every string is scrubbed.
 * The log's own `message` is scrubbed, never dropped (it is the line's meaning).
 */
export function redactJson(key: string, value: unknown): unknown {
  if (key !== "" && key !== "message" && value !== undefined && value !== null && isSecretName(key)) return REDACTED;
  return typeof value === "string" ? scrub(value) : value;
}
