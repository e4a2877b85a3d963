import { listNotifications } from "@printhood/core";
import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";
import { requireSelf } from "../middleware/session.ts";

/** `/api/users/{id}/…`: each answers only for the signed-in user. */
export const userRoutes = new Hono<AppEnv>().get("/users/:id/notifications", async (c) => {
  const user = requireSelf(c, c.req.param("id"));
  return c.json(await listNotifications(c.var.deps.store, user.id));
});
