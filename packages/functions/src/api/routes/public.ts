import { z } from "@hono/zod-openapi";
import { getStats, statsSchema } from "@printhood/core";
import { declareRoute, json, routeGroup } from "../contract.ts";
import { sharedAnswer } from "../public-cache.ts";

/** `/api/health` and `/api/stats`: calls anyone may make. */
const healthSchema = z
  .object({
    ok: z.boolean(),
    standIns: z.record(z.string(), z.boolean()).meta({ description: "Each backing service and whether it answers" }),
  })
  .meta({ id: "Health" });

const health = declareRoute({
  method: "get",
  path: "/health",
  summary: "Whether the API and its backing services answer",
  tags: ["Public"],
  access: "public",
  responses: { 200: json(healthSchema, "Everything answers"), 503: json(healthSchema, "A backing service does not answer") },
});

const stats = declareRoute({
  method: "get",
  path: "/stats",
  summary: "The landing page's live figures (cached a few seconds, in the function and at the CDN)",
  tags: ["Public"],
  access: "public",
  responses: { 200: json(statsSchema, "The figures") },
});

export const publicRoutes = routeGroup()
  .openapi(health, async (c) => {
    const standIns = await c.var.deps.health();
    const ok = Object.values(standIns).every(Boolean);
    return ok ? c.json({ ok, standIns }, 200) : c.json({ ok, standIns }, 503);
  })
  .openapi(stats, async (c) => {
    const store = c.var.deps.store;
    return c.json(await sharedAnswer(c, "stats", {}, () => getStats(store), { browserSeconds: 5 }), 200);
  });
