import {
  API_SERVICE,
  CURSOR_SECRET_ENV,
  expiryFromEnv,
  ORIGIN_VERIFY_ENV,
  s3BucketUrl,
  securityHeaders,
  systemClock,
  tableShippingRates,
} from "@printhood/core";
import { handle } from "hono/aws-lambda";
import { requireEnv } from "../lib/env.ts";
import { createEventPublisher } from "../lib/events.ts";
import { traceInvocation } from "../lib/observability.ts";
import { s3FileLinks } from "../lib/s3.ts";
import { storeFromEnv } from "../lib/store.ts";
import { stripeFromEnv } from "../lib/stripe.ts";
import { createApp } from "./app.ts";
import { cloudFrontClientAddress } from "./client-address.ts";

/** API Gateway entry point: the same app as local mode, configured from the environment. */
const allowedOrigins = (process.env.APP_ORIGIN ?? "").split(",").filter(Boolean);
const store = storeFromEnv();
const bucket = requireEnv("BUCKET_NAME");
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
    uploadsBucket: bucket,
    secureCookies: true,
    // The same values CloudFront sets (stacks/Web.ts), for calls that reach API Gateway directly.
    securityHeaders: securityHeaders({
      uploadUrl: s3BucketUrl(bucket, process.env.AWS_REGION ?? "us-east-1"),
      tileUrl: process.env.TILE_URL,
      stripe: !!process.env.STRIPE_PUBLISHABLE_KEY,
    }),
    trustForwardedHost: allowedOrigins.length === 0,
    cursorSecret: process.env[CURSOR_SECRET_ENV],
    ...(process.env.STRIPE_PUBLISHABLE_KEY ? { stripePublishableKey: process.env.STRIPE_PUBLISHABLE_KEY } : {}),
  },
  clientAddress: cloudFrontClientAddress(process.env[ORIGIN_VERIFY_ENV]),
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

const serve = handle(app);

/** Each invocation in its own trace subsegment; the request's lines and metrics come from the app's first middleware. */
export const handler: typeof serve = (event, context) => traceInvocation(API_SERVICE, () => serve(event, context));
