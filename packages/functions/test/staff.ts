import { grantStaff } from "@printhood/core";
import type { LocalStack } from "@printhood/local";
import { generate } from "otplib";
import { expect } from "vitest";
import { newUser, TestClient } from "./client.ts";

/** Helpers for the staff tests: staff accounts made as `npm run staff:add` makes them, signed in with a real TOTP code. */

/** The code an authenticator app shows now for `secret` (offset in 30-second steps). */
export const totpNow = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * A new account made staff, signed in with its password and TOTP code. Each is its own account,
 * so no two tests use one code twice (a code is good once per account).
 */
export async function staffSignedIn(stack: LocalStack) {
  const c = new TestClient(stack.url);
  const payload = newUser();
  const reg = await c.post("/api/register", payload);
  expect(reg.status).toBe(201);
  await c.post("/api/logout");
  const grant = await grantStaff(stack.store, payload.email);
  const res = await c.post("/api/login", { email: payload.email, password: payload.password, totp: await totpNow(grant.secret) });
  expect(res.status).toBe(200);
  return { c, me: res.json as { id: string; email: string }, payload, grant };
}
