import { auditPageSchema, auditQuery, listAudit } from "@printhood/core";
import { declareRoute, json, routeGroup } from "../../contract.ts";

/** `GET /api/staff/audit`: the staff audit log, newest first, paged with a cursor. Read-only: no call changes a line. */
const readAudit = declareRoute({
  method: "get",
  path: "/audit",
  summary: "The staff audit log, newest first (staff only)",
  description:
    "One line per staff action: who, when, what, on what and why. `cursor` (from the previous page's `nextCursor`) reads older lines; `targetId` reads one account's, printer's, order's or report's history. No call updates or deletes a line.",
  tags: ["Staff"],
  access: "staff",
  request: { query: auditQuery },
  responses: { 200: json(auditPageSchema, "A page of the log") },
  errors: ["bad_cursor"],
});

export const staffAuditRoutes = routeGroup().openapi(readAudit, async (c) => {
  const q = c.req.valid("query");
  return c.json(await listAudit(c.var.deps.store, c.var.cursorKey, q), 200);
});
