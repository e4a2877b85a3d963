import { createDocumentClient, createStore, expiryFromEnv, systemClock, tableShippingRates } from "@printhood/core";
import { handle } from "hono/aws-lambda";
import { createEventPublisher } from "../lib/events.ts";
import { s3FileLinks } from "../lib/s3.ts";
import { stripeFromEnv } from "../lib/stripe.ts";
import { createApp } from "./app.ts";

/** API Gateway entry point: the same app as local mode, configured from the environment. */
const allowedOrigins = (process.env.APP_ORIGIN ?? "").split(",").filter(Boolean);
const store = createStore(createDocumentClient(), requireEnv("TABLE_NAME"));
const app = createApp({
  store,
  events: createEventPublisher(requireEnv("EVENT_BUS_NAME")),
  ...stripeFromEnv(),
  files: s3FileLinks(requireEnv("BUCKET_NAME")),
  shipping: tableShippingRates,
  clock: systemClock,
  expiry: expiryFromEnv(),
  config: {
    allowedOrigins,
    uploadsBucket: requireEnv("BUCKET_NAME"),
    secureCookies: true,
    trustForwardedHost: allowedOrigins.length === 0,
    ...(process.env.STRIPE_PUBLISHABLE_KEY ? { stripePublishableKey: process.env.STRIPE_PUBLISHABLE_KEY } : {}),
  },
  health: async () => ({
    dynamodb: await store.entities.counters
      .get({ name: "health" })
      .go()
      .then(
        () => true,
        () => false,
      ),
  }),
});

export const handler = handle(app);

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
