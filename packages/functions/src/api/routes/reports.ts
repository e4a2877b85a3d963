import { fileReport, reportInput, reportReceiptSchema } from "@printhood/core";
import { declareRoute, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import { requireUser } from "../middleware/session.ts";

/** `POST /api/reports`: a customer or owner reports a message or the other account of their order (issue 21 point 6). */
const report = declareRoute({
  method: "post",
  path: "/",
  summary: "Report a message or the other account of one's order",
  description:
    "`{orderId, kind: \"message\" | \"account\", messageId?, reason, details?}`: `orderId` is the order's id or number; a message report names the message; `reason` is one of harassment, spam, scam, inappropriate, other (which needs `details`). Only the order's customer and its printer's owner may report (anyone else: the order's 404). Once per message, or per account and order. The report goes to the staff queue; the other person is not told.",
  tags: ["Reports"],
  access: "signed-in",
  request: { body: jsonBody(reportInput) },
  middleware: [readJson],
  responses: { 201: json(reportReceiptSchema, "Received") },
  errors: ["order_not_found", "order_not_submitted", "message_not_found", "cannot_report_self", "already_reported", "report_limit"],
});

export const reportRoutes = routeGroup().openapi(report, async (c) =>
  c.json(await fileReport(c.var.deps.store, requireUser(c).id, c.req.valid("json"), c.var.deps.clock), 201),
);
