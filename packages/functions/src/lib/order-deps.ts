import { expiryFromEnv, type OrderDeps, systemClock, tableShippingRates } from "@printhood/core";
import { perEnvironment, requireEnv } from "./env.ts";
import { createEventPublisher } from "./events.ts";
import { storeFromEnv } from "./store.ts";
import { createStripe, stripePayments } from "./stripe.ts";

/**
 * The order flows' dependencies for a Lambda (consumers and the schedule), built once per
 * environment the stacks set (TABLE_NAME, EVENT_BUS_NAME, the Stripe secret): once per container.
 */
export const orderDepsFromEnv: () => OrderDeps = perEnvironment(() => ({
  store: storeFromEnv(),
  events: createEventPublisher(requireEnv("EVENT_BUS_NAME")),
  payments: stripePayments(createStripe()),
  clock: systemClock,
  expiry: expiryFromEnv(),
  shipping: tableShippingRates,
}));
