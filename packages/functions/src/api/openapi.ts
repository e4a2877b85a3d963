import type { OpenAPIHono } from "@hono/zod-openapi";
import { describeError, ERROR_CODES, ERRORS, statusOf } from "@printhood/core";
import type { AppEnv } from "./deps.ts";
import { SESSION_COOKIE } from "./middleware/session.ts";

// biome-ignore lint/suspicious/noExplicitAny: any app of our routes, whatever its route schema
type AnyApp = OpenAPIHono<AppEnv, any, any>;
export type OpenApiDocument = ReturnType<AnyApp["getOpenAPI31Document"]>;

/** One registered error code as the reference lists it. */
export interface DocumentedError {
  code: string;
  status: number;
  kind: string;
  message: string;
}

/**
 * The OpenAPI 3.1 document of every route the app declares (the routes' own declarations, so it
 * cannot drift), with the session cookie as the security scheme and every error code of core's
 * registry under `components.x-error-codes` (each route lists the codes it can answer with).
 */
export function buildDocument(app: AnyApp): OpenApiDocument {
  app.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The HttpOnly session cookie set by /api/register and /api/login.",
  });
  const doc = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Printhood API",
      version: "1",
      description:
        "The marketplace's API, served on the site's own origin under /api. Signed-in calls use the session cookie; " +
        "state-changing calls from another origin are refused. Every error answers { message, code }.",
    },
  });
  const errors: DocumentedError[] = ERROR_CODES.map((code) => ({
    code,
    status: statusOf(code),
    kind: ERRORS[code].kind,
    message: describeError(code),
  }));
  return { ...doc, components: { ...doc.components, "x-error-codes": errors } };
}
