import { isVisibleError, STATUS_BY_KIND } from "@printhood/core";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";

/**
 * The one place errors become HTTP answers (architecture rule 3). Every error body is
 * `{ message, code }`; unexpected errors are logged and answered with a generic 500.
 */
export function onError(err: Error, c: Context) {
  if (isVisibleError(err)) {
    return c.json({ message: err.message, code: err.code }, STATUS_BY_KIND[err.kind] as 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? "The request is too large." : err.message || "The request could not be handled.";
    return c.json({ message, code: `http_${status}` }, status);
  }
  // Never echo internals (or secrets) to the client; the log has the detail.
  console.error(JSON.stringify({ level: "error", path: c.req.path, method: c.req.method, error: err.message, stack: err.stack }));
  return c.json({ message: "Something went wrong on our side. Please try again.", code: "internal" }, 500);
}

export function notFound(c: Context) {
  return c.json({ message: "There is nothing at this address.", code: "not_found" }, 404);
}
