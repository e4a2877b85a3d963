import {
  acceptPriceProposal,
  declinePriceProposal,
  newHoldIntent,
  orderSchema,
  paymentIntentSchema,
  priceProposalInput,
  proposePrice,
  readOrderFor,
} from "@printhood/core";
import { declareRoute, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import { orderDeps } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";
import { orderParam } from "./print-jobs.ts";

/**
 * An adjusted price within the estimate's range (issue 25 point 4), mounted beside print-jobs.ts at
 * `/api/print-jobs/{id}/price-proposal…`: the printer's owner proposes, the customer accepts or
 * declines. The rules are core's (price-proposals/); each call answers the order as its caller sees it.
 */
const NOT_NOW = ["order_not_found", "price_not_adjustable_now", "order_changed"] as const;

const propose = declareRoute({
  method: "post",
  path: "/{id}/price-proposal",
  summary: "The printer's owner proposes a new price within the order's range, before accepting it",
  description:
    "Only on a paid order waiting for its owner's answer (confirmed, payment authorized). totalCents is the new total the customer would pay, delivery included, within the order's priceBounds (the estimate's range); reason is read by the customer, who accepts or declines. The order keeps its price until then.",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(priceProposalInput) },
  middleware: [readJson],
  responses: { 200: json(orderSchema, "The order, with its priceProposal") },
  errors: [
    ...NOT_NOW,
    "owner_only",
    "price_not_adjustable",
    "price_outside_range",
    "price_unchanged",
    "price_proposal_pending",
    "price_already_adjusted",
    "price_proposals_used",
  ],
});

const answerRoute = (action: "accept" | "decline", summary: string) =>
  declareRoute({
    method: "post",
    path: `/{id}/price-proposal/${action}`,
    summary,
    tags: ["Orders"],
    access: "signed-in",
    request: { params: orderParam },
    responses: { 200: json(orderSchema, "The order after the answer") },
    errors: [...NOT_NOW, "customer_only", "no_price_proposal"],
  });

const accept = answerRoute(
  "accept",
  "The customer accepts the proposed price: at or below the card's hold the order is at the new price at once (the owner's accept captures it, the rest is released); above it, the order waits for a new hold (priceProposal.status awaiting_payment: confirm it with …/payment's client secret), and the old hold is released once the new one holds",
);
const decline = answerRoute("decline", "The customer declines the proposed price: the order stays as it was, at its price");

const payment = declareRoute({
  method: "post",
  path: "/{id}/price-proposal/payment",
  summary: "The new hold for a higher accepted price: its client secret, for the card form on the customer's order page",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam },
  responses: { 200: json(paymentIntentSchema, "The new hold's PaymentIntent (manual capture) for the new total") },
  errors: ["order_not_found", "customer_only", "no_new_hold"],
});

export const priceProposalRoutes = routeGroup()
  .openapi(propose, async (c) => {
    const { id } = c.req.valid("param");
    const user = requireUser(c);
    await proposePrice(orderDeps(c.var.deps), user.id, id, c.req.valid("json"));
    return c.json(await readOrderFor(c.var.deps.store, user, id), 200);
  })
  .openapi(accept, async (c) => {
    const { id } = c.req.valid("param");
    const user = requireUser(c);
    await acceptPriceProposal(orderDeps(c.var.deps), user.id, id);
    return c.json(await readOrderFor(c.var.deps.store, user, id), 200);
  })
  .openapi(payment, async (c) => c.json(await newHoldIntent(orderDeps(c.var.deps), requireUser(c).id, c.req.valid("param").id), 200))
  .openapi(decline, async (c) => {
    const { id } = c.req.valid("param");
    const user = requireUser(c);
    await declinePriceProposal(orderDeps(c.var.deps), user.id, id);
    return c.json(await readOrderFor(c.var.deps.store, user, id), 200);
  });
