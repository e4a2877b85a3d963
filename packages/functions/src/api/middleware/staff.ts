import { fail, type StaffActor } from "@printhood/core";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps.ts";

/**
 * The one gate of `/api/staff/` (issue 21 point 5, DESIGN.md "Trust, scale and operations"): only a
 * staff account on a session that passed the TOTP second factor gets through. Everyone else
 * (signed out, customers, owners, staff on a session without TOTP, a suspended account) gets
 * exactly the answer of an address that does not exist, so the staff side does not even show
 * that it is there. app.ts puts it in front of every path under /api/staff/, and every route
 * declared with `access: "staff"` runs it again (contract.ts), wherever it is mounted.
 */
export const staffOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user || !c.var.staffSession) throw fail("not_found");
  await next();
};

/** The staff member behind this request, for the audit line (only after `staffOnly`). */
export function requireStaff(c: Context<AppEnv>): StaffActor {
  const user = c.var.user;
  if (!user || !c.var.staffSession) throw fail("not_found");
  return { id: user.id, email: user.email };
}
