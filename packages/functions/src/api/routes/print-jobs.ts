import { z } from "@hono/zod-openapi";
import {
  contactPrinterInput,
  createReview,
  createReviewInput,
  getOrderReview,
  getPrintJob,
  jobSchema,
  messageSchema,
  openThread,
  postMessage,
  postMessageInput,
  presentWithPrinter,
  reviewSchema,
} from "@printhood/core";
import type { Context } from "hono";
import { knownVersion, notModified, pollHeaders, pollHeadersOut } from "../conditional.ts";
import { declareRoute, idParam, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import type { AppEnv } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";
import { publishAfterWrite } from "../publish.ts";

/**
 * `/api/print-jobs/…`: a job for its customer, or its printer's owner once submitted (anyone else a
 * 404); its messages (spec 2 §7) and its review. The same thread is also reached at /api/jobs/{id}.
 */

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
  request: { params: idParam, headers: pollHeaders },
  responses: { 200: json(z.array(messageSchema), "The messages, oldest first"), 304: notModified },
  errors: MESSAGE_ERRORS,
});

const sendMessage = declareRoute({
  method: "post",
  path: "/{id}/messages",
  summary: "Send a message on an order (order details)",
  tags: ["Messages"],
  access: "signed-in",
  request: { params: idParam, body: jsonBody(postMessageInput) },
  middleware: [readJson],
  responses: { 201: json(messageSchema, "The message as stored") },
  errors: [...MESSAGE_ERRORS, "message_blank", "message_too_long", "message_not_sent"],
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
  errors: [...MESSAGE_ERRORS, "message_blank", "message_too_long", "message_not_sent"],
});

const review = declareRoute({
  method: "post",
  path: "/{id}/review",
  summary: "The customer rates the printer, once per order, after pickup or shipping",
  description: "1 to 5 whole stars and an optional comment; the printer's rating and review count change in the same transaction.",
  tags: ["Reviews"],
  access: "signed-in",
  request: { params: idParam, body: jsonBody(createReviewInput) },
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
  request: { params: idParam },
  responses: { 200: json(z.object({ review: reviewSchema.nullable() }), "The review or null") },
  errors: ["order_not_found"],
});

/** Post a message and publish `message.sent` after the write (architecture rule 6); answers the message. */
export async function sendAndPublish(c: Context<AppEnv>, jobId: string, text: string) {
  const posted = await postMessage(c.var.deps.store, { jobId, senderId: requireUser(c).id, text });
  await publishAfterWrite(c, posted.event, { jobId, messageId: posted.message.id });
  return posted.message;
}

export const printJobRoutes = routeGroup()
  .openapi(read, async (c) => {
    const { job, printer } = await getPrintJob(c.var.deps.store, requireUser(c).id, c.req.valid("param").id);
    return c.json(await presentWithPrinter(c.var.deps.store, job, printer), 200);
  })
  .openapi(readMessages, async (c) => {
    const result = await openThread(c.var.deps.store, requireUser(c).id, c.req.valid("param").id, knownVersion(c));
    pollHeadersOut(c, result.version);
    if (result.notModified) return c.body(null, 304);
    return c.json(result.messages, 200);
  })
  .openapi(sendMessage, async (c) => c.json(await sendAndPublish(c, c.req.valid("param").id, c.req.valid("json").message), 201))
  .openapi(contactPrinter, async (c) => {
    const { jobId, message } = c.req.valid("json");
    return c.json(await sendAndPublish(c, jobId, message), 201);
  })
  .openapi(review, async (c) =>
    c.json(await createReview(c.var.deps.store, requireUser(c).id, c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .openapi(readReview, async (c) =>
    c.json({ review: await getOrderReview(c.var.deps.store, requireUser(c).id, c.req.valid("param").id) }, 200),
  );
