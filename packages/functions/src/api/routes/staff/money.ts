import { z } from "@hono/zod-openapi";
import {
  closeMoneyInput,
  closeOwedMoney,
  owedMoneyForStaff,
  owedMoneySchema,
  PAYMENT_STATUSES,
  retryOwedMoney,
  staffRefundInput,
  staffRefundOrder,
} from "@printhood/core";
import { declareRoute, idParam, json, jsonBody, readJson, routeGroup } from "../../contract.ts";
import { orderDeps } from "../../deps.ts";
import { requireStaff } from "../../middleware/staff.ts";

/**
 * `/api/staff/orders/{id}/refund` and `/api/staff/money…` (issue 21 §5, issue 24 §5, issue 26 §1):
 * a refund by hand, and the money the product still owes after an hour or that Stripe refused.
 */

const refund = declareRoute({
  method: "post",
  path: "/orders/{id}/refund",
  summary: "Refund part or all of an order's captured payment by hand, with a reason (staff only)",
  description:
    "amount in dollars, as totalCost is. Stripe Refunds with an idempotency key, retried until Stripe confirms; the owner's earnings for the order are reduced by as much (at most their earning) and the audit log records it, in one transaction.",
  tags: ["Staff", "Payments"],
  access: "staff",
  request: { params: idParam, body: jsonBody(staffRefundInput) },
  middleware: [readJson],
  responses: {
    200: json(
      z
        .object({
          orderId: z.string(),
          amountCents: z.number().int(),
          earningReversedCents: z.number().int(),
          paymentStatus: z.enum(PAYMENT_STATUSES).meta({ description: "refund_pending: Refund on its way" }),
          refundedCents: z.number().int(),
        })
        .meta({ id: "StaffRefund" }),
      "The refund as owed (and moved, when Stripe answered at once)",
    ),
  },
  errors: ["order_not_found", "nothing_paid", "refund_too_large", "order_changed"],
});

const owed = declareRoute({
  method: "get",
  path: "/money",
  summary: "Money still owed an hour after it was recorded, or refused by Stripe, oldest first (staff only)",
  tags: ["Staff", "Payments"],
  access: "staff",
  responses: { 200: json(z.array(owedMoneySchema), "What is owed") },
});

const retry = declareRoute({
  method: "post",
  path: "/money/{id}/retry",
  summary: "Try an owed money move again now (a refused one is owed again first), with a reason (staff only)",
  tags: ["Staff", "Payments"],
  access: "staff",
  request: {
    params: idParam,
    body: jsonBody(z.strictObject({ reason: z.string().trim().min(1).max(2000) }).meta({ id: "RetryMoneyInput" })),
  },
  middleware: [readJson],
  responses: { 200: json(z.object({ result: z.enum(["done", "failed", "retry", "busy", "none"]) }), "What happened") },
  errors: ["money_task_not_found"],
});

const close = declareRoute({
  method: "post",
  path: "/money/{id}/close",
  summary: "Close money Stripe refused for good without moving it, with a reason the customer reads (staff only)",
  description:
    "For a refund or release that can never land (the charge was lost to a dispute; the customer was paid another way). A refund stops counting as owed on its order and the customer is told, with the reason; the owner's earning it took back stays taken back. Only a refused task closes; a refused capture does not (cancel the order instead).",
  tags: ["Staff", "Payments"],
  access: "staff",
  request: {
    params: idParam,
    body: jsonBody(closeMoneyInput),
  },
  middleware: [readJson],
  responses: { 200: json(z.object({ closed: z.literal(true) }), "Closed") },
  errors: ["money_task_not_found", "money_task_not_refused", "capture_cannot_close", "order_changed"],
});

export const staffMoneyRoutes = routeGroup()
  .openapi(refund, async (c) =>
    c.json(await staffRefundOrder(orderDeps(c.var.deps), requireStaff(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(owed, async (c) => c.json(await owedMoneyForStaff(c.var.deps.store, c.var.deps.clock()), 200))
  .openapi(retry, async (c) =>
    c.json(
      { result: await retryOwedMoney(orderDeps(c.var.deps), requireStaff(c), c.req.valid("param").id, c.req.valid("json").reason) },
      200,
    ),
  )
  .openapi(close, async (c) =>
    c.json(await closeOwedMoney(c.var.deps, requireStaff(c), c.req.valid("param").id, c.req.valid("json").reason), 200),
  );
