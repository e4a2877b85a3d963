import { z } from "@hono/zod-openapi";
import { cancelOrder, chooseShipping, chooseShippingInput, loadOrderFor, orderSchema, presentOrder } from "@printhood/core";
import { declareRoute, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import { orderDeps } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";
import { orderParam } from "./print-jobs.ts";

/** `/api/orders/{id}/…`: the spec's other cancel call, and the shipping option chosen at checkout. */

const cancel = declareRoute({
  method: "post",
  path: "/{id}/cancel",
  summary: "The customer cancels (the same as PUT /api/print-jobs/{id}/cancel)",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam },
  responses: { 200: json(z.object({ message: z.string(), order: orderSchema }), "The order, cancelled") },
  errors: ["order_not_found", "invalid_transition", "not_allowed", "order_changed", "customer_only"],
});

const shipping = declareRoute({
  method: "put",
  path: "/{id}/shipping",
  summary: "Choose the shipping option of an unpaid shipping order (re-quoted by the server, added to its total)",
  tags: ["Checkout"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(chooseShippingInput) },
  middleware: [readJson],
  responses: { 200: json(orderSchema, "The order with its shipping and new total") },
  errors: [
    "order_not_found",
    "customer_only",
    "not_a_shipping_order",
    "shipping_locked",
    "unknown_shipping_option",
    "unknown_zip",
    "printer_has_no_place",
    "printer_not_found",
  ],
});

export const orderRoutes = routeGroup()
  .openapi(cancel, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid("param");
    await cancelOrder(orderDeps(c.var.deps), user.id, id);
    const { job, printer, viewer } = await loadOrderFor(c.var.deps.store, user.id, id);
    return c.json(
      { message: "Your order has been cancelled successfully", order: await presentOrder(c.var.deps.store, job, printer, viewer) },
      200,
    );
  })
  .openapi(shipping, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid("param");
    await chooseShipping(orderDeps(c.var.deps), user.id, id, c.req.valid("json"));
    const { job, printer, viewer } = await loadOrderFor(c.var.deps.store, user.id, id);
    return c.json(await presentOrder(c.var.deps.store, job, printer, viewer), 200);
  });
