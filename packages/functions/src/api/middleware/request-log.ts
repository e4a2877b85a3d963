import { randomUUID } from "node:crypto";
import { API_SERVICE, type ErrorCode, isVisibleError, METRICS, type MetricName, ROUTE_DIMENSION } from "@printhood/core";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { addKeys, annotate, countMetric, getLogger, runAs } from "../../lib/observability.ts";
import type { AppEnv } from "../deps.ts";

/** The header that carries a request's reference back to the client (the site shows it as "Reference: …"). */
export const REQUEST_ID_HEADER = "x-request-id";

/** The message of each request's summary line (local mode prints these in the terminal). */
export const REQUEST_LINE = "request";

/** Error answers that are business failures the operators watch, by their code (core/ops/metrics.ts). */
const ERROR_METRICS: Partial<Record<ErrorCode, MetricName>> = {
  capture_failed: METRICS.paymentCaptureFailures,
};

/** What the Lambda adapter (hono/aws-lambda) passes as `c.env`; @hono/node-server passes the socket instead. */
interface LambdaBindings {
  event?: { requestContext?: { requestId?: string } };
  lambdaContext?: { awsRequestId?: string };
}

/** `POST /api/print-jobs/:id/respond`: the route as declared, never the ids in the path (one metric per route). */
export function routeOf(c: Context): string {
  const path = routePath(c, -1);
  // Only middleware matched (`/api/*`): no route has this path.
  return `${c.req.method} ${path.endsWith("*") ? "(no route)" : path}`;
}

/**
 * First of the API's middleware: gives the request its reference (API Gateway's request id; a
 * UUID in local mode), runs it with that id and its route on every line it logs, answers the id as
 * `x-request-id`, and ends with one line: method, route, path, status, duration. Counts 4xx and 5xx
 * by route, and the business failures of ERROR_METRICS.
 */
export const requestLog: MiddlewareHandler<AppEnv> = (c, next) => {
  const started = performance.now();
  const env = c.env as LambdaBindings | undefined;
  const requestId = env?.event?.requestContext?.requestId || randomUUID();
  const functionRequestId = env?.lambdaContext?.awsRequestId;
  const route = routeOf(c);
  return runAs(API_SERVICE, { requestId, route, ...(functionRequestId ? { functionRequestId } : {}) }, async () => {
    await next();
    const status = c.res.status;
    const durationMs = Math.round(performance.now() - started);
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    annotate({ route, status });
    const line = { method: c.req.method, path: c.req.path, status, durationMs };
    if (status >= 500) getLogger().error(REQUEST_LINE, line);
    else getLogger().info(REQUEST_LINE, line);
    if (status >= 400) countMetric(status >= 500 ? METRICS.http5xx : METRICS.http4xx, 1, { [ROUTE_DIMENSION]: route });
    const failure = isVisibleError(c.error) ? ERROR_METRICS[c.error.code as ErrorCode] : undefined;
    if (failure) countMetric(failure);
  });
};

/** After the session is read: the signed-in user's id on every later line of the request. */
export const logUser: MiddlewareHandler<AppEnv> = (c, next) => {
  const user = c.get("user");
  if (user) addKeys({ userId: user.id });
  return next();
};
