import {
  calculateShipping,
  calculateShippingInput,
  createPaymentIntentInput,
  paymentIntentFor,
  paymentIntentSchema,
  shippingQuoteSchema,
} from "@printhood/core";
import { declareRoute, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import { orderDeps } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";

/** `/api/create-payment-intent`, `/api/calculate-shipping`: the spec's one-segment checkout calls. */

const createIntent = declareRoute({
  method: "post",
  path: "/create-payment-intent",
  summary: "The order's PaymentIntent (manual capture) for the amount the server computes; the client's amount is ignored",
  tags: ["Checkout"],
  access: "signed-in",
  request: { body: jsonBody(createPaymentIntentInput) },
  middleware: [readJson],
  responses: { 200: json(paymentIntentSchema, "The intent and its client secret") },
  errors: ["order_not_found", "customer_only", "already_paid", "not_payable", "shipping_not_chosen"],
});

const quote = declareRoute({
  method: "post",
  path: "/calculate-shipping",
  summary: "Shipping options for a parcel from a printer (by id or number) to a ZIP",
  description: "Zones by distance from the printer's ZIP (not the spec's fixed origin), billable weight with packaging.",
  tags: ["Checkout"],
  access: "signed-in",
  request: { body: jsonBody(calculateShippingInput) },
  middleware: [readJson],
  responses: { 200: json(shippingQuoteSchema, "The options and the default") },
  errors: ["printer_not_found", "unknown_zip", "printer_has_no_place"],
});

export const checkoutRoutes = routeGroup()
  .openapi(createIntent, async (c) => c.json(await paymentIntentFor(orderDeps(c.var.deps), requireUser(c).id, c.req.valid("json")), 200))
  .openapi(quote, async (c) => c.json(await calculateShipping(c.var.deps.store, c.var.deps.shipping, c.req.valid("json")), 200));
