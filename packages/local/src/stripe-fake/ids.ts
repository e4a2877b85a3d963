import { randomBytes } from "node:crypto";

/** Stripe timestamps are Unix seconds. */
export const now = () => Math.floor(Date.now() / 1000);
export const rand = (n = 24) => randomBytes(n).toString("base64url").replace(/[-_]/g, "").slice(0, n).padEnd(n, "0");
export const newId = (prefix: string) => `${prefix}_${rand(24)}`;
