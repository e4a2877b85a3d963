import { z } from "@hono/zod-openapi";
import {
  connectPayouts,
  connectSchema,
  conversationSchema,
  customerFiguresSchema,
  customerOrderFigures,
  customerOrderListQuery,
  jobSchema,
  ledgerLineSchema,
  listConversations,
  listCustomerOrders,
  listDrafts,
  listLedgerLines,
  listNotifications,
  listOrPage,
  listOwnerOrders,
  listOwnerReviews,
  listOwnPrinters,
  listPayoutHistory,
  mapPage,
  markAllNotificationsRead,
  markedSchema,
  NOTIFICATION_LIST_LIMIT,
  notificationSchema,
  orderListItemSchema,
  ownerDashboardFigures,
  ownerDashboardFiguresSchema,
  ownerOrderListQuery,
  ownerReviewSchema,
  ownPrinterSchema,
  pageAsk,
  pageQuery,
  pageQueryFields,
  payoutRecordSchema,
  payoutSchema,
  payoutSummary,
  payoutSummarySchema,
  presentJob,
  requestPayout,
  TAB_LOOK_MAX,
  unreadCountSchema,
  unreadNotificationCount,
  updateProfile,
  updateProfileInput,
  userSchema,
} from "@printhood/core";
import { firstPagePoll, knownVersion, notModified, pollHeaders, pollHeadersOut } from "../conditional.ts";
import { declareRoute, idParam, json, jsonBody, listJson, readJson, routeGroup } from "../contract.ts";
import type { ApiDeps } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";

/** `/api/users/{id}…`: each answers only for the signed-in user themself (access "self": 403 for anyone else). */

const profile = declareRoute({
  method: "patch",
  path: "/{id}",
  summary: "Change one's profile: username, names, avatar, ZIP, e-mail preferences",
  description:
    "Every field is optional; an empty name or ZIP, or a null avatar, clears it. email and userType are read-only: " +
    'accepted only when they repeat the stored value (DECISIONS.md "Profile").',
  tags: ["Profile"],
  access: "self",
  request: { params: idParam, body: jsonBody(updateProfileInput) },
  middleware: [readJson],
  responses: { 200: json(userSchema, "The updated user") },
  errors: ["account_not_found", "email_read_only", "user_type_read_only", "username_taken", "profile_changed"],
});

/** The summary's first pages: `limit` sizes each; its markers come from the list routes' own key. */
const summaryQuery = z.strictObject({ limit: pageQueryFields.limit });

const payoutDeps = (d: ApiDeps) => ({ store: d.store, payments: d.payments, events: d.events, clock: d.clock });

const notifications = declareRoute({
  method: "get",
  path: "/{id}/notifications",
  summary: "One's notifications, newest first",
  description:
    "Each links the page it is about. Without `limit`, the newest 50. The first page answers 304 to an unchanged If-None-Match; a later page (with `cursor`) is never a 304.",
  tags: ["Notifications"],
  access: "self",
  request: { params: idParam, headers: pollHeaders, query: pageQuery },
  responses: { 200: listJson(notificationSchema, "NotificationPage", "The notifications"), 304: notModified },
  errors: ["bad_cursor", "stale_cursor"],
});

const unreadCount = declareRoute({
  method: "get",
  path: "/{id}/notifications/unread-count",
  summary: "How many of one's notifications are unread (the bell's badge)",
  description: "Answers 304 to an unchanged If-None-Match.",
  tags: ["Notifications"],
  access: "self",
  request: { params: idParam, headers: pollHeaders },
  responses: { 200: json(unreadCountSchema, "The unread count"), 304: notModified },
});

const readAll = declareRoute({
  method: "post",
  path: "/{id}/notifications/read-all",
  summary: "Mark all of one's notifications read",
  tags: ["Notifications"],
  access: "self",
  request: { params: idParam },
  responses: { 200: json(markedSchema, "How many were unread") },
});

const conversations = declareRoute({
  method: "get",
  path: "/{id}/conversations",
  summary: "One's conversations (orders with messages), newest message first",
  description: "The first page answers 304 to an unchanged If-None-Match; a later page (with `cursor`) is never a 304.",
  tags: ["Messages"],
  access: "self",
  request: { params: idParam, headers: pollHeaders, query: pageQuery },
  responses: { 200: listJson(conversationSchema, "ConversationPage", "The conversations"), 304: notModified },
  errors: ["bad_cursor", "stale_cursor"],
});

