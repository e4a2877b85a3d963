import { claimSchema, confirmReceived, openClaim, openClaimInput, orderSchema, presentClaim, readOrderFor } from "@printhood/core";
import { declareRoute, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import { orderDeps } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";
import { orderParam } from "./print-jobs.ts";

/**
 * The money-back guarantee's calls on an order (issue 21 §3–4), mounted beside print-jobs.ts at
 * `/api/print-jobs/{id}/…`: the customer's "Received, looks good", which frees the owner's held
 * earning, and the customer's claim.
 */
const received = declareRoute({
  method: "post",
  path: "/{id}/received",
  summary: "The customer confirms the part arrived as ordered (Received, looks good): the owner's held earning is freed",
  tags: ["Guarantee"],
  access: "signed-in",
  request: { params: orderParam },
  responses: { 200: json(orderSchema, "The order, with receivedAt") },
  errors: ["order_not_found", "customer_only", "not_received_yet", "order_changed"],
});

export const CLAIM_PHOTO_ERRORS = [
  "photo_not_found",
  "photo_not_ready",
  "photo_failed",
  "photo_wrong_purpose",
  "photo_already_used",
  "photo_listed_twice",
  "too_few_photos",
  "too_many_photos",
] as const;

const open = declareRoute({
  method: "post",
  path: "/{id}/claims",
  summary: "The customer opens the order's one claim under the money-back guarantee (within the claim window)",
  description:
    "reason: not_as_designed, poor_quality, wrong_material_or_colour, damaged or not_arrived; remedy: refund or reprint; photos (uploaded with purpose claim) are needed unless the part never arrived. The owner's earnings for the order are frozen at once.",
  tags: ["Guarantee"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(openClaimInput) },
  middleware: [readJson],
  responses: { 201: json(claimSchema, "The claim") },
  errors: [
    "order_not_found",
    "customer_only",
    "claim_exists",
    "claim_too_early",
    "claim_window_closed",
    "order_changed",
    ...CLAIM_PHOTO_ERRORS,
  ],
});

export const guaranteeRoutes = routeGroup()
  .openapi(received, async (c) => {
    const { id } = c.req.valid("param");
    const user = requireUser(c);
    await confirmReceived(orderDeps(c.var.deps), user.id, id);
    return c.json(await readOrderFor(c.var.deps.store, user, id), 200);
  })
  .openapi(open, async (c) => {
    const claim = await openClaim(orderDeps(c.var.deps), requireUser(c).id, c.req.valid("param").id, c.req.valid("json"));
    return c.json(presentClaim(claim, "customer"), 201);
  });
