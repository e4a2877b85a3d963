import { createSession, endSession, login, loginInput, register, registerInput } from "@printhood/core";
import { Hono } from "hono";
import { jsonBody } from "../body.ts";
import type { AppEnv } from "../deps.ts";
import { clearSessionCookie, requireUser, setSessionCookie } from "../middleware/session.ts";

/** Accounts (spec 1 §7): register, login, logout, current user. */
export const authRoutes = new Hono<AppEnv>()
  .post("/register", async (c) => {
    const input = await jsonBody(c, registerInput);
    const user = await register(c.var.deps.store, input);
    const session = await createSession(c.var.deps.store, user.id);
    setSessionCookie(c, session.token, session.maxAge);
    return c.json(user, 201);
  })
  .post("/login", async (c) => {
    const input = await jsonBody(c, loginInput);
    const user = await login(c.var.deps.store, input);
    // A previous session on this browser is replaced, never left behind.
    if (c.var.sessionToken) await endSession(c.var.deps.store, c.var.sessionToken);
    const session = await createSession(c.var.deps.store, user.id);
    setSessionCookie(c, session.token, session.maxAge);
    return c.json(user);
  })
  .post("/logout", async (c) => {
    if (c.var.sessionToken) await endSession(c.var.deps.store, c.var.sessionToken);
    clearSessionCookie(c);
    return c.json({ ok: true });
  })
  .get("/auth/user", (c) => c.json(requireUser(c)));
