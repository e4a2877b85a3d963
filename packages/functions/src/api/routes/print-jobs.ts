import { z } from "@hono/zod-openapi";
import {
  cancelOrder,
  contactPrinterInput,
  createReview,
  createReviewInput,
  getOrderReview,
  listOrPage,
  messageSchema,
  openThread,
  orderDownload,
  orderSchema,
  orderZip,
  pageAskIfAny,
  pageQuery,
  postMessageInput,
  postOrderMessage,
  presentWithPrinter,
  readOrderFor,
  reorder,
  reorderInput,
  respondInput,
  respondToOrder,
  reviewSchema,
  savedDraftSchema,
  THREAD_LIMIT,
  updateOrderInput,
  updateOrderStatus,
} from "@printhood/core";
import type { Context } from "hono";
import { knownVersion, notModified, pollHeaders, pollHeadersOut } from "../conditional.ts";
import { declareRoute, json, jsonBody, listJson, readJson, routeGroup } from "../contract.ts";
import { type AppEnv, orderDeps } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";

/**
 * `/api/print-jobs/{id}`: one order for its customer or its printer's owner (anyone else a 404),
 * its status steps, cancel, the owner's respond and the design's download (spec 2 §7), its messages
 * (also reached at /api/jobs/{id}) and its review. `{id}` is
 * the order's id or its number (PH-10423).
 */
export const orderParam = z.object({
  id: z.string().min(1).max(64).meta({ description: "The order's id (a UUID) or its number (PH-10423)" }),
});

const STEP_ERRORS = [
  "order_not_found",
  "invalid_transition",
  "invalid_status_change",
  "not_allowed",
  "wrong_delivery_step",
  "order_changed",
] as const;

/** The order as the signed-in viewer sees it now (read again after a change, so the answer is what is stored). */
async function current(c: Context<AppEnv>, ref: string) {
  return readOrderFor(c.var.deps.store, requireUser(c), ref);
}

const read = declareRoute({
  method: "get",
  path: "/{id}",
  summary: "An order as its customer or its printer's owner sees it",
  description:
    "The owner sees the customer's name and email and the part's printed size; the customer sees the printer and its owner's names.",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam },
  responses: { 200: json(orderSchema, "The order") },
  errors: ["order_not_found"],
});

const update = declareRoute({
  method: "put",
  path: "/{id}",
  summary: "Move an order to a status: the one step of the lifecycle that reaches it (no skipped steps)",
  description:
    "The owner's next status (accepted, rejected, printing, completed, ready_for_pickup | ready_for_shipping, picked_up, shipped with carrier and trackingNumber); the customer's cancelled or picked_up.",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(updateOrderInput) },
  middleware: [readJson],
  responses: { 200: json(orderSchema, "The order after the step") },
  errors: [
    ...STEP_ERRORS,
    "owner_only",
    "customer_only",
    "tracking_required",
    "capture_failed",
    "price_proposal_pending",
    "completion_photos_required",
    "photo_not_found",
    "photo_not_ready",
    "photo_failed",
    "photo_wrong_purpose",
    "photo_already_used",
    "photo_listed_twice",
    "too_many_photos",
  ],
});

const cancelledSchema = z.object({ message: z.string(), order: orderSchema }).meta({ id: "CancelledOrder" });

const cancel = declareRoute({
  method: "put",
  path: "/{id}/cancel",
  summary: "The customer cancels (until printing starts): the hold is released, or the payment refunded",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam },
  responses: { 200: json(cancelledSchema, "The order, cancelled") },
  errors: [...STEP_ERRORS, "customer_only"],
});

const respond = declareRoute({
  method: "post",
  path: "/{id}/respond",
  summary: "The printer's owner accepts (the payment is captured) or rejects (the hold is released) a request",
  description: "The optional message joins the order's thread.",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(respondInput) },
  middleware: [readJson],
  responses: {
    200: json(z.object({ message: z.string(), order: orderSchema }).meta({ id: "OrderResponse" }), "What happened, and the order"),
  },
  errors: [...STEP_ERRORS, "owner_only", "capture_failed", "price_proposal_pending"],
});

