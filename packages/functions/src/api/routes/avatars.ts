import { z } from "@hono/zod-openapi";
import { fail } from "@printhood/core";
import { avatarSvg } from "../avatars/avatars.ts";
import { declareRoute, routeGroup } from "../contract.ts";

/** `/api/avatars/{name}`: the eight preset avatars of Profile Settings (DECISIONS.md "Profile"). */

const avatar = declareRoute({
  method: "get",
  path: "/{name}",
  summary: "A preset avatar (SVG), cached for a year",
  tags: ["Profile"],
  access: "public",
  request: { params: z.object({ name: z.string().meta({ description: 'e.g. "fox.svg" (core/shared/avatars.ts)' }) }) },
  responses: { 200: { description: "The drawing", content: { "image/svg+xml": { schema: z.string() } } } },
  errors: ["avatar_not_found"],
});

export const avatarRoutes = routeGroup().openapi(avatar, (c) => {
  const svg = avatarSvg(c.req.valid("param").name);
  if (!svg) throw fail("avatar_not_found");
  c.header("Content-Type", "image/svg+xml; charset=utf-8");
  // The drawings never change under a name: browsers and the CDN keep them for a year.
  c.header("Cache-Control", "public, max-age=31536000, immutable");
  c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
  return c.body(svg, 200);
});
