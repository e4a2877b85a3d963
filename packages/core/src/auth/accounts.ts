import { createHash, randomBytes, randomUUID } from "node:crypto";
import { failedConditions } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { fail } from "../shared/errors.ts";
import { type PublicUser, presentUser } from "../users/present.ts";
import { getDummyHash, hashPassword, verifyPassword } from "./password.ts";
import type { LoginInput, RegisterInput } from "./schemas.ts";

/** Sessions last 30 days; the cookie's Max-Age matches. */
export const SESSION_SECONDS = 30 * 24 * 3600;
/** Ten wrong passwords in a row lock sign-in for that email for 15 minutes. */
export const MAX_FAILED_LOGINS = 10;
export const LOCK_SECONDS = 15 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const emailKey = (email: string) => email.trim().toLowerCase();

export async function register(store: Store, input: RegisterInput): Promise<PublicUser> {
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim();
  const record = {
    userId,
    email,
    username: input.username,
    passwordHash,
    firstName: input.firstName || undefined,
    lastName: input.lastName || undefined,
    zipCode: input.zipCode,
    userType: input.userType ?? "customer",
    createdAt: new Date().toISOString(),
  } as const;
  // One transaction: the user and both reservations, each conditional on not existing.
  const result = await store.service.transaction
    .write(({ users: u, uniques: q }) => [
      u.create(record).commit(),
      q.create({ kind: "email", value: emailKey(email), userId }).commit(),
      q.create({ kind: "username", value: input.username.toLowerCase(), userId }).commit(),
    ])
    .go();
  if (result.canceled) {
    // Items: 0 the user, 1 the email's reservation, 2 the username's.
    const failed = failedConditions(result);
    if (failed.includes(1)) throw fail("email_taken");
    if (failed.includes(2)) throw fail("username_taken");
    throw fail("register_conflict");
  }
  return presentUser(record);
}

const locked = (secondsLeft: number) => fail("too_many_attempts", { minutes: Math.max(1, Math.ceil(secondsLeft / 60)) });

export async function login(store: Store, input: LoginInput): Promise<PublicUser> {
  const { uniques, users, loginThrottles } = store.entities;
  const key = emailKey(input.email);
  const now = nowSeconds();

  const throttle = (await loginThrottles.get({ emailKey: key }).go({ consistent: true })).data;
  if (throttle?.lockedUntil && throttle.lockedUntil > now) {
    throw locked(throttle.lockedUntil - now);
  }

  const unique = (await uniques.get({ kind: "email", value: key }).go({ consistent: true })).data;
  const user = unique ? (await users.get({ userId: unique.userId }).go({ consistent: true })).data : null;
  // Verify against a dummy hash when there is no account, so timing reveals nothing either.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));

  if (!user || !ok) {
    const updated = await loginThrottles
      .upsert({ emailKey: key, expiresAt: now + LOCK_SECONDS * 2 })
      .add({ failures: 1 })
      .go({ response: "all_new" });
    const failures = updated.data?.failures ?? 1;
    if (failures >= MAX_FAILED_LOGINS) {
      await loginThrottles
        .upsert({ emailKey: key, expiresAt: now + LOCK_SECONDS * 2 })
        .set({ lockedUntil: now + LOCK_SECONDS, failures: 0 })
        .go();
      throw locked(LOCK_SECONDS);
    }
    throw fail("invalid_credentials");
  }
  if (throttle) await loginThrottles.delete({ emailKey: key }).go();
  return presentUser(user);
}

/** Create a session for a user; returns the raw token for the cookie (stored only hashed). */
export async function createSession(store: Store, userId: string): Promise<{ token: string; maxAge: number }> {
  const token = randomBytes(32).toString("base64url");
  await store.entities.sessions
    .create({ tokenHash: hashToken(token), userId, createdAt: new Date().toISOString(), expiresAt: nowSeconds() + SESSION_SECONDS })
    .go();
  return { token, maxAge: SESSION_SECONDS };
}

export async function endSession(store: Store, token: string): Promise<void> {
  await store.entities.sessions.delete({ tokenHash: hashToken(token) }).go();
}

/** The signed-in user for a session token, or null (unknown, expired or deleted user). */
export async function userForSession(store: Store, token: string): Promise<PublicUser | null> {
  if (!token || token.length > 200) return null;
  const session = (await store.entities.sessions.get({ tokenHash: hashToken(token) }).go()).data;
  // TTL deletion is lazy (days in AWS, maybe never locally): check expiry on every read.
  if (!session || session.expiresAt <= nowSeconds()) return null;
  const user = (await store.entities.users.get({ userId: session.userId }).go()).data;
  return user ? presentUser(user) : null;
}