const reviews = declareRoute({
  method: "get",
  path: "/{id}/reviews",
  summary: "The reviews of one's printers, newest first",
  tags: ["Reviews"],
  access: "self",
  request: { params: idParam, query: pageQuery },
  responses: { 200: listJson(ownerReviewSchema, "OwnerReviewPage", "The reviews, with the printer's name and the order's file") },
  errors: ["bad_cursor", "stale_cursor"],
});

const drafts = declareRoute({
  method: "get",
  path: "/{id}/drafts",
  summary: "One's saved prints (drafts), newest first",
  tags: ["Drafts"],
  access: "self",
  request: { params: idParam, query: pageQuery },
  responses: { 200: listJson(jobSchema, "DraftPage", "The drafts") },
  errors: ["bad_cursor", "stale_cursor"],
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
  request: { params: idParam, query: ownerOrderListQuery },
  responses: { 200: listJson(orderListItemSchema, "OwnerOrderPage", "The orders, as the owner sees each (customer's name and email)") },
  errors: ["bad_cursor", "stale_cursor"],
});

const printerJobFigures = declareRoute({
  method: "get",
  path: "/{id}/printer-jobs/figures",
  summary: "The owner dashboard's figures: orders counted by group over all one's printers, what one has earned, printers taking orders",
  tags: ["Owner jobs"],
  access: "self",
  request: { params: idParam },
  responses: { 200: json(ownerDashboardFiguresSchema, "The figures") },
});

const jobs = declareRoute({
  method: "get",
  path: "/{id}/jobs",
  summary: "One's orders (not drafts), newest first",
  description:
    `With \`group\`, one tab of the dashboard, always answered as a page. A tab's page looks at no more than ${TAB_LOOK_MAX} orders: where its orders are rare in a ` +
    "long history, a page can hold fewer than `limit` (even none) and still carry a `nextCursor` to read on.",
  tags: ["Orders"],
  access: "self",
  request: { params: idParam, query: customerOrderListQuery },
  responses: { 200: listJson(orderListItemSchema, "CustomerOrderPage", "The orders, as their customer sees them") },
  errors: ["bad_cursor", "stale_cursor"],
});

const jobFigures = declareRoute({
  method: "get",
  path: "/{id}/jobs/figures",
  summary: "The customer dashboard's figures: orders in all, active and completed, and what one has spent",
  tags: ["Orders"],
  access: "self",
  request: { params: idParam },
  responses: { 200: json(customerFiguresSchema, "The figures") },
});

const payouts = declareRoute({
  method: "get",
  path: "/{id}/payouts",
  summary: "One's earnings: pending, available, requested and paid, the payouts and the per-order ledger",
  description:
    "The payouts and the ledger are their first page, newest first (`limit` each, at most 100 when not given), with " +
    "`payoutsNextCursor` / `ledgerNextCursor` for the next page from /payouts/history and /ledger.",
  tags: ["Payouts"],
  access: "self",
  request: { params: idParam, query: summaryQuery },
  responses: { 200: json(payoutSummarySchema, "The summary") },
});

const payoutHistory = declareRoute({
  method: "get",
  path: "/{id}/payouts/history",
  summary: "One's payouts, newest first",
  tags: ["Payouts"],
  access: "self",
  request: { params: idParam, query: pageQuery },
  responses: { 200: listJson(payoutRecordSchema, "PayoutPage", "The payouts") },
  errors: ["bad_cursor", "stale_cursor"],
});

