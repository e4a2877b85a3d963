/**
 * The one way to fail (architecture rule 3) and the one registry of error codes. Every error a
 * person can see is made here by `fail(code, params)`: the code fixes its kind (so its HTTP status)
 * and its message, one sentence per code or one template filled with the case's details. The API
 * maps `kind` to a status in one place (packages/functions/src/api/errors.ts) and documents every
 * code in its OpenAPI document (per route, and all of them in components). Anything else is a
 * logged 500. Pure: the web may import it to read codes and statuses.
 */
export type ErrorKind =
  | "invalid" // 400
  | "unauthenticated" // 401
  | "forbidden" // 403
  | "not_found" // 404
  | "conflict" // 409
  | "too_large" // 413
  | "rate_limited" // 429
  | "internal"; // 500

export const STATUS_BY_KIND = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  internal: 500,
} as const satisfies Record<ErrorKind, number>;

export type ErrorStatus = (typeof STATUS_BY_KIND)[ErrorKind];

// biome-ignore lint/suspicious/noExplicitAny: a template's parameters differ per code; `fail` types them per code
type Template = (params: any) => string;
interface ErrorDef {
  kind: ErrorKind;
  /** The sentence shown to the person, or a template filled with the case's details. */
  message: string | Template;
}

const T = <P>(template: (params: P) => string) => template;

