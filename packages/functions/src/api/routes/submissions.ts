import { z } from "@hono/zod-openapi";
import {
  formatOrderNumber,
  jobPricingSchema,
  jobSchema,
  presentJob,
  presentWithPrinter,
  publishSubmitted,
  saveDraft,
  saveDraftInput,
  savedDraftSchema,
  submitOrder,
  submitOrderInput,
} from "@printhood/core";
import type { Context } from "hono";
import { declareRoute, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import type { AppEnv } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";
import { draftBody, readDraftBody } from "./draft-body.ts";

/**
 * `/api/save-draft`, `/api/upload-design`, `/api/submit-order`: the spec's one-segment calls
 * that turn an upload into a saved print and a saved print into an order.
 */

const DRAFT_ERRORS = [
  "upload_not_found",
  "printer_not_found",
  "analysis_pending",
  "bad_form",
  "file_not_accepted",
  "saved_prints_limit",
] as const;

const saveDraftRoute = declareRoute({
  method: "post",
  path: "/save-draft",
  summary: "Save a draft from one's upload, priced by the server's analysis",
  description: "Takes the upload's id instead of a file, as JSON or as the spec's multipart form; the browser's figures are ignored.",
  tags: ["Drafts"],
  access: "signed-in",
  request: { body: draftBody(saveDraftInput) },
  middleware: [readDraftBody],
  responses: { 201: json(savedDraftSchema, "The new draft") },
  errors: DRAFT_ERRORS,
});

// The spec's upload-design path: the same draft, saved before the customer is sent to the
// compatible-printers finder (/printers?jobId=…), so the chosen printer can take it straight on.
const uploadDesignRoute = declareRoute({
  method: "post",
  path: "/upload-design",
  summary: "The same as save-draft, for the compatible-printers finder",
  tags: ["Drafts"],
  access: "signed-in",
  request: { body: draftBody(saveDraftInput) },
  middleware: [readDraftBody],
  responses: { 201: json(savedDraftSchema, "The new draft") },
  errors: DRAFT_ERRORS,
});

const orderSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string().nullable().meta({ description: "PH-10423: shown to people, accepted wherever the order id is" }),
    status: jobSchema.shape.status,
    expiresAt: z.string().nullable().meta({ description: "When the order expires if it is not paid" }),
    totalCost: z.string(),
    pricing: jobPricingSchema,
  })
  .meta({ id: "SubmittedOrder" });

const submitOrderRoute = declareRoute({
  method: "post",
  path: "/submit-order",
  summary: "Submit one's draft to a printer as an order (draft → submitted), priced by the server",
  description:
    "Send `expectedTotal`, the total the customer was shown: when the server's total differs (the owner changed the price) the answer is 409 `price_changed`, naming the new total.",
  tags: ["Orders"],
  access: "signed-in",
  request: { body: jsonBody(submitOrderInput) },
  middleware: [readJson],
  responses: { 201: json(orderSchema, "The order, awaiting payment") },
  errors: [
    "draft_not_found",
    "already_submitted",
    "upload_not_found",
    "design_not_analysed",
    "design_has_no_volume",
    "analysis_pending",
    "printer_not_found",
    "printer_offline",
    "too_big_for_printer",
    "material_not_offered",
    "color_out_of_stock",
    "part_too_big_for_printer",
    "part_material_not_offered",
    "part_color_out_of_stock",
    "price_changed",
    "unpaid_orders_limit",
    "printer_order_limit",
  ],
});

async function saveDraftHandler(c: Context<AppEnv>, input: Parameters<typeof saveDraft>[2]) {
  const job = await saveDraft(c.var.deps.store, requireUser(c).id, input);
  return c.json({ jobId: job.jobId, draft: await presentWithPrinter(c.var.deps.store, job) }, 201);
}

export const submissionRoutes = routeGroup()
  .openapi(saveDraftRoute, (c) => saveDraftHandler(c, c.req.valid("json")))
  .openapi(uploadDesignRoute, (c) => saveDraftHandler(c, c.req.valid("json")))
  .openapi(submitOrderRoute, async (c) => {
    const user = requireUser(c);
    const { deps } = c.var;
    const { job, printer } = await submitOrder(deps.store, user.id, c.req.valid("json"), {
      unpaidHours: deps.expiry.unpaidHours,
      clock: deps.clock,
    });
    // This instance's stats (orders this month) show the new order at once; others within the cache's seconds.
    c.var.publicCache.clear();
    await publishSubmitted(deps.events, job, printer, user.id);
    const { totalCost, pricing } = presentJob(job);
    return c.json(
      {
        orderId: job.jobId,
        orderNumber: formatOrderNumber(job.orderNumber),
        status: job.status,
        totalCost,
        pricing,
        expiresAt: job.dueAt ?? null,
      },
      201,
    );
  });
