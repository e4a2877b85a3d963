import { z } from "@hono/zod-openapi";
import {
  createPrinter,
  createPrinterInput,
  deletePrinter,
  fail,
  findPrinters,
  getPrinter,
  listedPrinterSchema,
  listOrPage,
  listPrinterOrders,
  listPrinterReviews,
  listPrintersQuery,
  orderListItemSchema,
  ownerFiguresSchema,
  ownPrinterSchema,
  pageAsk,
  pageAskIfAny,
  pageQuery,
  pageSchema,
  presentPrinterVerification,
  printerOrderFigures,
  printerOrderListQuery,
  printerSchema,
  printersInView,
  printerVerificationFor,
  printerVerificationSchema,
  printerViewSchema,
  publicReviewSchema,
  submitVerification,
  updatePrinter,
  updatePrinterInput,
  verificationInput,
} from "@printhood/core";
import { declareRoute, idParam, json, jsonBody, listJson, readJson, routeGroup } from "../contract.ts";
import { requireUser } from "../middleware/session.ts";
import { viewerOf } from "../middleware/viewer.ts";
import { sharedAnswer } from "../public-cache.ts";

/** `/api/printers/…`: the public listing (spec 1 §7), owners managing their own (spec 2 §7), and a printer's orders. */

const list = declareRoute({
  method: "get",
  path: "/",
  summary: "Listed printers near a place, nearest first, filtered and paged; or what a map's view shows",
  description:
    'Nearest first from `zip` (with distanceMiles), else from the place `location` names, else the served region\'s centre, within `radius` miles (default 100). With `limit` the answer is `{ items, nextCursor }` (no cursor on the last page); without, the spec\'s array, at most 100. `bbox=west,south,east,north` (and the map\'s `zoom`) answers `{ items }`: the printers in view, or clusters (`cluster: true`, `count`) where there are too many. Empty values and "all" mean no filter; any other key is a 400 (DECISIONS.md "Printers").',
  tags: ["Printers"],
  access: "public",
  request: { query: listPrintersQuery },
  responses: {
    200: json(
      z.union([z.array(listedPrinterSchema), pageSchema(listedPrinterSchema, "ListedPrinterPage"), printerViewSchema]),
      "The printers (never an owner's street or ZIP), a page of them, or a map's view",
    ),
  },
  errors: ["unknown_zip", "bad_cursor", "stale_cursor"],
});

const read = declareRoute({
  method: "get",
  path: "/{id}",
  summary: "One printer as anyone sees it",
  tags: ["Printers"],
  access: "public",
  request: { params: idParam },
  responses: { 200: json(printerSchema, "The printer") },
  errors: ["printer_not_found"],
});

const create = declareRoute({
  method: "post",
  path: "/",
  summary: "List a printer for the signed-in owner (a customer becomes both)",
  tags: ["Printers"],
  access: "signed-in",
  request: { body: jsonBody(createPrinterInput) },
  middleware: [readJson],
  responses: { 201: json(ownPrinterSchema, "The listed printer") },
  errors: [
    "owner_mismatch",
    "owner_not_found",
    "printer_conflict",
    "printers_limit",
    "unknown_zip",
    "missing_location",
    "unknown_state",
    "unknown_location",
  ],
});

const update = declareRoute({
  method: "put",
  path: "/{id}",
  summary: "Change one's own printer's settings, or only its availability",
  tags: ["Printers"],
  access: "signed-in",
  request: { params: idParam, body: jsonBody(updatePrinterInput) },
  middleware: [readJson],
  responses: { 200: json(ownPrinterSchema, "The printer as changed") },
  errors: ["printer_not_found", "not_your_printer", "unknown_zip", "missing_location", "unknown_state", "unknown_location"],
});

const remove = declareRoute({
  method: "delete",
  path: "/{id}",
  summary: "Delete one's own printer",
  tags: ["Printers"],
  access: "signed-in",
  request: { params: idParam },
  responses: { 200: json(z.object({ ok: z.literal(true), id: z.string() }), "Deleted") },
  errors: ["printer_not_found", "not_your_printer", "printer_has_open_orders", "printer_changed"],
});

const jobs = declareRoute({
  method: "get",
  path: "/{id}/jobs",
  summary: "Orders sent to one's own printer (never drafts), newest submission first",
  tags: ["Owner jobs"],
  access: "signed-in",
  request: { params: idParam, query: printerOrderListQuery },
  responses: { 200: listJson(orderListItemSchema, "PrinterOrderPage", "The orders, as the owner sees each (customer's name and email)") },
  errors: ["printer_not_found", "not_your_printer_jobs", "bad_cursor", "stale_cursor"],
});

const jobFigures = declareRoute({
  method: "get",
  path: "/{id}/jobs/figures",
  summary: "One's own printer's orders counted by group, with the handed-over orders' money (Print Queue, tracking cards)",
  tags: ["Owner jobs"],
  access: "signed-in",
  request: { params: idParam },
  responses: { 200: json(ownerFiguresSchema, "The counts and money of every order sent to the printer") },
  errors: ["printer_not_found", "not_your_printer_jobs"],
});

