/**
 * Local stand-in for the Stripe API (DESIGN.md "Local mode"): the PaymentIntent and Refund
 * endpoints the app uses, reached by the official `stripe` SDK through its `host`, `port` and
 * `protocol: "http"` options. State lives in memory. Every state change sends a webhook signed
 * exactly as Stripe signs it (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`), so the
 * app's real `stripe.webhooks.constructEvent` verifies it.
 *
 * `POST /local/confirm` stands in for Stripe.js in the browser's local test-card form.
 *
 * Test cards (as Stripe's): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined;
 * payment methods pm_card_visa succeeds, pm_card_chargeDeclined is declined.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StripeFakeOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Where webhooks go; none are sent until one is set. */
  webhookUrl?: string;
  /** The endpoint's signing secret (whsec_…), shared with the app's webhook route. */
  webhookSecret: string;
  /** When set, only this key is accepted; otherwise any `sk_test_…` key. */
  apiKey?: string;
  /** Origins allowed to call /local/confirm from a browser (default: any). */
  allowedOrigins?: string[];
  /** Webhook delivery attempts (default 5) and first retry delay in ms, doubling (default 200). */
  webhookAttempts?: number;
  webhookBackoffMs?: number;
  /** Where delivery failures are reported (default console.error). */
  log?: (message: string, error?: unknown) => void;
}

export interface WebhookDelivery {
  event: StripeEvent;
  attempts: number;
  ok: boolean;
  /** HTTP status of the last attempt (undefined when the connection failed). */
  status?: number;
}

export interface StripeFake {
  /** Base URL, e.g. http://127.0.0.1:43123 (what STRIPE_API_URL points at). */
  url: string;
  host: string;
  port: number;
  /** Every event generated, in order (whether or not a webhook URL was set). */
  events: StripeEvent[];
  /** Finished webhook deliveries, in order. */
  webhooks: WebhookDelivery[];
  setWebhookUrl(url: string | undefined): void;
  /** Resolves when every queued webhook delivery has finished (succeeded or given up). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

type PaymentIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: "automatic" | "automatic_async" | "manual";
  client_secret: string;
  confirmation_method: "automatic" | "manual";
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: StripeErrorBody | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: PaymentIntentStatus;
}

interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  billing_details: { email: string | null; name: string | null };
  captured: boolean;
  created: number;
  currency: string;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Record<string, string>;
  outcome: { network_status: string; reason: string | null; type: string; seller_message: string };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: "card"; card: { brand: string; last4: string; exp_month: number; exp_year: number } };
  refunded: boolean;
  status: "succeeded" | "failed" | "pending";
}

interface Refund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

interface StripeErrorBody {
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: PaymentIntent;
  payment_method?: { id: string; object: "payment_method"; type: "card" };
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

/** stripe@23.1.0's pinned API version; replaced by the Stripe-Version the SDK sends. */
const DEFAULT_API_VERSION = "2026-10-28.endive";

// ---------------------------------------------------------------------------------------------
// Form bodies (Stripe style: a[b][c]=v, a[0]=v, a[]=v)
// ---------------------------------------------------------------------------------------------

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/** Parses an application/x-www-form-urlencoded body with bracketed nesting into objects/arrays. */
export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  if (!body) return root;
  for (const pair of body.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? "" : pair.slice(eq + 1);
    const key = decodeURIComponent(rawKey.replace(/\+/g, " "));
    const value = decodeURIComponent(rawValue.replace(/\+/g, " "));
    const first = key.indexOf("[");
    const path = first === -1 ? [key] : [key.slice(0, first), ...[...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? "")];
    assign(root, path, value);
  }
  return normaliseArrays(root) as Record<string, FormValue>;
}

function assign(target: Record<string, FormValue>, path: string[], value: string) {
  let node: Record<string, FormValue> = target;
  for (let i = 0; i < path.length; i++) {
    let seg = path[i]!;
    const last = i === path.length - 1;
    if (seg === "") seg = String(Object.keys(node).length); // a[]=x appends
    if (last) {
      node[seg] = value;
      return;
    }
    const next = node[seg];
    if (next === undefined || typeof next === "string" || Array.isArray(next)) {
      const child: Record<string, FormValue> = {};
      node[seg] = child;
      node = child;
    } else {
      node = next;
    }
  }
}

