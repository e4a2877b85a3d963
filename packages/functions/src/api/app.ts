import { createRecent, cursorKey, type PersonName } from "@printhood/core";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { createTtlCache, type TtlCache } from "../lib/ttl-cache.ts";
import { routeGroup } from "./contract.ts";
import type { ApiDeps } from "./deps.ts";
import { notFound, onError } from "./errors.ts";
import { logUser, requestLog } from "./middleware/request-log.ts";
import { sameOrigin } from "./middleware/same-origin.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { loadSession } from "./middleware/session.ts";
import { staffOnly } from "./middleware/staff.ts";
import {
  CELL_COUNTS_ENTRIES,
  PUBLIC_CACHE_ENTRIES,
  PUBLIC_CACHE_SECONDS,
  RECENT_NAMES_ENTRIES,
  RECENT_NAMES_SECONDS,
} from "./public-cache.ts";
import { authRoutes } from "./routes/auth.ts";
import { avatarRoutes } from "./routes/avatars.ts";
import { checkoutRoutes } from "./routes/checkout.ts";
import { claimRoutes } from "./routes/claims.ts";
import { docRoutes } from "./routes/docs.ts";
import { draftRoutes } from "./routes/drafts.ts";
import { guaranteeRoutes } from "./routes/guarantee.ts";
import { jobRoutes } from "./routes/jobs.ts";
import { notificationRoutes } from "./routes/notifications.ts";
import { orderRoutes } from "./routes/orders.ts";
import { paymentRoutes } from "./routes/payments.ts";
import { photoRoutes } from "./routes/photos.ts";
import { priceProposalRoutes } from "./routes/price-proposals.ts";
import { printJobRoutes } from "./routes/print-jobs.ts";
import { printerImageRoutes } from "./routes/printer-images.ts";
import { printerRoutes } from "./routes/printers.ts";
import { publicRoutes } from "./routes/public.ts";
import { qualityTestRoutes } from "./routes/quality-test.ts";
import { reportRoutes } from "./routes/reports.ts";
import { staffRoutes } from "./routes/staff/index.ts";
import { stripeRoutes } from "./routes/stripe.ts";
import { submissionRoutes } from "./routes/submissions.ts";
import { thumbnailRoutes } from "./routes/thumbnails.ts";
import { uploadRoutes } from "./routes/uploads.ts";
import { userRoutes } from "./routes/users.ts";

/** Paths authenticated by a signature rather than the session cookie. */
const WEBHOOK_PATHS = ["/api/stripe/webhook"];

/**
 * The one Hono app: the Lambda wraps it in AWS, @hono/node-server serves it locally. Routes are
 * mounted by URL prefix, one file per prefix (docs/api.md has the map); files mounted at "/" hold
 * the spec's one-segment calls.
 */
export function createApp(deps: ApiDeps) {
  const api = routeGroup().basePath("/api");
  const answerSeconds = deps.config.publicCacheSeconds ?? PUBLIC_CACHE_SECONDS;
  const answers = createTtlCache({ ttlMs: answerSeconds * 1000, maxEntries: PUBLIC_CACHE_ENTRIES });
  const cellCounts = createTtlCache({ ttlMs: (deps.config.cellCountsSeconds ?? answerSeconds) * 1000, maxEntries: CELL_COUNTS_ENTRIES });
  // A write that changes what the public answers show (a printer listed, moved, verified) forgets
  // the counts as well: this instance shows its own writes at once.
  const publicCache: TtlCache = {
    get: (key, load) => answers.get(key, load),
    clear: () => {
      answers.clear();
      cellCounts.clear();
    },
    get size() {
      return answers.size;
    },
  };
  const pageKey = cursorKey(deps.config.cursorSecret);
  const recentNames = createRecent<PersonName | string>({ ttlMs: RECENT_NAMES_SECONDS * 1000, maxEntries: RECENT_NAMES_ENTRIES });
  // Middleware first, in order (registered apart from the routes: `use` would drop the routes' types).
  // The request's reference and its log lines come first, so every later step logs with them.
  api.use(requestLog);
  api.use(async (c, next) => {
    c.set("deps", deps);
    c.set("publicCache", publicCache);
    c.set("cellCounts", cellCounts);
    c.set("recentNames", recentNames);
    c.set("cursorKey", pageKey);
    await next();
  });
  api.use(securityHeaders);
  // A route may set one of these itself (the e-mail picture's Cross-Origin-Resource-Policy): its own wins.
  api.use(secureHeaders({ overwrite: false }));
  api.use(async (c, next) => {
    await next();
    // API answers are per-user: never let a shared cache keep them unless a route says so.
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  // Over 1 MB: Hono's 413, answered as request_too_large by errors.ts. A GET or HEAD never has a
  // body (neither the Lambda's adapter nor @hono/node-server gives it one), and asking for it makes
  // @hono/node-server build the whole web Request of every read (issue 13): those skip the check.
  const limitBody = bodyLimit({ maxSize: 1024 * 1024 });
  api.use((c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next)));
  api.use(sameOrigin(WEBHOOK_PATHS));
  api.use(loadSession);
  api.use(logUser);
  // The one gate of the staff side: every path under /api/staff/, declared or not (middleware/staff.ts).
  api.use("/staff/*", staffOnly);
  const app = api
    .route("/", publicRoutes)
    .route("/", authRoutes)
    .route("/", submissionRoutes)
    .route("/", checkoutRoutes)
    .route("/users", userRoutes)
    .route("/uploads", uploadRoutes)
    .route("/photos", photoRoutes)
    .route("/", qualityTestRoutes)
    .route("/drafts", draftRoutes)
    .route("/print-jobs", printJobRoutes)
    .route("/print-jobs", guaranteeRoutes)
    .route("/print-jobs", priceProposalRoutes)
    .route("/claims", claimRoutes)
    .route("/orders", orderRoutes)
    .route("/payments", paymentRoutes)
    .route("/stripe", stripeRoutes)
    .route("/printers", printerRoutes)
    .route("/printer-images", printerImageRoutes)
    .route("/thumbnails", thumbnailRoutes)
    .route("/jobs", jobRoutes)
    .route("/notifications", notificationRoutes)
    .route("/avatars", avatarRoutes)
    .route("/reports", reportRoutes)
    .route("/staff", staffRoutes);
  const withDocs = app.route("/", docRoutes(app));
  withDocs.onError(onError);
  withDocs.notFound(notFound);
  return withDocs;
}

export type AppType = ReturnType<typeof createApp>;
