// The objects the fake keeps (shaped as Stripe returns them) and the in-memory state holding them.
import type { RequestContext } from "./events.ts";

export type PaymentIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

export interface PaymentIntent {
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

export interface Charge {
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

export interface Refund {
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

export interface Account {
  id: string;
  object: "account";
  type: "express" | "standard" | "custom";
  country: string;
  email: string | null;
  created: number;
  capabilities: { transfers: "active" | "inactive" };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
}

export interface Transfer {
  id: string;
  object: "transfer";
  amount: number;
  currency: string;
  destination: string;
  created: number;
  metadata: Record<string, string>;
  reversed: boolean;
  transfer_group: string | null;
}

export interface StripeErrorBody {
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

/** Announces a state change (becomes a Stripe event and, when a webhook URL is set, a webhook). */
export type Emit = (type: string, object: PaymentIntent | Charge, ctx: RequestContext, previous?: Record<string, unknown>) => void;

/** Everything the fake knows, in memory, and where its state changes are announced. */
export interface Ledger {
  intents: Map<string, PaymentIntent>;
  charges: Map<string, Charge>;
  refunds: Map<string, Refund>;
  accounts: Map<string, Account>;
  transfers: Map<string, Transfer>;
  emit: Emit;
}

export function createLedger(emit: Emit): Ledger {
  return { intents: new Map(), charges: new Map(), refunds: new Map(), accounts: new Map(), transfers: new Map(), emit };
}