const ledger = declareRoute({
  method: "get",
  path: "/{id}/ledger",
  summary: "One's per-order ledger (what each order paid, the fee and the earning), newest first",
  tags: ["Payouts"],
  access: "self",
  request: { params: idParam, query: pageQuery },
  responses: { 200: listJson(ledgerLineSchema, "LedgerPage", "The ledger's entries") },
  errors: ["bad_cursor", "stale_cursor"],
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
  .openapi(profile, async (c) => {
    const updated = await updateProfile(c.var.deps.store, requireUser(c).id, c.req.valid("json"));
    // A new name is copied onto the user's printers (core printers/owner-name.ts): this instance's
    // finder shows it at once, others within the public cache's seconds.
    c.var.publicCache.clear();
    return c.json(updated, 200);
  })
  .openapi(notifications, async (c) => {
    const q = c.req.valid("query");
    const poll = firstPagePoll(c, q);
    const ask = pageAsk(c.var.cursorKey, q, NOTIFICATION_LIST_LIMIT);
    const result = await listNotifications(c.var.deps.store, requireUser(c).id, ask, poll.known);
    poll.headersOut(result.version);
    if (result.notModified) return c.body(null, 304);
    return c.json(listOrPage(q, result.page), 200);
  })
  .openapi(unreadCount, async (c) => {
    const result = await unreadNotificationCount(c.var.deps.store, requireUser(c).id, knownVersion(c));
    pollHeadersOut(c, result.version);
    if (result.notModified) return c.body(null, 304);
    return c.json({ unreadCount: result.unreadCount }, 200);
  })
  .openapi(readAll, async (c) => c.json({ marked: await markAllNotificationsRead(c.var.deps.store, requireUser(c).id) }, 200))
  .openapi(conversations, async (c) => {
    const me = requireUser(c);
    const q = c.req.valid("query");
    const poll = firstPagePoll(c, q);
    // The stamp read beside the session (middleware/session.ts), when it was read for this user.
    const pre = c.var.prefetched.inbox;
    const result = await listConversations(c.var.deps.store, me.id, pageAsk(c.var.cursorKey, q), poll.known, {
      ownsPrinters: me.userType !== "customer",
      names: c.var.recentNames,
      ...(pre?.userId === me.id ? { stamp: pre.stamp } : {}),
    });
    poll.headersOut(result.version);
    if (result.notModified) return c.body(null, 304);
    return c.json(listOrPage(q, result.page), 200);
  })
  .openapi(reviews, async (c) => {
    const q = c.req.valid("query");
    return c.json(listOrPage(q, await listOwnerReviews(c.var.deps.store, requireUser(c).id, pageAsk(c.var.cursorKey, q))), 200);
  })
  .openapi(drafts, async (c) => {
    const q = c.req.valid("query");
    const page = await listDrafts(c.var.deps.store, requireUser(c).id, pageAsk(c.var.cursorKey, q));
    return c.json(listOrPage(q, await mapPage(page, (list) => list.map((d) => presentJob(d)))), 200);
  })
  .openapi(printers, async (c) => c.json(await listOwnPrinters(c.var.deps.store, requireUser(c).id), 200))
  .openapi(printerJobs, async (c) => {
    const q = c.req.valid("query");
    const page = await listOwnerOrders(c.var.deps.store, requireUser(c).id, pageAsk(c.var.cursorKey, q), { group: q.group });
    return c.json(listOrPage(q, page), 200);
  })
  .openapi(printerJobFigures, async (c) => c.json(await ownerDashboardFigures(c.var.deps.store, requireUser(c).id), 200))
  .openapi(jobs, async (c) => {
    const q = c.req.valid("query");
    const page = await listCustomerOrders(c.var.deps.store, requireUser(c).id, pageAsk(c.var.cursorKey, q), { group: q.group });
    // A tab's page may stop short of `limit` with more to read, so it always carries its marker.
    return c.json(q.group ? page : listOrPage(q, page), 200);
  })
  .openapi(jobFigures, async (c) => c.json(await customerOrderFigures(c.var.deps.store, requireUser(c).id), 200))
  .openapi(payouts, async (c) => {
    const first = pageAsk(c.var.cursorKey, c.req.valid("query"));
    return c.json(await payoutSummary(c.var.deps.store, requireUser(c).id, { payouts: first, ledger: first }), 200);
  })
  .openapi(payoutHistory, async (c) => {
    const q = c.req.valid("query");
    return c.json(listOrPage(q, await listPayoutHistory(c.var.deps.store, requireUser(c).id, pageAsk(c.var.cursorKey, q))), 200);
  })
  .openapi(ledger, async (c) => {
    const q = c.req.valid("query");
    return c.json(listOrPage(q, await listLedgerLines(c.var.deps.store, requireUser(c).id, pageAsk(c.var.cursorKey, q))), 200);
  })
  .openapi(requestPayoutRoute, async (c) => c.json(await requestPayout(payoutDeps(c.var.deps), requireUser(c).id), 201))
  .openapi(connect, async (c) => {
    const d = c.var.deps;
    // Back to the payouts tab on the site's own origin once Stripe's onboarding is done.
    const back = `${d.config.allowedOrigins[0] ?? new URL(c.req.url).origin}/printer-tracking?tab=payouts`;
    return c.json(await connectPayouts(payoutDeps(d), requireUser(c).id, { refreshUrl: back, returnUrl: back }), 200);
  });
