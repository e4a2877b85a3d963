import { z } from "@hono/zod-openapi";
import {
  acceptClaimOffer,
  claimResponseInput,
  claimSchema,
  declineClaimOffer,
  declineOfferInput,
  loadClaimFor,
  presentClaim,
  reprintHandedOver,
  reprintHandedOverInput,
  respondToClaim,
} from "@printhood/core";
import { declareRoute, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import { orderDeps } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";
import { CLAIM_PHOTO_ERRORS } from "./guarantee.ts";

/**
 * `/api/claims/{id}/…`: a claim under the money-back guarantee, for its customer and the printer's
 * owner (anyone else a 404; staff decide under /api/staff/claims). Amounts are in dollars, as
 * `totalCost` is.
 */
const claimParam = z.object({ id: z.string().min(1).max(64).meta({ description: "The claim's id" }) });

const read = declareRoute({
  method: "get",
  path: "/{id}",
  summary: "A claim, for its customer and the printer's owner",
  tags: ["Guarantee"],
  access: "signed-in",
  request: { params: claimParam },
  responses: { 200: json(claimSchema, "The claim") },
  errors: ["claim_not_found"],
});

const response = declareRoute({
  method: "post",
  path: "/{id}/response",
  summary: "The printer's owner answers a claim: refund in full, offer a partial refund or a reprint, or dispute",
  description:
    "action: refund_full (settled at once: Stripe refunds the customer, the owner's earnings are reversed), offer_partial (with amount in dollars), offer_reprint, or dispute (Printhood decides). message is read by the customer and staff.",
  tags: ["Guarantee"],
  access: "signed-in",
  request: { params: claimParam, body: jsonBody(claimResponseInput) },
  middleware: [readJson],
  responses: { 200: json(claimSchema, "The claim after the answer") },
  errors: ["claim_not_found", "owner_only", "claim_answered", "claim_settled", "refund_too_large", "nothing_paid", ...CLAIM_PHOTO_ERRORS],
});

const accept = declareRoute({
  method: "post",
  path: "/{id}/accept",
  summary: "The customer accepts the owner's offer (a partial refund or a reprint)",
  tags: ["Guarantee"],
  access: "signed-in",
  request: { params: claimParam },
  responses: { 200: json(claimSchema, "The claim, settled") },
  errors: ["claim_not_found", "customer_only", "claim_no_offer", "claim_settled", "refund_too_large", "nothing_paid"],
});

const decline = declareRoute({
  method: "post",
  path: "/{id}/decline",
  summary: "The customer declines the owner's offer and asks Printhood to decide",
  tags: ["Guarantee"],
  access: "signed-in",
  request: { params: claimParam, body: jsonBody(declineOfferInput) },
  middleware: [readJson],
  responses: { 200: json(claimSchema, "The claim, under review") },
  errors: ["claim_not_found", "customer_only", "claim_no_offer", "claim_settled"],
});

const reprint = declareRoute({
  method: "post",
  path: "/{id}/reprint",
  summary: "The printer's owner has handed over the reprint the claim ended in (picked up, or shipped with tracking)",
  tags: ["Guarantee"],
  access: "signed-in",
  request: { params: claimParam, body: jsonBody(reprintHandedOverInput) },
  middleware: [readJson],
  responses: { 200: json(claimSchema, "The claim, resolved") },
  errors: ["claim_not_found", "owner_only", "claim_not_reprinting"],
});

export const claimRoutes = routeGroup()
  .openapi(read, async (c) => {
    const { claim, viewer } = await loadClaimFor(c.var.deps.store, requireUser(c), c.req.valid("param").id);
    return c.json(presentClaim(claim, viewer), 200);
  })
  .openapi(response, async (c) => {
    const claim = await respondToClaim(orderDeps(c.var.deps), requireUser(c).id, c.req.valid("param").id, c.req.valid("json"));
    return c.json(presentClaim(claim, "owner"), 200);
  })
  .openapi(accept, async (c) => {
    const claim = await acceptClaimOffer(orderDeps(c.var.deps), requireUser(c).id, c.req.valid("param").id);
    return c.json(presentClaim(claim, "customer"), 200);
  })
  .openapi(decline, async (c) => {
    const claim = await declineClaimOffer(orderDeps(c.var.deps), requireUser(c).id, c.req.valid("param").id, c.req.valid("json").message);
    return c.json(presentClaim(claim, "customer"), 200);
  })
  .openapi(reprint, async (c) => {
    const claim = await reprintHandedOver(orderDeps(c.var.deps), requireUser(c).id, c.req.valid("param").id, c.req.valid("json"));
    return c.json(presentClaim(claim, "owner"), 200);
  });
