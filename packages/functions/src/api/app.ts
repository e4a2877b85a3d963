import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { ApiDeps, AppEnv } from "./deps.ts";
import { notFound, onError } from "./errors.ts";
import { sameOrigin } from "./middleware/same-origin.ts";
import { loadSession } from "./middleware/session.ts";
import { authRoutes } from "./routes/auth.ts";
import { jobRoutes } from "./routes/jobs.ts";
import { printerRoutes } from "./routes/printers.ts";
import { publicRoutes } from "./routes/public.ts";
import { uploadRoutes } from "./routes/uploads.ts";
import { userRoutes } from "./routes/users.ts";

/** Paths authenticated by a signature rather than the session cookie. */
const WEBHOOK_PATHS = ["/api/stripe/webhook"];

/** The one Hono app: the Lambda wraps it in AWS, @hono/node-server serves it locally. */
export function createApp(deps: ApiDeps) {
  const app = new Hono<AppEnv>()
    .basePath("/api")
    .use(async (c, next) => {
      c.set("deps", deps);
      await next();
    })
    .use(secureHeaders())
    .use(async (c, next) => {
      await next();
      // API answers are per-user: never let a shared cache keep them unless a route says so.
      if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
    })
    .use(bodyLimit({ maxSize: 1024 * 1024 }))
    .use(sameOrigin(WEBHOOK_PATHS))
    .use(loadSession)
    .route("/", publicRoutes)
    .route("/", authRoutes)
    .route("/", userRoutes)
    .route("/", printerRoutes)
    .route("/", uploadRoutes)
    .route("/", jobRoutes);
  app.onError(onError);
  app.notFound(notFound);
  return app;
}

export type AppType = ReturnType<typeof createApp>;
