import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps.ts";

/**
 * The site's security headers (core/src/security/headers.ts) on every API answer, errors
 * included. In AWS CloudFront sets the same values (stacks/Web.ts); these cover calls that
 * reach the API another way, and local mode. Registered outside Hono's secureHeaders(), so
 * where both name a header, ours is the one that stays.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(c.var.deps.config.securityHeaders)) c.res.headers.set(name, value);
};
