import type { Store } from "../db/store.ts";
import type { EventPublisher } from "../events/publisher.ts";
import type { PaymentGateway } from "../payments/port.ts";
import { DEFAULT_CLAIM_WINDOW_DAYS } from "../shared/earnings.ts";
import type { ShippingRates } from "../shipping/port.ts";
import type { Clock } from "./clock.ts";

/** What the order flows need from outside: storage, the bus, the payment provider, time and rates. */
export interface OrderDeps {
  store: Store;
  events: EventPublisher;
  payments: PaymentGateway;
  clock: Clock;
  expiry: ExpiryConfig;
  shipping: ShippingRates;
}

/**
 * How long an order may wait (DECISIONS.md "Expiry"): for payment, then for its owner; and how
 * long after pickup or shipping the customer may open a claim (its owner's earning is held that long).
 */
export interface ExpiryConfig {
  unpaidHours: number;
  unacceptedHours: number;
  /** Default DEFAULT_CLAIM_WINDOW_DAYS (shared/earnings.ts); CLAIM_WINDOW_DAYS sets it. */
  claimWindowDays?: number;
}

export const DEFAULT_EXPIRY: ExpiryConfig = { unpaidHours: 24, unacceptedHours: 48, claimWindowDays: DEFAULT_CLAIM_WINDOW_DAYS };

/** The claim window in days for these settings. */
export const claimWindowDaysOf = (expiry: ExpiryConfig) => expiry.claimWindowDays ?? DEFAULT_CLAIM_WINDOW_DAYS;

/** EXPIRY_UNPAID_HOURS, EXPIRY_UNACCEPTED_HOURS and CLAIM_WINDOW_DAYS, when set to a positive number. */
export function expiryFromEnv(env: Record<string, string | undefined> = process.env): ExpiryConfig {
  const positive = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return v && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    unpaidHours: positive(env.EXPIRY_UNPAID_HOURS, DEFAULT_EXPIRY.unpaidHours),
    unacceptedHours: positive(env.EXPIRY_UNACCEPTED_HOURS, DEFAULT_EXPIRY.unacceptedHours),
    claimWindowDays: positive(env.CLAIM_WINDOW_DAYS, DEFAULT_CLAIM_WINDOW_DAYS),
  };
}
