import { z } from "@hono/zod-openapi";
import {
  cancelOrder,
  loadOrderFor,
  orderDownload,
  orderSchema,
  presentOrder,
  respondInput,
  respondToOrder,
  updateOrderInput,
  updateOrderStatus,
} from "@printhood/core";
import type { Context } from "hono";
import { declareRoute, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import { type AppEnv, orderDeps } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";

/**
 * `/api/print-jobs/{id}`: one order for its customer or its printer's owner (anyone else a 404),
 * its status steps, cancel, the owner's respond and the design's download (spec 2 §7). `{id}` is
 * the order's id or its number (PH-10423).
 */
export const orderParam = z.object({
  id: z.string().min(1).max(64).meta({ description: "The order's id (a UUID) or its number (PH-10423)" }),
});

const STEP_ERRORS = [
  "order_not_found",
  "invalid_transition",
  "invalid_status_change",
  "not_allowed",
  "wrong_delivery_step",
  "order_changed",
] as const;

/** The order as the signed-in viewer sees it now (read again after a change, so the answer is what is stored). */
async function current(c: Context<AppEnv>, ref: string) {
  const { job, printer, viewer } = await loadOrderFor(c.var.deps.store, requireUser(c).id, ref);
  return presentOrder(c.var.deps.store, job, printer, viewer);
}

const read = declareRoute({
  method: "get",
  path: "/{id}",
  summary: "An order as its customer or its printer's owner sees it",
  description:
    "The owner sees the customer's name and email and the part's printed size; the customer sees the printer and its owner's names.",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam },
  responses: { 200: json(orderSchema, "The order") },
  errors: ["order_not_found"],
});

const update = declareRoute({
  method: "put",
  path: "/{id}",
  summary: "Move an order to a status: the one step of the lifecycle that reaches it (no skipped steps)",
  description:
    "The owner's next status (accepted, rejected, printing, completed, ready_for_pickup | ready_for_shipping, picked_up, shipped with carrier and trackingNumber); the customer's cancelled or picked_up.",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(updateOrderInput) },
  middleware: [readJson],
  responses: { 200: json(orderSchema, "The order after the step") },
  errors: [...STEP_ERRORS, "owner_only", "customer_only", "tracking_required", "capture_failed"],
});

const cancelledSchema = z.object({ message: z.string(), order: orderSchema }).meta({ id: "CancelledOrder" });

const cancel = declareRoute({
  method: "put",
  path: "/{id}/cancel",
  summary: "The customer cancels (until printing starts): the hold is released, or the payment refunded",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam },
  responses: { 200: json(cancelledSchema, "The order, cancelled") },
  errors: [...STEP_ERRORS, "customer_only"],
});

const respond = declareRoute({
  method: "post",
  path: "/{id}/respond",
  summary: "The printer's owner accepts (the payment is captured) or rejects (the hold is released) a request",
  description: "The optional message joins the order's thread.",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(respondInput) },
  middleware: [readJson],
  responses: {
    200: json(z.object({ message: z.string(), order: orderSchema }).meta({ id: "OrderResponse" }), "What happened, and the order"),
  },
  errors: [...STEP_ERRORS, "owner_only", "capture_failed"],
});

const download = declareRoute({
  method: "get",
  path: "/{id}/download",
  summary: "A 5-minute link to the order's design file (the printer's owner only)",
  description: "The presigned GET names exactly the analysed object and saves under the order's file name; fetch it and save the blob.",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam },
  responses: {
    200: json(
      z.object({ url: z.string(), fileName: z.string(), fileSize: z.number(), expiresAt: z.string() }).meta({ id: "OrderFile" }),
      "The link",
    ),
  },
  errors: ["order_not_found", "owner_only", "file_missing"],
});

export const printJobRoutes = routeGroup()
  .openapi(read, async (c) => c.json(await current(c, c.req.valid("param").id), 200))
  .openapi(update, async (c) => {
    const { id } = c.req.valid("param");
    await updateOrderStatus(orderDeps(c.var.deps), requireUser(c).id, id, c.req.valid("json"));
    return c.json(await current(c, id), 200);
  })
  .openapi(cancel, async (c) => {
    const { id } = c.req.valid("param");
    await cancelOrder(orderDeps(c.var.deps), requireUser(c).id, id);
    return c.json({ message: "Your order has been cancelled successfully", order: await current(c, id) }, 200);
  })
  .openapi(respond, async (c) => {
    const { id } = c.req.valid("param");
    const { message } = await respondToOrder(orderDeps(c.var.deps), requireUser(c).id, id, c.req.valid("json"));
    return c.json({ message, order: await current(c, id) }, 200);
  })
  .openapi(download, async (c) =>
    c.json(await orderDownload(c.var.deps.store, c.var.deps.files, requireUser(c).id, c.req.valid("param").id), 200),
  );
