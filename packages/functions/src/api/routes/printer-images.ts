import { z } from "@hono/zod-openapi";
import { fail } from "@printhood/core";
import { declareRoute, routeGroup } from "../contract.ts";
import { printerImage } from "../printer-images/images.ts";

/** `/api/printer-images/{name}`: the stock printer drawings (DECISIONS.md "Stock images"). */

const image = declareRoute({
  method: "get",
  path: "/{name}",
  summary: "A stock printer image (SVG), cached for a year",
  tags: ["Printers"],
  access: "public",
  request: { params: z.object({ name: z.string().meta({ description: 'e.g. "prusa-mk4.svg" or "default.svg"' }) }) },
  responses: { 200: { description: "The drawing", content: { "image/svg+xml": { schema: z.string() } } } },
  errors: ["image_not_found"],
});

export const printerImageRoutes = routeGroup().openapi(image, (c) => {
  const svg = printerImage(c.req.valid("param").name);
  if (!svg) throw fail("image_not_found");
  c.header("Content-Type", "image/svg+xml; charset=utf-8");
  // The drawings never change under a name: browsers and the CDN keep them for a year.
  c.header("Cache-Control", "public, max-age=31536000, immutable");
  c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
  return c.body(svg, 200);
});
