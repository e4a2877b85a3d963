import { z } from "@hono/zod-openapi";
import { markNotificationRead } from "@printhood/core";
import { declareRoute, json, okSchema, routeGroup } from "../contract.ts";
import { requireUser } from "../middleware/session.ts";

/** `/api/notifications/{id}/read`: mark one of one's own notifications read (someone else's is a 404). */

const params = z.object({ id: z.string().meta({ description: "The notification's id" }) });

/** The same call by POST and by PATCH (either is natural for "mark read"). */
const markRead = <M extends "post" | "patch">(method: M) =>
  declareRoute({
    method,
    path: "/{id}/read",
    summary: "Mark one notification read (the bell, on opening it)",
    tags: ["Notifications"],
    access: "signed-in",
    request: { params },
    responses: { 200: json(okSchema, "Marked (marking twice is fine)") },
    errors: ["notification_not_found"],
  });
const markReadPost = markRead("post");
const markReadPatch = markRead("patch");

export const notificationRoutes = routeGroup()
  .openapi(markReadPost, async (c) => {
    await markNotificationRead(c.var.deps.store, requireUser(c).id, c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(markReadPatch, async (c) => {
    await markNotificationRead(c.var.deps.store, requireUser(c).id, c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  });
