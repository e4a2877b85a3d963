import { z } from "@hono/zod-openapi";
import { declareRoute, json, routeGroup } from "../contract.ts";

/** `/api/payments/config`: which card form the site shows. */

const configSchema = z
  .union([
    z.object({ provider: z.literal("stripe"), publishableKey: z.string() }),
    z.object({ provider: z.literal("test"), testConfirmUrl: z.string().nullable() }),
  ])
  .meta({
    id: "PaymentsConfig",
    description:
      "stripe: Stripe Elements with this publishable key; test (local mode): the test-card form posting {clientSecret, cardNumber, name, email} to testConfirmUrl on the site's origin.",
  });

const config = declareRoute({
  method: "get",
  path: "/config",
  summary: "How the site takes cards: Stripe Elements, or the local test-card form",
  tags: ["Checkout"],
  access: "public",
  responses: { 200: json(configSchema, "The card form to use") },
});

export const paymentRoutes = routeGroup().openapi(config, (c) => {
  const { stripePublishableKey, testConfirmPath } = c.var.deps.config;
  return c.json(
    stripePublishableKey
      ? { provider: "stripe" as const, publishableKey: stripePublishableKey }
      : { provider: "test" as const, testConfirmUrl: testConfirmPath ?? null },
    200,
  );
});