const downloadQuery = z.object({
  part: z
    .string()
    .regex(/^(all|[1-9]\d{0,2})$/, "part must be a part's number (1 for the first) or all.")
    .optional()
    .meta({ description: "Which part: its number from 1 (the first when absent), or `all` for every part in one zip" }),
});

const download = declareRoute({
  method: "get",
  path: "/{id}/download",
  summary: "A 5-minute link to one of the order's design files, or to all of them in a zip (the printer's owner only, once it is paid)",
  description:
    "The presigned GET names exactly the analysed object and saves under the part's file name; fetch it and save the blob. `?part=N` is part N (from 1; the first without it); `?part=all` is a zip of every part with a list of the parts (copies, material, colour, settings, printed size). Only while the order is the owner's to print: from paid (`confirmed`) to its end, never while unpaid, cancelled or rejected (409 `design_not_downloadable`).",
  tags: ["Orders"],
  access: "signed-in",
  request: { params: orderParam, query: downloadQuery },
  responses: {
    200: json(
      z.object({ url: z.string(), fileName: z.string(), fileSize: z.number(), expiresAt: z.string() }).meta({ id: "OrderFile" }),
      "The link",
    ),
  },
  errors: ["order_not_found", "owner_only", "design_not_downloadable", "file_missing", "part_not_found"],
});

const reorderRoute = declareRoute({
  method: "post",
  path: "/{id}/reorder",
  summary: "Order a finished order again: a new saved print with the same parts, files and quantities, at today's prices",
  description:
    "Only the order's customer, once it is picked up, shipped, cancelled or declined. For the order's printer, or `printerId` for another (null for none yet); the server prices every part from its own analyses on that printer.",
  tags: ["Drafts"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(reorderInput) },
  middleware: [readJson],
  responses: { 201: json(savedDraftSchema, "The new saved print") },
  errors: ["order_not_found", "not_reorderable", "printer_not_found", "upload_not_found", "analysis_pending", "saved_prints_limit"],
});

/** The message calls' shared parts (also used by routes/jobs.ts). */
export const MESSAGE_ERRORS = ["order_not_found", "order_not_submitted"] as const;
export const messagesDescription =
  "The order's thread, oldest first, for its customer or its printer's owner; reading it marks it read for the reader. " +
  "Answers 304 to an unchanged If-None-Match (poll it every few seconds).";

const readMessages = declareRoute({
  method: "get",
  path: "/{id}/messages",
  summary: "An order's messages (order details)",
  description: messagesDescription,
  tags: ["Messages"],
  access: "signed-in",
  request: { params: orderParam, headers: pollHeaders, query: pageQuery },
  responses: {
    200: listJson(
      messageSchema,
      "MessagePage",
      "The messages, oldest first (a page: the newest before `cursor`, older ones by its nextCursor)",
    ),
    304: notModified,
  },
  errors: [...MESSAGE_ERRORS, "bad_cursor", "stale_cursor"],
});

const sendMessage = declareRoute({
  method: "post",
  path: "/{id}/messages",
  summary: "Send a message on an order (order details)",
  tags: ["Messages"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(postMessageInput) },
  middleware: [readJson],
  responses: { 201: json(messageSchema, "The message as stored") },
  errors: [...MESSAGE_ERRORS, "message_blank", "message_too_long", "message_not_sent", "message_limit"],
});

const contactPrinter = declareRoute({
  method: "post",
  path: "/message",
  summary: "Send a message on an order, named in the body (Contact Printer on the orders list)",
  tags: ["Messages"],
  access: "signed-in",
  request: { body: jsonBody(contactPrinterInput) },
  middleware: [readJson],
  responses: { 201: json(messageSchema, "The message as stored") },
  errors: [...MESSAGE_ERRORS, "message_blank", "message_too_long", "message_not_sent", "message_limit"],
});