const reviews = declareRoute({
  method: "get",
  path: "/{id}/reviews",
  summary: 'A printer\'s reviews, newest first (reviewers shown as "First L.")',
  tags: ["Reviews"],
  access: "public",
  request: { params: idParam, query: pageQuery },
  responses: { 200: listJson(publicReviewSchema, "ReviewPage", "Up to 100 reviews") },
  errors: ["printer_not_found", "bad_cursor", "stale_cursor"],
});

const verification = declareRoute({
  method: "get",
  path: "/{id}/verification",
  summary: "One's own printer's quality test: its state, what to do next and the latest attempt, dimension by dimension",
  tags: ["Quality test"],
  access: "signed-in",
  request: { params: idParam },
  responses: { 200: json(printerVerificationSchema, "The printer's quality test") },
  errors: ["printer_not_found"],
});

const submitTest = declareRoute({
  method: "post",
  path: "/{id}/verification",
  summary: "Send the printed test piece's measurements and photos (at least two) for review",
  description:
    "Each measurement (mm, by the test piece's letters A-H) is compared with its nominal size against ±0.5 mm or 1%, the larger; staff then approve or ask for a new attempt.",
  tags: ["Quality test"],
  access: "signed-in",
  request: { params: idParam, body: jsonBody(verificationInput) },
  middleware: [readJson],
  responses: { 201: json(printerVerificationSchema, "The printer, now waiting for review, with the attempt as judged") },
  errors: [
    "printer_not_found",
    "not_your_printer",
    "printer_already_verified",
    "verification_under_review",
    "photo_not_found",
    "photo_not_ready",
    "photo_failed",
    "photo_wrong_purpose",
    "photo_already_used",
    "photo_listed_twice",
    "too_few_photos",
    "too_many_photos",
  ],
});

export const printerRoutes = routeGroup()
  .openapi(list, async (c) => {
    const query = c.req.valid("query");
    const store = c.var.deps.store;
    // The counts of listed printers per cell, kept a few seconds (cleared by this process's writes).
    const counts = c.var.cellCounts;
    const { bbox } = query;
    if (bbox) return c.json(await sharedAnswer(c, "printers", query, () => printersInView(store, { ...query, bbox }, counts)), 200);
    const page = await sharedAnswer(c, "printers", query, () => findPrinters(store, query, { key: c.var.cursorKey, counts }));
    return c.json(listOrPage(query, page), 200);
  })
  .openapi(read, async (c) => c.json(await getPrinter(c.var.deps.store, c.req.valid("param").id), 200))
  .openapi(create, async (c) => {
    const user = requireUser(c);
    const { ownerId, ...input } = c.req.valid("json");
    // The owner is the signed-in user; a payload naming someone else is refused, not obeyed.
    if (ownerId !== undefined && ownerId !== user.id) throw fail("owner_mismatch");
    const created = await createPrinter(c.var.deps.store, user.id, input);
    c.var.publicCache.clear(); // this instance shows its own writes at once; others within the cache's seconds
    return c.json(created, 201);
  })
  .openapi(update, async (c) => {
    const updated = await updatePrinter(c.var.deps.store, requireUser(c).id, c.req.valid("param").id, c.req.valid("json"));
    c.var.publicCache.clear();
    return c.json(updated, 200);
  })
  .openapi(remove, async (c) => {
    const removed = await deletePrinter(c.var.deps.store, requireUser(c).id, c.req.valid("param").id);
    c.var.publicCache.clear();
    return c.json(removed, 200);
  })
  .openapi(jobs, async (c) => {
    const q = c.req.valid("query");
    const page = await listPrinterOrders(c.var.deps.store, requireUser(c).id, c.req.valid("param").id, pageAsk(c.var.cursorKey, q), {
      group: q.group,
    });
    return c.json(listOrPage(q, page), 200);
  })
  .openapi(jobFigures, async (c) => c.json(await printerOrderFigures(c.var.deps.store, requireUser(c).id, c.req.valid("param").id), 200))
  .openapi(reviews, async (c) => {
    const q = c.req.valid("query");
    const ask = pageAskIfAny(c.var.cursorKey, q);
    return c.json(listOrPage(q, await listPrinterReviews(c.var.deps.store, c.req.valid("param").id, ask)), 200);
  })
  .openapi(verification, async (c) => {
    const { printer, latest } = await printerVerificationFor(c.var.deps.store, viewerOf(c), c.req.valid("param").id);
    return c.json(presentPrinterVerification(printer, latest), 200);
  })
  .openapi(submitTest, async (c) => {
    const store = c.var.deps.store;
    const { printer, verification } = await submitVerification(
      store,
      requireUser(c).id,
      c.req.valid("param").id,
      c.req.valid("json"),
      c.var.deps.clock,
    );
    return c.json(presentPrinterVerification(printer, verification), 201);
  });
