import {
  closeReport,
  listOpenReports,
  reportQueueQuery,
  reportQueueSchema,
  reportResolutionInput,
  staffReportSchema,
} from "@printhood/core";
import { declareRoute, idParam, json, jsonBody, readJson, routeGroup } from "../../contract.ts";
import { requireStaff } from "../../middleware/staff.ts";

/** The staff queue of reported messages and accounts (issue 21 point 6; core/reports/queue.ts). */
const queue = declareRoute({
  method: "get",
  path: "/reports",
  summary: "Reported messages and accounts waiting for staff, oldest first (staff only)",
  description: "Each with its order, both people (the reported account's suspension), the message and the thread's last messages.",
  tags: ["Staff"],
  access: "staff",
  request: { query: reportQueueQuery },
  responses: { 200: json(reportQueueSchema, "A page of the open reports") },
  errors: ["bad_cursor"],
});

const resolve = declareRoute({
  method: "post",
  path: "/reports/{id}/resolution",
  summary: "Close a report: resolved or dismissed, with a note (staff only)",
  tags: ["Staff"],
  access: "staff",
  request: { params: idParam, body: jsonBody(reportResolutionInput) },
  middleware: [readJson],
  responses: { 200: json(staffReportSchema, "The report, closed") },
  errors: ["report_not_found", "report_closed"],
});

export const staffReportRoutes = routeGroup()
  .openapi(queue, async (c) => c.json(await listOpenReports(c.var.deps.store, c.var.cursorKey, c.req.valid("query")), 200))
  .openapi(resolve, async (c) => {
    const report = await closeReport(c.var.deps.store, requireStaff(c), c.req.valid("param").id, c.req.valid("json"), c.var.deps.clock);
    return c.json(report, 200);
  });