const review = declareRoute({
  method: "post",
  path: "/{id}/review",
  summary: "The customer rates the printer, once per order, after pickup or shipping",
  description: "1 to 5 whole stars and an optional comment; the printer's rating and review count change in the same transaction.",
  tags: ["Reviews"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(createReviewInput) },
  middleware: [readJson],
  responses: { 201: json(reviewSchema, "The review") },
  errors: ["order_not_found", "not_reviewable_yet", "only_customer_reviews", "already_reviewed", "printer_gone"],
});

const readReview = declareRoute({
  method: "get",
  path: "/{id}/review",
  summary: "An order's review, for its customer or its printer's owner (null when none yet)",
  tags: ["Reviews"],
  access: "signed-in",
  request: { params: orderParam },
  responses: { 200: json(z.object({ review: reviewSchema.nullable() }), "The review or null") },
  errors: ["order_not_found"],
});

/**
 * Post a message on an order (its id or number) and publish `message.sent` after the write
 * (architecture rule 6), through core's one path for it (the respond call's message takes it too).
 */
export const sendAndPublish = (c: Context<AppEnv>, ref: string, text: string) =>
  postOrderMessage(c.var.deps.store, c.var.deps.events, ref, requireUser(c).id, text);

export const printJobRoutes = routeGroup()
  .openapi(read, async (c) => {
    const ref = c.req.valid("param").id;
    // The order read beside the session when the path named its id (middleware/session.ts).
    const pre = c.var.prefetched.order;
    return c.json(await readOrderFor(c.var.deps.store, requireUser(c), ref, pre?.ref === ref ? pre : undefined), 200);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid("param");
    await updateOrderStatus(orderDeps(c.var.deps), requireUser(c).id, id, c.req.valid("json"));
    return c.json(await current(c, id), 200);
  })
  .openapi(cancel, async (c) => {
    const { id } = c.req.valid("param");
    await cancelOrder(orderDeps(c.var.deps), requireUser(c).id, id);
    return c.json({ message: "Your order has been cancelled successfully", order: await current(c, id) }, 200);
  })
  .openapi(respond, async (c) => {
    const { id } = c.req.valid("param");
    const { message } = await respondToOrder(orderDeps(c.var.deps), requireUser(c).id, id, c.req.valid("json"));
    return c.json({ message, order: await current(c, id) }, 200);
  })
  .openapi(download, async (c) => {
    const { store, files } = c.var.deps;
    const [id, part] = [c.req.valid("param").id, c.req.valid("query").part];
    const userId = requireUser(c).id;
    return c.json(
      part === "all" ? await orderZip(store, files, userId, id) : await orderDownload(store, files, userId, id, Number(part ?? 1)),
      200,
    );
  })
  .openapi(reorderRoute, async (c) => {
    const store = c.var.deps.store;
    const job = await reorder(store, requireUser(c).id, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ jobId: job.jobId, draft: await presentWithPrinter(store, job) }, 201);
  })
  .openapi(readMessages, async (c) => {
    const q = c.req.valid("query");
    const ask = pageAskIfAny(c.var.cursorKey, q, THREAD_LIMIT);
    const result = await openThread(c.var.deps.store, requireUser(c).id, c.req.valid("param").id, knownVersion(c), ask);
    pollHeadersOut(c, result.version);
    if (result.notModified) return c.body(null, 304);
    return c.json(listOrPage(q, { items: result.messages, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) }), 200);
  })
  .openapi(sendMessage, async (c) => c.json(await sendAndPublish(c, c.req.valid("param").id, c.req.valid("json").message), 201))
  .openapi(contactPrinter, async (c) => {
    const { jobId, message } = c.req.valid("json");
    return c.json(await sendAndPublish(c, jobId, message), 201);
  })
  .openapi(review, async (c) =>
    c.json(await createReview(c.var.deps, requireUser(c).id, c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .openapi(readReview, async (c) =>
    c.json({ review: await getOrderReview(c.var.deps.store, requireUser(c).id, c.req.valid("param").id) }, 200),
  );
