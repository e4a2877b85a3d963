import { fail } from "@printhood/core";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuse state-changing requests from another origin (cross-site request forgery). Browsers
 * always send Origin on cross-origin POST/PUT/PATCH/DELETE and Sec-Fetch-Site where supported;
 * requests without either (curl, server-to-server) carry no ambient cookie risk.
 * The Stripe webhook is exempt: it is authenticated by its signature instead.
 */
export function sameOrigin(exempt: string[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method) || exempt.includes(c.req.path)) return next();
    const origin = c.req.header("origin");
    const { allowedOrigins, trustForwardedHost } = c.var.deps.config;
    const forwarded = trustForwardedHost ? c.req.header("x-forwarded-host") : undefined;
    const allowed = forwarded ? [...allowedOrigins, `https://${forwarded}`] : allowedOrigins;
    const fetchSite = c.req.header("sec-fetch-site");
    if ((origin && origin !== "null" && !allowed.includes(origin)) || origin === "null" || fetchSite === "cross-site") {
      throw fail("cross_origin");
    }
    return next();
  };
}
