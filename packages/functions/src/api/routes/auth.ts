import { createSession, endSession, login, loginInput, register, registerInput, userSchema } from "@printhood/core";
import { declareRoute, json, jsonBody, okSchema, readJson, routeGroup } from "../contract.ts";
import { clearSessionCookie, setSessionCookie } from "../middleware/session.ts";

/** `/api/register`, `/api/login`, `/api/logout`, `/api/auth/user`: accounts and the session cookie (spec 1 §7). */

const registerRoute = declareRoute({
  method: "post",
  path: "/register",
  summary: "Create an account and sign in (sets the session cookie)",
  tags: ["Accounts"],
  access: "public",
  request: { body: jsonBody(registerInput) },
  middleware: [readJson],
  responses: { 201: json(userSchema, "The new account, signed in") },
  errors: ["password_too_common", "account_taken", "register_conflict", "sign_up_address_limit"],
});

const loginRoute = declareRoute({
  method: "post",
  path: "/login",
  summary: "Sign in (sets the session cookie; a previous session on this browser ends)",
  description:
    "A staff account also sends `totp`, the 6-digit code of its authenticator app (RFC 6238): without it the answer is 401 `totp_required`, with a wrong or used one 401 `totp_invalid` (both count as failed attempts). Other accounts need no code. A suspended account is refused with 403 `account_suspended`.",
  tags: ["Accounts"],
  access: "public",
  request: { body: jsonBody(loginInput) },
  middleware: [readJson],
  responses: { 200: json(userSchema, "Signed in") },
  errors: [
    "invalid_credentials",
    "too_many_attempts",
    "sign_in_slowed",
    "sign_in_address_limit",
    "totp_required",
    "totp_invalid",
    "account_suspended",
  ],
});

const logoutRoute = declareRoute({
  method: "post",
  path: "/logout",
  summary: "Sign out (ends the session, clears the cookie)",
  tags: ["Accounts"],
  access: "public",
  responses: { 200: json(okSchema, "Signed out") },
});

const currentUser = declareRoute({
  method: "get",
  path: "/auth/user",
  summary: "The signed-in user, or null when signed out",
  description: "Signed out is a normal answer here (200 with `null`), not an error: the site asks on every page load.",
  tags: ["Accounts"],
  access: "public",
  responses: { 200: json(userSchema.nullable(), "The signed-in user, or null when signed out") },
});

export const authRoutes = routeGroup()
  .openapi(registerRoute, async (c) => {
    const user = await register(c.var.deps.store, c.req.valid("json"), { clientAddress: c.var.deps.clientAddress(c) });
    const session = await createSession(c.var.deps.store, user.id);
    setSessionCookie(c, session.token, session.maxAge);
    return c.json(user, 201);
  })
  .openapi(loginRoute, async (c) => {
    const { user, secondFactor } = await login(
      c.var.deps.store,
      c.req.valid("json"),
      { clientAddress: c.var.deps.clientAddress(c) },
      c.var.deps.clock(),
    );
    // A previous session on this browser is replaced, never left behind.
    if (c.var.sessionToken) await endSession(c.var.deps.store, c.var.sessionToken);
    const session = await createSession(c.var.deps.store, user.id, { secondFactor });
    setSessionCookie(c, session.token, session.maxAge);
    return c.json(user, 200);
  })
  .openapi(logoutRoute, async (c) => {
    if (c.var.sessionToken) await endSession(c.var.deps.store, c.var.sessionToken);
    clearSessionCookie(c);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(currentUser, (c) => c.json(c.var.user ?? null, 200));
