import { createDocumentClient, createStore, expiryFromEnv, type OrderDeps, systemClock, tableShippingRates } from "@printhood/core";
import { createEventPublisher } from "./events.ts";
import { createStripe, stripePayments } from "./stripe.ts";

/**
 * The order flows' dependencies for a Lambda (consumers and the schedule), built once per
 * container from the environment the stacks set (TABLE_NAME, EVENT_BUS_NAME, the Stripe secret).
 */
let deps: OrderDeps | undefined;

export function orderDepsFromEnv(): OrderDeps {
  deps ??= {
    store: createStore(createDocumentClient(), required("TABLE_NAME")),
    events: createEventPublisher(required("EVENT_BUS_NAME")),
    payments: stripePayments(createStripe()),
    clock: systemClock,
    expiry: expiryFromEnv(),
    shipping: tableShippingRates,
  };
  return deps;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
