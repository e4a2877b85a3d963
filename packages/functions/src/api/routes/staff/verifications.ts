import { z } from "@hono/zod-openapi";
import {
  decideVerification,
  pendingVerifications,
  presentQueuedVerification,
  presentVerification,
  queuedVerificationSchema,
  verificationDecisionInput,
  verificationSchema,
} from "@printhood/core";
import { declareRoute, idParam, json, jsonBody, readJson, routeGroup } from "../../contract.ts";
import { requireStaff } from "../../middleware/staff.ts";

/** `/api/staff/verifications…` (issue 21 point 1): the quality tests waiting for review, and staff's decision on each. */

const queue = declareRoute({
  method: "get",
  path: "/verifications",
  summary: "Quality tests waiting for review, oldest first, dimension by dimension with their photos (staff only)",
  tags: ["Staff", "Quality test"],
  access: "staff",
  responses: { 200: json(z.array(queuedVerificationSchema), "The queue") },
});

const decide = declareRoute({
  method: "post",
  path: "/verifications/{id}",
  summary: "Approve a quality test (the printer is listed) or ask for a new attempt with a note (staff only)",
  description:
    "Both e-mail the owner; a new attempt must say what to change. The decision and its reason go to the audit log in the same transaction.",
  tags: ["Staff", "Quality test"],
  access: "staff",
  request: { params: idParam, body: jsonBody(verificationDecisionInput) },
  middleware: [readJson],
  responses: { 200: json(verificationSchema, "The attempt as decided") },
  errors: ["verification_not_found", "verification_decided", "retry_note_required", "printer_not_found"],
});

export const staffVerificationRoutes = routeGroup()
  .openapi(queue, async (c) => {
    const pending = await pendingVerifications(c.var.deps.store);
    return c.json(await Promise.all(pending.map((q) => presentQueuedVerification(q, c.var.deps.files))), 200);
  })
  .openapi(decide, async (c) => {
    const { store, events, clock } = c.var.deps;
    const decided = await decideVerification({ store, events, clock }, requireStaff(c), c.req.valid("param").id, c.req.valid("json"));
    // An approved printer joins the public list: this instance shows it at once, others within the cache's seconds.
    c.var.publicCache.clear();
    return c.json(presentVerification(decided), 200);
  });
