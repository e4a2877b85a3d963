import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { declareRoute, json, routeGroup } from "../contract.ts";
import type { AppEnv } from "../deps.ts";
import { buildDocument, type OpenApiDocument } from "../openapi.ts";
import { renderReference } from "../reference.ts";

/** `/api/openapi.json` and `/api/docs`: the contract itself, as data and as a page to read. */

const documentRoute = declareRoute({
  method: "get",
  path: "/openapi.json",
  summary: "The OpenAPI 3.1 document of every call",
  tags: ["Reference"],
  access: "public",
  responses: { 200: json(z.record(z.string(), z.unknown()), "The document") },
});

const referenceRoute = declareRoute({
  method: "get",
  path: "/docs",
  summary: "The API reference as a page, from the same document",
  tags: ["Reference"],
  access: "public",
  responses: { 200: { description: "HTML", content: { "text/html": { schema: z.string() } } } },
});

// biome-ignore lint/suspicious/noExplicitAny: the app of every route, whatever its route schema
export function docRoutes(app: OpenAPIHono<AppEnv, any, any>) {
  // Built on first use, when every route (these two included) is registered; the routes never change after.
  let doc: OpenApiDocument | undefined;
  const document = () => (doc ??= buildDocument(app));
  return routeGroup()
    .openapi(documentRoute, (c) => {
      c.header("Cache-Control", "public, max-age=300");
      return c.json(document() as unknown as Record<string, unknown>, 200);
    })
    .openapi(referenceRoute, (c) => {
      c.header("Cache-Control", "public, max-age=300");
      return c.html(renderReference(document()), 200);
    });
}
