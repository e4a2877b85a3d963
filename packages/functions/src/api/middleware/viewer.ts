import type { PhotoViewer } from "@printhood/core";
import type { Context } from "hono";
import type { AppEnv } from "../deps.ts";
import { requireUser } from "./session.ts";

/**
 * The signed-in person as core's "who may see this" rules take them: their id, and whether they
 * act as staff (a staff account on a session that passed TOTP, as the staff gate asks).
 */
export function viewerOf(c: Context<AppEnv>): PhotoViewer {
  const user = requireUser(c);
  return { id: user.id, isStaff: user.isStaff && !!c.var.staffSession };
}