/** Every error code the API answers with. Keep messages in words a customer or owner can act on. */
export const ERRORS = {
  // The request itself (any route)
  invalid_input: { kind: "invalid", message: T<{ detail: string }>((p) => p.detail) },
  unknown_field: {
    kind: "invalid",
    // `fields` is the list as written ("a, b"): several names make the word plural.
    message: T<{ fields: string }>((p) => `Unexpected field${p.fields.includes(",") ? "s" : ""}: ${p.fields}.`),
  },
  missing_field: { kind: "invalid", message: T<{ field: string }>((p) => `${p.field} is required.`) },
  json_required: { kind: "invalid", message: "Please send the request as JSON (Content-Type: application/json)." },
  bad_json: { kind: "invalid", message: "The request body is not valid JSON." },
  bad_form: { kind: "invalid", message: "The form data could not be read." },
  file_not_accepted: {
    kind: "invalid",
    message: "Upload the design with /api/uploads first, then send its uploadId instead of the file.",
  },
  request_too_large: { kind: "too_large", message: "The request is too large." },
  http_error: { kind: "invalid", message: "The request could not be handled." },
  not_found: { kind: "not_found", message: "There is nothing at this address." },
  cross_origin: { kind: "forbidden", message: "This request came from another site and was refused." },
  internal: { kind: "internal", message: "Something went wrong on our side. Please try again." },

  // Who is asking
  not_signed_in: { kind: "unauthenticated", message: "Please sign in to continue." },
  not_your_account: { kind: "forbidden", message: "You can only see your own account's information." },
  owner_mismatch: { kind: "forbidden", message: "You can only add printers to your own account." },
  // One answer for a taken email and a taken username, so sign-up does not tell which (DECISIONS.md).
  /** Changing one's own username on /profile (sign-up answers account_taken, which names neither). */
  username_taken: { kind: "conflict", message: "That username is taken. Please choose another." },
  account_taken: {
    kind: "conflict",
    message: "That email or username is already in use. If it is yours, please sign in; otherwise choose another.",
  },
  register_conflict: { kind: "conflict", message: "We could not create your account just now. Please try again." },
  invalid_credentials: { kind: "unauthenticated", message: "Invalid email or password." },
  too_many_attempts: {
    kind: "rate_limited",
    message: T<{ minutes: number }>(
      (p) => `Too many sign-in attempts. Please wait ${p.minutes} minute${p.minutes > 1 ? "s" : ""} and try again.`,
    ),
  },
  // Limits per client address (core/src/limits/rules.ts); `wait` is "15 minutes". Answered with Retry-After.
  sign_in_address_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>((p) => `Too many sign-in attempts from your network. Please wait ${p.wait} and try again.`),
  },
  sign_up_address_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>((p) => `Too many sign-ups from your network. Please wait ${p.wait} and try again.`),
  },
  // Limits per person (core/src/limits/rules.ts). Windowed ones are answered with Retry-After.
  upload_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>(
      (p) => `You have uploaded 50 designs today, the most one account can in a day. Please wait ${p.wait} and try again.`,
    ),
  },
  printer_order_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>(
      (p) => `You have sent 10 orders to this printer in the last hour, the most we allow. Please wait ${p.wait} before sending another.`,
    ),
  },
  message_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>((p) => `You are sending messages too quickly. Please wait ${p.wait} and try again.`),
  },
  saved_prints_limit: {
    kind: "rate_limited",
    message: "You have 50 saved prints, the most one account can keep. Please delete one you no longer need, then save again.",
  },
  unpaid_orders_limit: {
    kind: "rate_limited",
    message:
      "You have 5 orders waiting for payment, the most one account can have. Please pay for or cancel one of them (My Orders) before submitting another.",
  },
  printers_limit: {
    kind: "rate_limited",
    message: "You have listed 20 printers, the most one account can list. Please remove one before adding another.",
  },

  // Uploads and the analysis
  invalid_file: { kind: "invalid", message: "Invalid file type. Only STL, OBJ, and 3MF files are allowed." },
  file_too_large: { kind: "too_large", message: "File size exceeds 50MB limit." },
  empty_file: { kind: "invalid", message: "This file is empty. Please choose a 3D design file." },
  upload_not_found: { kind: "not_found", message: "We could not find that upload. Please upload your design again." },
  analysis_pending: { kind: "conflict", message: "Your design is still being analysed. Please wait a moment and try again." },
  design_not_analysed: {
    kind: "invalid",
    message: T<{ reason: string }>(
      (p) => `We could not analyse this design, so it cannot be ordered: ${p.reason} Please upload a repaired file.`,
    ),
  },

  // Saved prints and orders
  draft_not_found: { kind: "not_found", message: "We could not find that saved print." },
  already_submitted: { kind: "conflict", message: "This print has already been submitted." },
  price_changed: {
    kind: "conflict",
    message: T<{ total: string }>(
      (p) =>
        `The price changed while you were deciding: this order now costs ${p.total} in total. Please review the new price and submit again if you still want it.`,
    ),
  },
  order_not_found: { kind: "not_found", message: "We could not find that order." },
  printer_offline: {
    kind: "conflict",
    message: T<{ printer: string }>((p) => `${p.printer} is offline and not taking orders right now. Please choose another printer.`),
  },
  too_big_for_printer: {
    kind: "conflict",
    message: T<{ printer: string; design: string; volume: string }>(
      (p) =>
        `Your design (${p.design}) does not fit ${p.printer}'s build volume of ${p.volume}. Please choose a larger printer or scale the design down.`,
    ),
  },
  material_not_offered: {
    kind: "conflict",
    message: T<{ printer: string; material: string }>(
      (p) => `${p.printer} does not print ${p.material}. Please choose a printer that offers it.`,
    ),
  },
  color_out_of_stock: {
    kind: "conflict",
    message: T<{ printer: string; color: string; material: string }>(
      (p) => `${p.printer} has no ${p.color} ${p.material} in stock. Please choose another colour or printer.`,
    ),
  },
  invalid_transition: {
    kind: "conflict",
    message: T<{ status: string; action: string }>((p) => `This order is ${p.status}, so it cannot be ${p.action} now.`),
  },
  not_allowed: { kind: "forbidden", message: T<{ action: string }>((p) => `You cannot mark this order ${p.action}.`) },
  wrong_delivery_step: {
    kind: "conflict",
    message: T<{ delivery: string; action: string }>((p) => `This order is for ${p.delivery}, so it cannot be ${p.action}.`),
  },
  invalid_status_change: {
    kind: "conflict",
    message: T<{ status: string; target: string }>((p) => `This order is ${p.status}, so it cannot be marked ${p.target} now.`),
  },
  owner_only: { kind: "forbidden", message: "Only the printer's owner can do this with the order." },
  customer_only: { kind: "forbidden", message: "Only the customer who placed this order can do this." },
  order_changed: { kind: "conflict", message: "This order changed while you were working on it. Please reload it and try again." },
  tracking_required: { kind: "invalid", message: "Please enter the carrier and the tracking number to mark the order shipped." },
  file_missing: { kind: "not_found", message: "The design file of this order is no longer available." },

  // Payment, shipping and payouts
  already_paid: { kind: "conflict", message: "This order is already paid." },
  not_payable: { kind: "conflict", message: T<{ status: string }>((p) => `This order can no longer be paid: it is ${p.status}.`) },
  capture_failed: {
    kind: "conflict",
    message: T<{ reason: string }>((p) => `The customer's payment could not be collected (${p.reason}), so the order was not accepted.`),
  },
  bad_signature: { kind: "invalid", message: "The webhook signature could not be verified." },
  shipping_not_chosen: { kind: "conflict", message: "Please enter your ZIP code and choose a shipping option before paying." },
  not_a_shipping_order: {
    kind: "conflict",
    message: T<{ method: string }>((p) => `This order is for ${p.method}, so it has no shipping option.`),
  },
  shipping_locked: { kind: "conflict", message: "The shipping option cannot be changed once the order is paid." },
  unknown_shipping_option: { kind: "invalid", message: "Please choose one of the shipping options offered." },
  printer_has_no_place: {
    kind: "conflict",
    message: T<{ printer: string }>((p) => `${p.printer} has no ZIP code, so shipping cannot be calculated.`),
  },
  nothing_to_pay_out: { kind: "conflict", message: "You have no earnings available to pay out yet." },
  payout_in_progress: {
    kind: "conflict",
    message:
      "Your available balance changed while requesting the payout (a request may already be on its way). Please refresh and try again.",
  },
  not_an_owner: { kind: "forbidden", message: "Payouts are for printer owners. List a printer first." },

  // Conversations, the bell, ratings and profile (issue 10; DECISIONS.md)
  order_not_submitted: {
    kind: "conflict",
    message: "Messages start once the order is submitted. Please submit your saved print first.",
  },
  message_blank: { kind: "invalid", message: "Please write a message first." },
  message_too_long: { kind: "invalid", message: "Messages can be at most 5,000 characters." },
  message_not_sent: { kind: "conflict", message: "Your message could not be sent just now. Please try again." },
  notification_not_found: { kind: "not_found", message: "We could not find that notification." },
  not_reviewable_yet: { kind: "conflict", message: "You can rate the printer once your order is picked up or shipped." },
  only_customer_reviews: { kind: "forbidden", message: "Only the customer who ordered can rate the printer." },
  already_reviewed: { kind: "conflict", message: "You have already rated this order." },
  printer_gone: { kind: "conflict", message: "That printer is no longer listed, so it cannot be rated." },
  account_not_found: { kind: "not_found", message: "We could not find your account. Please sign in again." },
  email_read_only: { kind: "invalid", message: "Your email address cannot be changed." },
  user_type_read_only: {
    kind: "forbidden",
    message: "Your account type changes only by listing a printer: a customer who adds a printer becomes both.",
  },
  profile_changed: { kind: "conflict", message: "Your profile was changed somewhere else just now. Please reload and try again." },
  avatar_not_found: { kind: "not_found", message: "There is no avatar with that name." },

  // Printers and places
  printer_has_open_orders: {
    kind: "conflict",
    message: T<{ printer: string; count: number; plural: string }>(
      (p) =>
        `${p.printer} has ${p.count} open order${p.plural}, so it cannot be deleted. Finish or cancel them first, or set the printer offline to stop new orders.`,
    ),
  },
  printer_changed: {
    kind: "conflict",
    message: T<{ printer: string }>((p) => `${p.printer} changed while you were deleting it. Please try again.`),
  },
  printer_not_found: { kind: "not_found", message: "We couldn't find that printer. It may have been removed." },
  not_your_printer: { kind: "forbidden", message: "You can only change your own printers." },
  not_your_printer_jobs: { kind: "forbidden", message: "You can only see the jobs of your own printers." },
  owner_not_found: { kind: "not_found", message: "We could not find your account. Please sign in again." },
  printer_conflict: { kind: "conflict", message: "We could not list your printer just now. Please try again." },
  image_not_found: { kind: "not_found", message: "There is no printer image with that name." },
  unknown_zip: { kind: "invalid", message: T<{ zip: string }>((p) => `We don't recognise the ZIP code ${p.zip}. Please check it.`) },
  missing_location: { kind: "invalid", message: "Location is required." },
  unknown_state: {
    kind: "invalid",
    message: T<{ state: string }>((p) => `We don't recognise the state "${p.state}". Please use a 2-letter code such as CO.`),
  },
  unknown_location: {
    kind: "invalid",
    message: T<{ city: string; state: string }>(
      (p) =>
        `We couldn't find ${p.city}, ${p.state} on the map. Please enter a city and state such as "Loveland, CO", or a 5-digit ZIP code.`,
    ),
  },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The details a code's template needs (none for a fixed sentence). */
export type ErrorParams<C extends ErrorCode> = (typeof ERRORS)[C]["message"] extends (p: infer P) => string ? [params: P] : [];

export class VisibleError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** Stable machine-readable code, e.g. "account_taken" (a key of ERRORS). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "VisibleError";
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }
}

/** The error for `code`, its message filled from `params`. Throw it: `throw fail("draft_not_found")`. */
export function fail<C extends ErrorCode>(code: C, ...params: ErrorParams<C>): VisibleError {
  const def: ErrorDef = ERRORS[code];
  const message = typeof def.message === "string" ? def.message : def.message(params[0]);
  return new VisibleError(def.kind, code, message);
}

/** The HTTP status a code answers with. */
export const statusOf = (code: ErrorCode): number => STATUS_BY_KIND[ERRORS[code].kind];

/** The message of a code as documentation shows it: the sentence, or the template with {placeholders}. */
export function describeError(code: ErrorCode): string {
  const m: string | Template = ERRORS[code].message;
  if (typeof m === "string") return m;
  return m(new Proxy({}, { get: (_, key) => `{${String(key)}}` }));
}

export const isVisibleError = (e: unknown): e is VisibleError => e instanceof VisibleError;
