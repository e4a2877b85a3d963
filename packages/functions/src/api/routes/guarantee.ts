import { confirmReceived, orderSchema, readOrderFor } from "@printhood/core";
import { declareRoute, json, routeGroup } from "../contract.ts";
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

export const guaranteeRoutes = routeGroup().openapi(received, async (c) => {
  const { id } = c.req.valid("param");
  const user = requireUser(c);
  await confirmReceived(orderDeps(c.var.deps), user.id, id);
  return c.json(await readOrderFor(c.var.deps.store, user, id), 200);
});
