import { presentQualityTest, qualityTestSchema } from "@printhood/core";
import { declareRoute, json, routeGroup } from "../contract.ts";

/**
 * `/api/quality-test` (issue 21 point 1): the test piece every new printer prints before it is
 * listed, what to measure and how it is judged. A printer's own attempts live under
 * `/api/printers/{id}/verification` (routes/printers.ts); staff's decisions under `/api/staff/`.
 */

const read = declareRoute({
  method: "get",
  path: "/quality-test",
  summary: "The quality test piece: its download, the dimensions to measure and the tolerance",
  tags: ["Quality test"],
  access: "public",
  responses: { 200: json(qualityTestSchema, "The test piece") },
});

export const qualityTestRoutes = routeGroup().openapi(read, (c) => c.json(presentQualityTest(), 200));
