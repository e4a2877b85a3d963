import { fail, isRateLimited, isVisibleError, type VisibleError } from "@printhood/core";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { getLogger } from "../lib/observability.ts";

/**
 * The one place errors become HTTP answers (architecture rule 3). Every error body is
 * `{ message, code }` with a code from core's registry (and `field` when the error is about one input field); unexpected errors are logged and answered
 * with a generic 500.
 */
const answer = (c: Context, e: VisibleError, status = e.status) =>
  c.json({ message: e.message, code: e.code, ...(e.field ? { field: e.field } : {}) }, status as ContentfulStatusCode);

export function onError(err: Error, c: Context) {
  if (isVisibleError(err)) {
    if (isRateLimited(err)) c.header("Retry-After", String(err.retryAfterSeconds));
    return answer(c, err);
  }
  if (err instanceof HTTPException) {
    // Hono's own refusals (the body limit, a media type the contract does not take): their status, our words.
    return answer(c, fail(err.status === 413 ? "request_too_large" : "http_error"), err.status);
  }
  // Never echo internals (or secrets) to the client; the log has the detail, under the request's reference.
  getLogger().error("unexpected error", { error: err });
  return answer(c, fail("internal"));
}

export function notFound(c: Context) {
  return answer(c, fail("not_found"));
}
