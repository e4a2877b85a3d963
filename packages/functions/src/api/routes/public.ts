import { getStats } from "@printhood/core";
import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

/** Calls anyone may make: health and the landing page's live figures. */
export const publicRoutes = new Hono<AppEnv>()
  .get("/health", async (c) => {
    const standIns = await c.var.deps.health();
    const ok = Object.values(standIns).every(Boolean);
    return c.json({ ok, standIns }, ok ? 200 : 503);
  })
  .get("/stats", async (c) => {
    c.header("Cache-Control", "public, max-age=30");
    return c.json(await getStats(c.var.deps.store));
  });
