import { z } from "@hono/zod-openapi";
import {
  jobSchema,
  listDrafts,
  listNotifications,
  listOwnerJobs,
  listOwnPrinters,
  notificationSchema,
  ownerJobSchema,
  ownPrinterSchema,
  presentJob,
} from "@printhood/core";
import { declareRoute, idParam, json, routeGroup } from "../contract.ts";
import { requireUser } from "../middleware/session.ts";

/** `/api/users/{id}/…`: each answers only for the signed-in user themself (access "self": 403 for anyone else). */

const notifications = declareRoute({
  method: "get",
  path: "/{id}/notifications",
  summary: "One's notifications, newest first",
  tags: ["Notifications"],
  access: "self",
  request: { params: idParam },
  responses: { 200: json(z.array(notificationSchema), "Up to 50 notifications") },
});

const drafts = declareRoute({
  method: "get",
  path: "/{id}/drafts",
  summary: "One's saved prints (drafts), newest first",
  tags: ["Drafts"],
  access: "self",
  request: { params: idParam },
  responses: { 200: json(z.array(jobSchema), "The drafts") },
});

const printers = declareRoute({
  method: "get",
  path: "/{id}/printers",
  summary: "One's own printers, newest first, with their private address",
  tags: ["Printers"],
  access: "self",
  request: { params: idParam },
  responses: { 200: json(z.array(ownPrinterSchema), "The owner's printers") },
});

const printerJobs = declareRoute({
  method: "get",
  path: "/{id}/printer-jobs",
  summary: "Orders sent to any of one's printers (never drafts), newest submission first",
  tags: ["Owner jobs"],
  access: "self",
  request: { params: idParam },
  responses: { 200: json(z.array(ownerJobSchema), "The orders, each with the customer's name") },
});

export const userRoutes = routeGroup()
  .openapi(notifications, async (c) => c.json(await listNotifications(c.var.deps.store, requireUser(c).id), 200))
  .openapi(drafts, async (c) => {
    const list = await listDrafts(c.var.deps.store, requireUser(c).id);
    return c.json(
      list.map((d) => presentJob(d)),
      200,
    );
  })
  .openapi(printers, async (c) => c.json(await listOwnPrinters(c.var.deps.store, requireUser(c).id), 200))
  .openapi(printerJobs, async (c) => c.json(await listOwnerJobs(c.var.deps.store, requireUser(c).id), 200));