/** Objects whose keys are exactly 0..n-1 become arrays. */
function normaliseArrays(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const out: Record<string, FormValue> = {};
  for (const k of keys) out[k] = normaliseArrays(value[k]!);
  if (keys.length > 0 && keys.every((k, i) => /^\d+$/.test(k) && Number(k) === i)) return keys.map((k) => out[k]!);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Signing (https://docs.stripe.com/webhooks#verify-manually)
// ---------------------------------------------------------------------------------------------

/** The Stripe-Signature header value for a payload, as Stripe computes it. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

// ---------------------------------------------------------------------------------------------
// Test cards
// ---------------------------------------------------------------------------------------------

interface CardOutcome {
  ok: boolean;
  brand: string;
  last4: string;
  declineCode?: string;
  /** card_error code when not a decline (e.g. incorrect_number). */
  code?: string;
  message?: string;
}

const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  lost_card: "Your card was declined.",
  stolen_card: "Your card was declined.",
};

const TEST_PAYMENT_METHODS: Record<string, CardOutcome> = {
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

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

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

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

const now = () => Math.floor(Date.now() / 1000);
const rand = (n = 24) => randomBytes(n).toString("base64url").replace(/[-_]/g, "").slice(0, n).padEnd(n, "0");
const newId = (prefix: string) => `${prefix}_${rand(24)}`;

function str(v: FormValue | undefined): string | undefined {
  return typeof v === "string" ? v : undefined;
}

function obj(v: FormValue | undefined): Record<string, FormValue> | undefined {
  return v !== undefined && typeof v === "object" && !Array.isArray(v) ? v : undefined;
}

function invalid(message: string, extra: Partial<StripeErrorBody> = {}, status = 400): StripeHttpError {
  return new StripeHttpError(status, { type: "invalid_request_error", message, ...extra });
}

function integerParam(params: Record<string, FormValue>, name: string, required: boolean): number | undefined {
  const raw = str(params[name]);
  if (raw === undefined || raw === "") {
    if (required) throw invalid(`Missing required param: ${name}.`, { code: "parameter_missing", param: name });
    return undefined;
  }
  if (!/^\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw}`, { code: "parameter_invalid_integer", param: name });
  return Number(raw);
}

function metadataParam(v: FormValue | undefined, current: Record<string, string> = {}): Record<string, string> {
  if (v === undefined) return current;
  if (typeof v === "string") {
    if (v === "") return {};
    throw invalid("Invalid object", { param: "metadata" });
  }
  const meta = obj(v);
  if (!meta) throw invalid("Invalid object", { param: "metadata" });
  const out = { ...current };
  for (const [k, value] of Object.entries(meta)) {
    if (typeof value !== "string") throw invalid("Invalid metadata value", { param: `metadata[${k}]` });
    if (value === "") delete out[k];
    else out[k] = value;
  }
  return out;
}

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const events: StripeEvent[] = [];
  const webhooks: WebhookDelivery[] = [];
  let webhookUrl = options.webhookUrl;
  const attemptsMax = Math.max(1, options.webhookAttempts ?? 5);
  const backoffMs = Math.max(0, options.webhookBackoffMs ?? 200);
  const log = options.log ?? ((message: string, error?: unknown) => console.error(`[stripe-fake] ${message}`, error ?? ""));
  let apiVersion = DEFAULT_API_VERSION;
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;
  let closed = false;
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        resolve,
        timer: setTimeout(() => {
          timers.delete(entry);
          resolve();
        }, ms),
      };
      timers.add(entry);
    });

  // ---- webhooks -----------------------------------------------------------------------------

  async function deliver(event: StripeEvent): Promise<void> {
    const url = webhookUrl;
    if (!url) return;
    const payload = JSON.stringify(event, null, 2);
    let status: number | undefined;
    let attempts = 0;
    for (let attempt = 1; attempt <= attemptsMax && !closed; attempt++) {
      attempts = attempt;
      try {
        // Signed per attempt, with the attempt's timestamp, as Stripe does.
        const res = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
            "stripe-signature": signStripePayload(payload, options.webhookSecret),
          },
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) {
          webhooks.push({ event, attempts, ok: true, status });
          return;
        }
        log(`webhook ${event.type} ${event.id} got HTTP ${status} (attempt ${attempt}/${attemptsMax})`);
      } catch (error) {
        status = undefined;
        log(`webhook ${event.type} ${event.id} failed (attempt ${attempt}/${attemptsMax})`, error);
      }
      if (attempt < attemptsMax) await sleep(backoffMs * 2 ** (attempt - 1));
    }
    webhooks.push({ event, attempts, ok: false, ...(status === undefined ? {} : { status }) });
  }

  function emit(type: string, object: PaymentIntent | Charge, ctx: RequestContext, previous?: Record<string, unknown>) {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: apiVersion,
      created: now(),
      data: { object: structuredClone(object) as unknown as Record<string, unknown>, ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: ctx.requestId, idempotency_key: ctx.idempotencyKey },
      type,
    };
    events.push(event);
    if (!webhookUrl) return;
    // One queue: events reach the app in the order they happened.
    queued++;
    queue = queue.then(() => deliver(event)).finally(() => void queued--);
  }

  // ---- domain -------------------------------------------------------------------------------

  function getIntent(id: string): PaymentIntent {
    const pi = intents.get(id);
    if (!pi) throw invalid(`No such payment_intent: '${id}'`, { code: "resource_missing", param: "intent" }, 404);
    return pi;
  }

  function createIntent(params: Record<string, FormValue>, ctx: RequestContext): PaymentIntent {
    const amount = integerParam(params, "amount", true)!;
    const currency = str(params.currency)?.toLowerCase();
    if (!currency) throw invalid("Missing required param: currency.", { code: "parameter_missing", param: "currency" });
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}.`, { code: "parameter_invalid_string", param: "currency" });
    if (amount < 50) {
      throw invalid(`Amount must be at least $0.50 ${currency}`, { code: "amount_too_small", param: "amount" });
    }
    const captureMethod = str(params.capture_method) ?? "automatic";
    if (captureMethod !== "automatic" && captureMethod !== "automatic_async" && captureMethod !== "manual") {
      throw invalid(`Invalid capture_method: must be one of automatic, automatic_async, or manual`, { param: "capture_method" });
    }
    // API 2026-10-28 (stripe@23) calls it allowed_payment_method_types; older versions payment_method_types.
    const types = params.allowed_payment_method_types ?? params.payment_method_types;
    const auto = obj(params.automatic_payment_methods);
    if (types !== undefined && auto && str(auto.enabled) === "true") {
      throw invalid("You may only specify one of these parameters: automatic_payment_methods, allowed_payment_method_types.", {
        param: "automatic_payment_methods",
      });
    }
    const id = newId("pi");
    const pi: PaymentIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: types !== undefined ? null : { enabled: auto ? str(auto.enabled) !== "false" : true },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod,
      client_secret: `${id}_secret_${rand(25)}`,
      confirmation_method: str(params.confirmation_method) === "manual" ? "manual" : "automatic",
      created: now(),
      currency,
      customer: str(params.customer) ?? null,
      description: str(params.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadataParam(params.metadata),
      payment_method: str(params.payment_method) ?? null,
      payment_method_types: Array.isArray(types) ? types.filter((t): t is string => typeof t === "string") : ["card"],
      receipt_email: str(params.receipt_email) ?? null,
      status: str(params.payment_method) ? "requires_confirmation" : "requires_payment_method",
    };
    intents.set(id, pi);
    if (str(params.confirm) === "true") return confirmIntent(pi, params, ctx);
    return pi;
  }

  function updateIntent(pi: PaymentIntent, params: Record<string, FormValue>): PaymentIntent {
    if (pi.status === "succeeded" || pi.status === "canceled") {
      throw invalid(`You cannot update this PaymentIntent because it has a status of ${pi.status}.`, {
        code: "payment_intent_unexpected_state",
        payment_intent: pi,
      });
    }
    const amount = integerParam(params, "amount", false);
    if (amount !== undefined) {
      if (pi.status === "requires_capture") throw invalid("You cannot update the amount of a PaymentIntent with a status of requires_capture.", { code: "payment_intent_unexpected_state" });
      if (amount < 50) throw invalid(`Amount must be at least $0.50 ${pi.currency}`, { code: "amount_too_small", param: "amount" });
      pi.amount = amount;
    }
    if (params.metadata !== undefined) pi.metadata = metadataParam(params.metadata, pi.metadata);
    if (params.description !== undefined) pi.description = str(params.description) || null;
    if (params.receipt_email !== undefined) pi.receipt_email = str(params.receipt_email) || null;
    return pi;
  }

  /** The outcome for the confirm's payment method: a pm_ id, a fake-only card number, or the attached one. */
  function outcomeFor(pi: PaymentIntent, params: Record<string, FormValue>): { outcome: CardOutcome; pm: string; billing: Charge["billing_details"] } {
    const pmData = obj(params.payment_method_data);
    const card = obj(pmData?.card);
    const number = str(card?.number);
    const billingIn = obj(pmData?.billing_details);
    const billing = { name: str(billingIn?.name) ?? null, email: str(billingIn?.email) ?? null };
    if (number !== undefined) return { outcome: cardNumberOutcome(number), pm: newId("pm"), billing };
    const pm = str(params.payment_method) ?? pi.payment_method;
    if (!pm) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a payment method, pass payment_method or payment_method_data.",
        { code: "payment_intent_unexpected_state", payment_intent: pi },
      );
    }
    const outcome = TEST_PAYMENT_METHODS[pm];
    if (!outcome) throw invalid(`No such PaymentMethod: '${pm}'`, { code: "resource_missing", param: "payment_method" });
    return { outcome, pm, billing };
  }

  function confirmIntent(pi: PaymentIntent, params: Record<string, FormValue>, ctx: RequestContext): PaymentIntent {
    if (pi.status !== "requires_payment_method" && pi.status !== "requires_confirmation") {
      throw invalid(
        `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`,
        { code: "payment_intent_unexpected_state", payment_intent: pi },
      );
    }
    const { outcome, pm, billing } = outcomeFor(pi, params);
    if (params.receipt_email !== undefined) pi.receipt_email = str(params.receipt_email) || null;
    const manual = pi.capture_method === "manual";
    const charge: Charge = {
      id: newId("ch"),
      object: "charge",
      amount: pi.amount,
      amount_captured: 0,
      amount_refunded: 0,
      billing_details: billing,
      captured: false,
      created: now(),
      currency: pi.currency,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: { ...pi.metadata },
      outcome: outcome.ok
        ? { network_status: "approved_by_network", reason: null, type: "authorized", seller_message: "Payment complete." }
        : { network_status: "declined_by_network", reason: outcome.declineCode ?? outcome.code ?? null, type: "issuer_declined", seller_message: "The bank did not return any further details with this decline." },
      paid: outcome.ok,
      payment_intent: pi.id,
      payment_method: pm,
      payment_method_details: { type: "card", card: { brand: outcome.brand, last4: outcome.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 } },
      refunded: false,
      status: outcome.ok ? "succeeded" : "failed",
    };
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;

    if (!outcome.ok) {
      const code = outcome.code ?? "card_declined";
      const message = outcome.message ?? DECLINE_MESSAGES[outcome.declineCode ?? "generic_decline"] ?? "Your card was declined.";
      charge.failure_code = code;
      charge.failure_message = message;
      const error: StripeErrorBody = {
        type: "card_error",
        code,
        message,
        charge: charge.id,
        doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
        payment_method: { id: pm, object: "payment_method", type: "card" },
        ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
      };
      pi.status = "requires_payment_method";
      pi.payment_method = null;
      pi.last_payment_error = error;
      emit("payment_intent.payment_failed", pi, ctx);
      throw new StripeHttpError(402, { ...error, payment_intent: structuredClone(pi) });
    }

    pi.payment_method = pm;
    pi.last_payment_error = null;
    if (manual) {
      pi.status = "requires_capture";
      pi.amount_capturable = pi.amount;
      emit("payment_intent.amount_capturable_updated", pi, ctx, { amount_capturable: 0 });
    } else {
      pi.status = "succeeded";
      pi.amount_received = pi.amount;
      charge.captured = true;
      charge.amount_captured = pi.amount;
      emit("payment_intent.succeeded", pi, ctx);
    }
    return pi;
  }

  function captureIntent(pi: PaymentIntent, params: Record<string, FormValue>, ctx: RequestContext): PaymentIntent {
    if (pi.status !== "requires_capture") {
      throw invalid(
        `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        { code: "payment_intent_unexpected_state", payment_intent: pi },
      );
    }
    const amount = integerParam(params, "amount_to_capture", false) ?? pi.amount_capturable;
    if (amount > pi.amount_capturable) {
      throw invalid(`The amount to capture (${amount}) is greater than the amount capturable (${pi.amount_capturable}).`, {
        code: "amount_too_large",
        param: "amount_to_capture",
      });
    }
    if (params.metadata !== undefined) pi.metadata = metadataParam(params.metadata, pi.metadata);
    pi.status = "succeeded";
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
    if (charge) {
      charge.captured = true;
      charge.amount_captured = amount;
      // Capturing less than authorised releases (refunds) the rest.
      if (amount < charge.amount) charge.amount_refunded = charge.amount - amount;
    }
    emit("payment_intent.succeeded", pi, ctx);
    return pi;
  }

  const CANCELABLE: PaymentIntentStatus[] = ["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action", "processing"];

  function cancelIntent(pi: PaymentIntent, params: Record<string, FormValue>, ctx: RequestContext): PaymentIntent {
    if (!CANCELABLE.includes(pi.status)) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(", ")}.`,
        { code: "payment_intent_unexpected_state", payment_intent: pi },
      );
    }
    const reason = str(params.cancellation_reason);
    const reasons = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];
    if (reason !== undefined && !reasons.includes(reason)) {
      throw invalid(`Invalid cancellation_reason: must be one of ${reasons.join(", ")}`, { param: "cancellation_reason" });
    }
    pi.status = "canceled";
    pi.canceled_at = now();
    pi.cancellation_reason = reason ?? null;
    pi.amount_capturable = 0;
    emit("payment_intent.canceled", pi, ctx);
    return pi;
  }

  function createRefund(params: Record<string, FormValue>, ctx: RequestContext): Refund {
    const piId = str(params.payment_intent);
    const chargeId = str(params.charge);
    if (!piId && !chargeId) throw invalid("One of the following params should be provided for this request: payment_intent or charge.", { param: "payment_intent" });
    let charge: Charge | undefined;
    if (chargeId) {
      charge = charges.get(chargeId);
      if (!charge) throw invalid(`No such charge: '${chargeId}'`, { code: "resource_missing", param: "charge" }, 404);
    } else {
      const pi = intents.get(piId!);
      if (!pi) throw invalid(`No such payment_intent: '${piId}'`, { code: "resource_missing", param: "payment_intent" }, 404);
      if (pi.status !== "succeeded" || !pi.latest_charge) {
        throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, { code: "charge_not_refundable", param: "payment_intent" });
      }
      charge = charges.get(pi.latest_charge);
    }
    if (!charge || !charge.captured || charge.status !== "succeeded") {
      throw invalid(`Charge ${charge?.id ?? ""} has not been captured; it cannot be refunded.`, { code: "charge_not_refundable" });
    }
    // amount_refunded already includes any part released by a partial capture.
    const refundable = charge.amount - charge.amount_refunded;
    const amount = integerParam(params, "amount", false) ?? refundable;
    if (refundable <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
    if (amount <= 0) throw invalid("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
    if (amount > refundable) {
      const fmt = (c: number) => `$${(c / 100).toFixed(2)}`;
      throw invalid(`Refund amount (${fmt(amount)}) is greater than unrefunded amount on charge (${fmt(refundable)})`, { code: "amount_too_large", param: "amount" });
    }
    const reason = str(params.reason);
    if (reason !== undefined && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
      throw invalid("Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", { param: "reason" });
    }
    const refund: Refund = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: metadataParam(params.metadata),
      payment_intent: charge.payment_intent,
      reason: reason ?? null,
      status: "succeeded",
    };
    refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    emit("charge.refunded", charge, ctx, previous);
    return refund;
  }

  // ---- HTTP ---------------------------------------------------------------------------------

  interface RequestContext {
    requestId: string;
    idempotencyKey: string | null;
  }

  function checkAuth(req: IncomingMessage) {
    const header = req.headers.authorization;
    if (!header) {
      throw new StripeHttpError(401, {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const key = match?.[1] ?? "";
    const valid = options.apiKey !== undefined ? key === options.apiKey : /^sk_test_\w+$/.test(key);
    if (!valid) {
      const masked = key.length > 8 ? `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
      throw new StripeHttpError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${masked}` });
    }
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 1024 * 1024) throw invalid("Request body too large", {}, 413);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  function route(method: string, path: string, params: Record<string, FormValue>, ctx: RequestContext): unknown {
    const parts = path.split("/").filter(Boolean); // ["v1", "payment_intents", id, action]
    if (parts[0] !== "v1") return undefined;
    const [, resource, id, action, extra] = parts;
    if (extra !== undefined) return undefined;
    if (resource === "payment_intents") {
      if (!id) return method === "POST" ? createIntent(params, ctx) : undefined;
      const pi = getIntent(id);
      if (!action) {
        if (method === "GET") return pi;
        if (method === "POST") return updateIntent(pi, params);
        return undefined;
      }
      if (method !== "POST") return undefined;
      if (action === "confirm") return confirmIntent(pi, params, ctx);
      if (action === "capture") return captureIntent(pi, params, ctx);
      if (action === "cancel") return cancelIntent(pi, params, ctx);
      return undefined;
    }
    if (resource === "refunds") {
      if (!id && !action && method === "POST") return createRefund(params, ctx);
      if (id && !action && method === "GET") {
        const refund = refunds.get(id);
        if (!refund) throw invalid(`No such refund: '${id}'`, { code: "resource_missing", param: "id" }, 404);
        return refund;
      }
      return undefined;
    }
    if (resource === "charges" && id && !action && method === "GET") {
      const charge = charges.get(id);
      if (!charge) throw invalid(`No such charge: '${id}'`, { code: "resource_missing", param: "id" }, 404);
      return charge;
    }
    return undefined;
  }

  function corsHeaders(req: IncomingMessage): Record<string, string> {
    const origin = req.headers.origin;
    if (!origin) return {};
    const allowed = options.allowedOrigins;
    if (allowed && !allowed.includes(origin)) return {};
    return {
      "access-control-allow-origin": origin,
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": "content-type",
      "access-control-max-age": "600",
      vary: "Origin",
    };
  }

  /** Stands in for Stripe.js: confirm by client secret with a test card number, from the browser. */
  function localConfirm(body: string, ctx: RequestContext): PaymentIntent {
    let input: unknown;
    try {
      input = JSON.parse(body);
    } catch {
      throw invalid("Body must be JSON: {clientSecret, cardNumber, name, email}");
    }
    const { clientSecret, cardNumber, name, email } = (input ?? {}) as Record<string, unknown>;
    if (typeof clientSecret !== "string" || typeof cardNumber !== "string") {
      throw invalid("clientSecret and cardNumber are required", { code: "parameter_missing" });
    }
    const id = clientSecret.split("_secret_")[0] ?? "";
    const pi = intents.get(id);
    if (!pi || pi.client_secret !== clientSecret) {
      throw invalid("Invalid value for confirmPayment: clientSecret should be a client secret of the form ${id}_secret_${secret}.", {
        code: "resource_missing",
        param: "client_secret",
      });
    }
    const billing: Record<string, FormValue> = {};
    if (typeof name === "string") billing.name = name;
    if (typeof email === "string") billing.email = email;
    return confirmIntent(pi, { payment_method_data: { type: "card", card: { number: cardNumber }, billing_details: billing } }, ctx);
  }

  /** The fields the browser may see (no secrets beyond its own client secret). */
  const publicIntent = (pi: PaymentIntent) => ({
    id: pi.id,
    object: pi.object,
    amount: pi.amount,
    currency: pi.currency,
    status: pi.status,
    capture_method: pi.capture_method,
    client_secret: pi.client_secret,
    last_payment_error: pi.last_payment_error,
  });

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const text = typeof body === "string" ? body : JSON.stringify(body, null, 2);
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      "stripe-version": apiVersion,
      ...headers,
    });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const requestId = `req_${rand(14)}`;
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    const baseHeaders = { "request-id": requestId };
    try {
      if (url.pathname === "/local/confirm") {
        const cors = corsHeaders(req);
        if (method === "OPTIONS") {
          res.writeHead(204, cors);
          res.end();
          return;
        }
        if (method !== "POST") throw invalid("Use POST", {}, 405);
        const body = await readBody(req);
        try {
          const pi = localConfirm(body, { requestId, idempotencyKey: null });
          send(res, 200, { paymentIntent: publicIntent(pi) }, { ...baseHeaders, ...cors });
        } catch (error) {
          if (!(error instanceof StripeHttpError)) throw error;
          const { payment_intent, ...rest } = error.body;
          send(res, error.status, { error: rest, ...(payment_intent ? { paymentIntent: publicIntent(payment_intent) } : {}) }, { ...baseHeaders, ...cors });
        }
        return;
      }
      if (method === "GET" && (url.pathname === "/" || url.pathname === "/health")) {
        send(res, 200, { ok: true, service: "printhood local stripe fake" }, baseHeaders);
        return;
      }

      checkAuth(req);
      const version = req.headers["stripe-version"];
      if (typeof version === "string" && version) apiVersion = version;
      const raw = method === "GET" || method === "DELETE" ? url.search.slice(1) : await readBody(req);
      const params = parseStripeForm(raw);

      const keyHeader = req.headers["idempotency-key"];
      const idempotencyKey = method === "POST" && typeof keyHeader === "string" && keyHeader ? keyHeader : null;
      const cacheKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : null;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) {
        send(res, cached.status, cached.body, { ...baseHeaders, "idempotent-replayed": "true" });
        return;
      }

      let status = 200;
      let body: unknown;
      try {
        body = route(method, url.pathname, params, { requestId, idempotencyKey });
        if (body === undefined) throw invalid(`Unrecognized request URL (${method}: ${url.pathname}).`, {}, 404);
      } catch (error) {
        if (!(error instanceof StripeHttpError)) throw error;
        status = error.status;
        body = { error: { ...error.body, request_log_url: `http://localhost/fake/logs/${requestId}` } };
      }
      const text = JSON.stringify(body, null, 2);
      if (cacheKey && status < 500) idempotent.set(cacheKey, { status, body: text });
      send(res, status, text, baseHeaders);
    } catch (error) {
      if (error instanceof StripeHttpError) {
        send(res, error.status, { error: error.body }, baseHeaders);
        return;
      }
      log(`request ${method} ${url.pathname} failed`, error);
      send(res, 500, { error: { type: "api_error", message: "An unknown error occurred in the local Stripe fake." } }, baseHeaders);
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== "0.0.0.0" ? options.host : "127.0.0.1";

  const idle = async () => {
    while (queued > 0) await queue;
  };

  return {
    url: `http://${host}:${port}`,
    host,
    port,
    events,
    webhooks,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    idle,
    async close() {
      closed = true;
      for (const t of timers) {
        clearTimeout(t.timer);
        t.resolve();
      }
      timers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await idle();
    },
  };
}
