import { z } from "@hono/zod-openapi";
import { claimSchema, decideClaim, presentClaim, staffClaim, staffClaimQueue, staffClaimSchema, staffDecisionInput } from "@printhood/core";
import { declareRoute, idParam, json, jsonBody, readJson, routeGroup } from "../../contract.ts";
import { orderDeps } from "../../deps.ts";
import { requireStaff } from "../../middleware/staff.ts";

/** `/api/staff/claims…` (issue 21 §4–5): open claims oldest first, one claim, and staff's decision. */

const queue = declareRoute({
  method: "get",
  path: "/claims",
  summary: "Claims not yet settled, oldest first, with both sides' words and photos and the order's thread (staff only)",
  tags: ["Staff", "Guarantee"],
  access: "staff",
  responses: { 200: json(z.array(staffClaimSchema), "The queue") },
});

const one = declareRoute({
  method: "get",
  path: "/claims/{id}",
  summary: "One claim as staff see it, settled or not (staff only)",
  tags: ["Staff", "Guarantee"],
  access: "staff",
  request: { params: idParam },
  responses: { 200: json(staffClaimSchema, "The claim") },
  errors: ["claim_not_found"],
});

const decide = declareRoute({
  method: "post",
  path: "/claims/{id}/decision",
  summary:
    "Settle a claim: refund in full, refund part (amount in dollars), reprint, or reject, with a reason both sides read (staff only)",
  description:
    "A refund goes through Stripe Refunds (idempotent, retried until Stripe confirms); the owner's earnings are reversed in the same transaction, and the decision is written to the audit log with it. Both sides are e-mailed.",
  tags: ["Staff", "Guarantee"],
  access: "staff",
  request: { params: idParam, body: jsonBody(staffDecisionInput) },
  middleware: [readJson],
  responses: { 200: json(claimSchema, "The claim as decided") },
  errors: ["claim_not_found", "claim_settled", "refund_too_large", "nothing_paid", "order_changed"],
});

export const staffClaimRoutes = routeGroup()
  .openapi(queue, async (c) => c.json(await staffClaimQueue(c.var.deps.store), 200))
  .openapi(one, async (c) => c.json(await staffClaim(c.var.deps.store, c.req.valid("param").id), 200))
  .openapi(decide, async (c) => {
    const claim = await decideClaim(orderDeps(c.var.deps), requireStaff(c), c.req.valid("param").id, c.req.valid("json"));
    return c.json(presentClaim(claim, "staff"), 200);
  });
