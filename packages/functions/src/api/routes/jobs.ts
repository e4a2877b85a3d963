import { z } from "@hono/zod-openapi";
import { messageSchema, openThread, postMessageInput } from "@printhood/core";
import { knownVersion, notModified, pollHeaders, pollHeadersOut } from "../conditional.ts";
import { declareRoute, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import { requireUser } from "../middleware/session.ts";
import { MESSAGE_ERRORS, messagesDescription, orderParam, sendAndPublish } from "./print-jobs.ts";

/** `/api/jobs/{id}/…`: the spec's other spelling of an order's thread (dialogs and /messages, spec 2 §7). */

const readMessages = declareRoute({
  method: "get",
  path: "/{id}/messages",
  summary: "A job's messages (dialogs and the messages screen), fetched while open",
  description: messagesDescription,
  tags: ["Messages"],
  access: "signed-in",
  request: { params: orderParam, headers: pollHeaders },
  responses: { 200: json(z.array(messageSchema), "The messages, oldest first"), 304: notModified },
  errors: MESSAGE_ERRORS,
});

const contact = declareRoute({
  method: "post",
  path: "/{id}/contact",
  summary: "Send a message on a job (Contact Printer dialogs, the messages screen)",
  tags: ["Messages"],
  access: "signed-in",
  request: { params: orderParam, body: jsonBody(postMessageInput) },
  middleware: [readJson],
  responses: { 201: json(messageSchema, "The message as stored") },
  errors: [...MESSAGE_ERRORS, "message_blank", "message_too_long", "message_not_sent", "message_limit"],
});

export const jobRoutes = routeGroup()
  .openapi(readMessages, async (c) => {
    const result = await openThread(c.var.deps.store, requireUser(c).id, c.req.valid("param").id, knownVersion(c));
    pollHeadersOut(c, result.version);
    if (result.notModified) return c.body(null, 304);
    return c.json(result.messages, 200);
  })
  .openapi(contact, async (c) => c.json(await sendAndPublish(c, c.req.valid("param").id, c.req.valid("json").message), 201));
