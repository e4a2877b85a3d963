import { z } from "@hono/zod-openapi";
import { fail, thumbnailKey } from "@printhood/core";
import { declareRoute, routeGroup } from "../contract.ts";

/**
 * `/api/thumbnails/{id}` (issue 22 point 5): a design's picture, the PNG the analysis drew from its
 * mesh. Its id is random and given only with the drafts and orders it belongs to, so whoever was
 * shown the order may see it (an e-mail's image included) and nobody can list them; the bytes
 * never change under an id, so browsers and the CDN keep them.
 */

const read = declareRoute({
  method: "get",
  path: "/{id}",
  summary: "A design's thumbnail (PNG), cached for a year",
  tags: ["Drafts"],
  access: "public",
  request: { params: z.object({ id: z.string().meta({ description: "A part's thumbnail id (its `thumbnailUrl`)" }) }) },
  responses: { 200: { description: "The picture", content: { "image/png": { schema: z.string() } } } },
  errors: ["thumbnail_not_found"],
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const thumbnailRoutes = routeGroup().openapi(read, async (c) => {
  const { id } = c.req.valid("param");
  const png = UUID.test(id) ? await c.var.deps.files.readSmall(thumbnailKey(id)) : null;
  if (!png) throw fail("thumbnail_not_found");
  c.header("Content-Type", "image/png");
  c.header("Cache-Control", "public, max-age=31536000, immutable");
  return c.body(png as Uint8Array<ArrayBuffer>, 200);
});
