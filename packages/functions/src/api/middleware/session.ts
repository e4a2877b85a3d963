import { fail, inboxRead, type KeyedRead, type OrderRecord, orderRead, type PublicUser, sessionWith } from "@printhood/core";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../deps.ts";

export const SESSION_COOKIE = "ph_session";

/**
 * What a few hot reads (issue 13) read first and know the key of from their path alone, read in
 * the session's BatchGetItem instead of a round trip of their own: the order of an order's page
 * (`GET /api/print-jobs/{uuid}`) and the asker's inbox stamp for their conversations (only when
 * the token names the user of the path). Nothing here is answered: the route still decides, from
 * the signed-in user and these items, exactly as when it reads them itself (a stranger's answer
 * stays that of a missing order; another user's path is refused before any handler runs).
 */
export interface Prefetched {
  order?: { ref: string; job: OrderRecord | null };
  inbox?: { userId: string; stamp: string };
}

const ORDER_PAGE = /^\/api\/print-jobs\/([^/]+)$/;
const CONVERSATIONS = /^\/api\/users\/([^/]+)\/conversations$/;

function prefetchFor(c: Context<AppEnv>, token: string): { order?: KeyedRead<OrderRecord>; orderRef?: string; inbox?: string } {
  if (c.req.method !== "GET") return {};
  const path = c.req.path;
  const order = ORDER_PAGE.exec(path)?.[1];
  if (order) {
    const read = orderRead(c.var.deps.store, order);
    return read ? { order: read, orderRef: order } : {};
  }
  const userId = CONVERSATIONS.exec(path)?.[1];
  if (userId && token.startsWith(`${userId}.`)) return { inbox: userId };
  return {};
}

/** Resolve the session cookie to a user (or null) for every request. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE) ?? null;
  c.set("sessionToken", token);
  c.set("prefetched", {});
  c.set("staffSession", false);
  if (!token) {
    c.set("user", null);
    return next();
  }
  const store = c.var.deps.store;
  const want = prefetchFor(c, token);
  const reads: KeyedRead<unknown>[] = [];
  if (want.order) reads.push(want.order);
  if (want.inbox) reads.push(inboxRead(store, want.inbox));
  const { user, items, staffSession } = await sessionWith(store, token, reads);
  c.set("user", user);
  c.set("staffSession", staffSession);
  if (user && items) {
    const prefetched: Prefetched = {};
    if (want.order && want.orderRef) prefetched.order = { ref: want.orderRef, job: items[0] as OrderRecord | null };
    // A missing inbox is version 0 (inboxRead's stampOf).
    if (want.inbox) prefetched.inbox = { userId: want.inbox, stamp: (items[0] as string | null) ?? "0" };
    c.set("prefetched", prefetched);
  }
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
