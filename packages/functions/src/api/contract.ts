import { createRoute, OpenAPIHono, type RouteConfig, z } from "@hono/zod-openapi";
import { ERRORS, type ErrorCode, fail, inputError, pageSchema, STATUS_BY_KIND } from "@printhood/core";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./deps.ts";
import { requireSelf, requireUser } from "./middleware/session.ts";
import { staffOnly } from "./middleware/staff.ts";

/**
 * The contract's building blocks. Each route is declared once with `declareRoute` (method, path,
 * who may call it, its zod schemas for params, query, body and every answer, and the error codes it
 * can answer with); the same declaration validates the request, types the handler's answer, types
 * the site's client (`hc<AppType>`) and writes the OpenAPI document. docs/api.md shows the pattern.
 */

/**
 * Every route group is an OpenAPIHono whose validation failures go through core's `inputError`,
 * so the contract answers exactly what `parseInput` always did ("Unexpected field: isAdmin.",
 * "Email is required.", the schemas' own sentences).
 */
export function routeGroup() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      // @hono/zod-validator hands the hook the value it validated as `data` (not in its type):
      // inputError needs it to tell a missing field from a wrong one.
      throw inputError(result.error, (result as { data?: unknown }).data);
    },
  });
}

/**
 * Who may call a route. `self`: the signed-in user, and only for their own `{id}` (/api/users/{id}/…).
 * `staff`: a staff account on a session that passed TOTP (middleware/staff.ts); anyone else gets
 * the 404 of a missing address. Staff routes live under /api/staff/ (routes/staff/).
 */
export type Access = "public" | "signed-in" | "self" | "staff";

const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};
const self: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireSelf(c, c.req.param("id") ?? "");
  await next();
};

const ACCESS_ERRORS: Record<Access, ErrorCode[]> = {
  public: [],
  "signed-in": ["not_signed_in"],
  self: ["not_signed_in", "not_your_account"],
  staff: ["not_found"],
};
const GUARDS: Record<Access, MiddlewareHandler<AppEnv>[]> = { public: [], "signed-in": [signedIn], self: [self], staff: [staffOnly] };
const BODY_ERRORS: ErrorCode[] = ["json_required", "bad_json", "unknown_field", "missing_field", "invalid_input", "request_too_large"];
const WRITE_ERRORS: ErrorCode[] = ["cross_origin"];

/** `{ message, code }` (and `field`): every error answer. */
export const errorSchema = z
  .object({
    message: z.string().meta({ description: "A sentence for the person, from the error registry" }),
    code: z.string().meta({ description: "A stable code from the registry (components: x-error-codes)" }),
    field: z
      .string()
      .optional()
      .meta({ description: "The input field the error is about, as sent (`password`, `printSettings.scale`), when it is about one" }),
  })
  .meta({ id: "Error" });

/** The error answers of a route, one per status, each listing its codes (their messages are in the registry, components.x-error-codes). */
function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...codes, "internal" as const])) {
    const status = STATUS_BY_KIND[ERRORS[code].kind];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<number, { description: string; content: { "application/json": { schema: typeof errorSchema } } }> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[status] = {
      description: list.join(", "),
      content: { "application/json": { schema: errorSchema } },
    };
  }
  return out;
}

/** An answer with a JSON body. */
export const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/**
 * A list's answer (issue 23): the spec's array (at most PAGE_SIZE_MAX, newest first) or, asked with
 * `limit`, a page `{ items, nextCursor }` (core/src/paging/page.ts).
 */
export const listJson = <S extends z.ZodType>(item: S, pageId: string, description: string) =>
  json(z.union([z.array(item), pageSchema(item, pageId)]), `${description}: the array, or with \`limit\` a page of them`);

/** A required JSON body: the route refuses other content types and broken JSON with its own codes. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { "application/json": { schema } },
});

/**
 * `{ id }` in the path. Any text up to 100 characters: an id that is not one of ours answers the route's 404, as
 * a missing one does. No id of ours is longer (a money task's is about 75); a longer one is a 400 in words, never
 * a read of a key over DynamoDB's 2 KB limit, which failed as a 500.
 */
export const idParam = z.object({ id: z.string().max(100).meta({ description: "The object's id (a UUID)" }) });

/** `{ ok: true }` answers. */
export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: "Ok" });

type Method = "get" | "post" | "put" | "patch" | "delete";

interface Declaration<M extends Method, P extends string, Req extends RouteConfig["request"], Res extends RouteConfig["responses"]> {
  method: M;
  path: P;
  /** One line for the reference. */
  summary: string;
  description?: string;
  tags: string[];
  access: Access;
  request?: Req;
  /** The success answers (2xx); errors are declared by `errors`. */
  responses: Res;
  /** Codes this route's own rules can answer with; access, body and origin codes are added. */
  errors?: readonly ErrorCode[];
  /** Middleware of the route itself (after the access check), e.g. reading a JSON body. */
  middleware?: MiddlewareHandler<AppEnv>[];
}

/**
 * One route's declaration. The access rule becomes the route's first middleware (so a handler
 * never runs for someone who may not call it) and its documented security and errors; a body
 * route gets the body codes, a state-changing route the cross-origin code, every route the 500.
 * The error answers are documentation only in the handler's type: handlers throw `fail(code)`.
 */
export function declareRoute<
  M extends Method,
  P extends string,
  const Req extends RouteConfig["request"] = undefined,
  const Res extends RouteConfig["responses"] = RouteConfig["responses"],
>(d: Declaration<M, P, Req, Res>) {
  const hasBody = !!d.request?.body;
  const codes: ErrorCode[] = [
    ...ACCESS_ERRORS[d.access],
    ...(d.method === "get" ? [] : WRITE_ERRORS),
    ...(hasBody ? BODY_ERRORS : []),
    ...(d.request?.query ? (["invalid_input", "unknown_field"] as const) : []),
    ...(d.errors ?? []),
  ];
  const guard = GUARDS[d.access];
  const route = createRoute({
    method: d.method,
    path: d.path,
    summary: d.summary,
    ...(d.description ? { description: d.description } : {}),
    tags: d.tags,
    ...(d.access === "public" ? {} : { security: [{ session: [] }] }),
    // Who may call it, for the reference page (an OpenAPI extension: security says only "a session").
    "x-access": d.access,
    ...(d.request ? { request: d.request } : {}),
    middleware: [...guard, ...(d.middleware ?? [])],
    responses: d.responses,
  });
  // The registry reads `responses` when the route is registered; the handler's type must not see
  // the error answers (they are thrown, never returned), so they are added behind its back.
  Object.assign(route.responses, { ...errorResponses(codes), ...d.responses });
  return route as typeof route & { request: Req; responses: Res };
}

/** Reading a JSON body with our own answers for the wrong content type and broken JSON (before validation). */
export const readJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("application/json")) throw fail("json_required");
  try {
    await c.req.json(); // cached: the validator reads the same parse
  } catch {
    throw fail("bad_json");
  }
  await next();
};
