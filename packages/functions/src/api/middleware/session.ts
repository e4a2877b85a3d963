import { fail, type PublicUser, userForSession } from "@printhood/core";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../deps.ts";

export const SESSION_COOKIE = "ph_session";

/** Resolve the session cookie to a user (or null) for every request. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE) ?? null;
  c.set("sessionToken", token);
  c.set("user", token ? await userForSession(c.var.deps.store, token) : null);
  await next();
};

export function requireUser(c: Context<AppEnv>): PublicUser {
  const user = c.var.user;
  if (!user) throw fail("not_signed_in");
  return user;
}

/** `/api/users/{id}/…` answers only for the signed-in user themself. */
export function requireSelf(c: Context<AppEnv>, userId: string): PublicUser {
  const user = requireUser(c);
  if (user.id !== userId) throw fail("not_your_account");
  return user;
}

export function setSessionCookie(c: Context<AppEnv>, token: string, maxAge: number) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: c.var.deps.config.secureCookies,
    path: "/",
    maxAge,
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: c.var.deps.config.secureCookies });
}
