import { z } from "@hono/zod-openapi";
import {
  connectPayouts,
  connectSchema,
  jobSchema,
  listCustomerOrders,
  listDrafts,
  listNotifications,
  listOwnerOrders,
  listOwnPrinters,
  notificationSchema,
  orderSchema,
  ownPrinterSchema,
  payoutSchema,
  payoutSummary,
  payoutSummarySchema,
  presentJob,
  requestPayout,
} from "@printhood/core";
import { declareRoute, idParam, json, routeGroup } from "../contract.ts";
import type { ApiDeps } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";

/** `/api/users/{id}/…`: each answers only for the signed-in user themself (access "self": 403 for anyone else). */

const payoutDeps = (d: ApiDeps) => ({ store: d.store, payments: d.payments, events: d.events, clock: d.clock });

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
  responses: { 200: json(z.array(orderSchema), "The orders, as the owner sees each (customer's name and email)") },
});

const jobs = declareRoute({
  method: "get",
  path: "/{id}/jobs",
  summary: "One's orders (not drafts), newest submission first",
  tags: ["Orders"],
  access: "self",
  request: { params: idParam },
  responses: { 200: json(z.array(orderSchema), "The orders, as their customer sees them") },
});

const payouts = declareRoute({
  method: "get",
  path: "/{id}/payouts",
  summary: "One's earnings: pending, available, requested and paid, the payouts and the per-order ledger",
  tags: ["Payouts"],
  access: "self",
  request: { params: idParam },
  responses: { 200: json(payoutSummarySchema, "The summary") },
});

const requestPayoutRoute = declareRoute({
  method: "post",
  path: "/{id}/payouts",
  summary: "Request Payout: the whole available balance, once (paid as a transfer when Stripe is connected)",
  tags: ["Payouts"],
  access: "self",
  request: { params: idParam },
  responses: { 201: json(payoutSchema, "The payout: paid, requested (no account yet) or failed") },
  errors: ["not_an_owner", "nothing_to_pay_out", "payout_in_progress"],
});

const connect = declareRoute({
  method: "post",
  path: "/{id}/payouts/connect",
  summary: "Connect Stripe for payouts: the owner's account (created once) and its onboarding link",
  tags: ["Payouts"],
  access: "self",
  request: { params: idParam },
  responses: { 200: json(connectSchema, "The account and the link") },
  errors: ["not_an_owner"],
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
  .openapi(printerJobs, async (c) => c.json(await listOwnerOrders(c.var.deps.store, requireUser(c).id), 200))
  .openapi(jobs, async (c) => c.json(await listCustomerOrders(c.var.deps.store, requireUser(c).id), 200))
  .openapi(payouts, async (c) => c.json(await payoutSummary(c.var.deps.store, requireUser(c).id), 200))
  .openapi(requestPayoutRoute, async (c) => c.json(await requestPayout(payoutDeps(c.var.deps), requireUser(c).id), 201))
  .openapi(connect, async (c) => {
    const d = c.var.deps;
    // Back to the payouts tab on the site's own origin once Stripe's onboarding is done.
    const back = `${d.config.allowedOrigins[0] ?? new URL(c.req.url).origin}/printer-tracking?tab=payouts`;
    return c.json(await connectPayouts(payoutDeps(d), requireUser(c).id, { refreshUrl: back, returnUrl: back }), 200);
  });
