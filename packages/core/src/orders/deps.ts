import type { Store } from "../db/store.ts";
import type { EventPublisher } from "../events/publisher.ts";
import type { PaymentGateway } from "../payments/port.ts";
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

/** How long an order may wait (DECISIONS.md "Expiry"): for payment, then for its owner. */
export interface ExpiryConfig {
  unpaidHours: number;
  unacceptedHours: number;
}

export const DEFAULT_EXPIRY: ExpiryConfig = { unpaidHours: 24, unacceptedHours: 48 };

/** EXPIRY_UNPAID_HOURS and EXPIRY_UNACCEPTED_HOURS, when set to a positive number. */
export function expiryFromEnv(env: Record<string, string | undefined> = process.env): ExpiryConfig {
  const hours = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return v && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    unpaidHours: hours(env.EXPIRY_UNPAID_HOURS, DEFAULT_EXPIRY.unpaidHours),
    unacceptedHours: hours(env.EXPIRY_UNACCEPTED_HOURS, DEFAULT_EXPIRY.unacceptedHours),
  };
}
