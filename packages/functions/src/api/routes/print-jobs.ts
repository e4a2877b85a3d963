import { getPrintJob, jobSchema, presentWithPrinter } from "@printhood/core";
import { declareRoute, idParam, json, routeGroup } from "../contract.ts";
import { requireUser } from "../middleware/session.ts";

/** `/api/print-jobs/{id}`: a job for its customer, or its printer's owner once submitted; anyone else a 404. */

const read = declareRoute({
  method: "get",
  path: "/{id}",
  summary: "A job (order) as its customer or its printer's owner sees it",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: idParam },
  responses: { 200: json(jobSchema, "The job") },
  errors: ["order_not_found"],
});

export const printJobRoutes = routeGroup().openapi(read, async (c) => {
  const { job, printer } = await getPrintJob(c.var.deps.store, requireUser(c).id, c.req.valid("param").id);
  return c.json(await presentWithPrinter(c.var.deps.store, job, printer), 200);
});
