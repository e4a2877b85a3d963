import { z } from "@hono/zod-openapi";
import {
  resolvePrinterId,
  setPrinterSuspension,
  setUserSuspension,
  staffPrinterSchema,
  staffUserSchema,
  suspensionInput,
} from "@printhood/core";
import { declareRoute, idParam, json, jsonBody, readJson, routeGroup } from "../../contract.ts";
import { orderDeps } from "../../deps.ts";
import { requireStaff } from "../../middleware/staff.ts";

/**
 * Suspending and lifting the suspension of an account or a printer (issue 21 point 5; core/staff/suspend.ts).
 * `{suspended: true, reason}` suspends: the account cannot sign in and its sessions end; its
 * printers (or the printer) leave the public lists and submit-order; its open orders are cancelled
 * with the money given back and both sides told (`orders` says what happened to each).
 * `{suspended: false, reason}` lifts it (cancelled orders stay cancelled).
 */
const orderOutcome = z
  .object({
    jobId: z.string(),
    orderNumber: z.string().nullable(),
    outcome: z.enum(["cancelled", "kept"]),
    status: z.string(),
  })
  .meta({ id: "SuspensionOrderOutcome" });

const userSuspension = declareRoute({
  method: "post",
  path: "/users/{id}/suspension",
  summary: "Suspend an account, or lift its suspension (staff only)",
  description:
    "Suspended: it cannot sign in and its sessions end at once; as an owner its printers leave the lists, the finder, choose-printer and submit-order, and its orders until printing are cancelled with the money given back; as a customer its orders not yet printing are cancelled. Both sides of each order are told. One audit line for the suspension, one per cancelled order.",
  tags: ["Staff"],
  access: "staff",
  request: { params: idParam, body: jsonBody(suspensionInput) },
  middleware: [readJson],
  responses: {
    200: json(z.object({ user: staffUserSchema, orders: z.array(orderOutcome) }).meta({ id: "UserSuspension" }), "The account now"),
  },
  errors: ["user_not_found", "cannot_suspend_self", "already_suspended", "not_suspended", "suspension_changed"],
});

const printerSuspension = declareRoute({
  method: "post",
  path: "/printers/{id}/suspension",
  summary: "Suspend a printer, or lift its suspension (staff only)",
  description:
    "Suspended: the printer leaves the public lists, the finder, choose-printer and submit-order (its owner still sees it), and its orders until printing are cancelled with the money given back, both sides told. `{id}` is the printer's id or number.",
  tags: ["Staff"],
  access: "staff",
  request: { params: idParam, body: jsonBody(suspensionInput) },
  middleware: [readJson],
  responses: {
    200: json(
      z.object({ printer: staffPrinterSchema, orders: z.array(orderOutcome) }).meta({ id: "PrinterSuspension" }),
      "The printer now",
    ),
  },
  errors: ["printer_not_found", "already_suspended", "not_suspended"],
});

export const staffSuspensionRoutes = routeGroup()
  .openapi(userSuspension, async (c) => {
    const result = await setUserSuspension(orderDeps(c.var.deps), requireStaff(c), c.req.valid("param").id, c.req.valid("json"));
    return c.json(result, 200);
  })
  .openapi(printerSuspension, async (c) => {
    const { store } = c.var.deps;
    const printerId = (await resolvePrinterId(store, c.req.valid("param").id)) ?? c.req.valid("param").id;
    const result = await setPrinterSuspension(orderDeps(c.var.deps), requireStaff(c), printerId, c.req.valid("json"));
    return c.json(result, 200);
  });
