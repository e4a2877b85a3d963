import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type Answers, getTogether, type KeyedRead, keyed } from "../db/batch.ts";
import { failedConditions } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { addressSubject } from "../limits/client-address.ts";
import { type LimitRule, reserve } from "../limits/rate-limit.ts";
import { SIGN_IN_PER_ADDRESS, SIGN_UP_PER_ADDRESS } from "../limits/rules.ts";
import { fail } from "../shared/errors.ts";
import { checkSecondFactor } from "../staff/second-factor.ts";
import { type PublicUser, presentUser, type UserRecord } from "../users/present.ts";
import { getDummyHash, hashPassword, verifyPassword } from "./password.ts";
import { refuseWeakPassword } from "./password-policy.ts";
import type { LoginInput, RegisterInput } from "./schemas.ts";
import { countWrongPassword, takeSlowdownTurn } from "./sign-in-slowdown.ts";
import { reserveSignIn } from "./sign-in-throttle.ts";

/** Sessions last 30 days; the cookie's Max-Age matches. */
export const SESSION_SECONDS = 30 * 24 * 3600;
export { LOCK_SECONDS, MAX_FAILED_LOGINS } from "./sign-in-throttle.ts";

/** Who is asking: the client's address when the request came from outside (the API), for per-address limits. */
export interface RequestContext {
  clientAddress?: string | undefined;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const emailKey = (email: string) => email.trim().toLowerCase();

/** Counts a request against a per-address rule when it came from a client (seeding and scripts have none). */
const reserveForAddress = (store: Store, rule: LimitRule, context: RequestContext) =>
  context.clientAddress === undefined ? undefined : reserve(store, rule, addressSubject(context.clientAddress));

/** The address part of the sign-in pair: the client's subject, or one shared by callers without an address (scripts). */
const pairSubject = (context: RequestContext) =>
  context.clientAddress === undefined ? "no-client-address" : addressSubject(context.clientAddress);

export async function register(store: Store, input: RegisterInput, context: RequestContext = {}): Promise<PublicUser> {
  // Counted before the password is checked and hashed: a flood costs the limit, not our CPU.
  await reserveForAddress(store, SIGN_UP_PER_ADDRESS, context);
  // Its length is the schema's; a common or leaked password (or one made of the person's own names) is refused here.
  await refuseWeakPassword(input.password, [input.username, input.email, input.email.split("@")[0] ?? ""]);
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
    // Items: 0 the user, 1 the email's reservation, 2 the username's. One answer for either
    // (account_taken), so sign-up does not tell which (DECISIONS.md).
    const failed = failedConditions(result);
    if (failed.includes(1) || failed.includes(2)) throw fail("account_taken");
    throw fail("register_conflict");
  }
  return presentUser(record);
}

/** A sign-in: the account, and whether it passed the TOTP second factor (staff only; the session records it). */
export interface SignedIn {
  user: PublicUser;
  secondFactor: boolean;
}

/**
 * Sign-in. Every count is taken before the password is checked, so parallel guesses cannot slip
 * past them: per client address (a wrong password across many emails), per email and address (ten
 * in a row lock that pair, sign-in-throttle.ts) and per email across addresses (a bounded slow-down
 * for the addresses that have failed for it, sign-in-slowdown.ts). No address can lock the email for
 * another: an address that has not failed for it always has the right password accepted.
 * A staff account also needs its TOTP code (issue 21 point 5; a missing or wrong code counts as a
 * failed attempt); a suspended account is refused once its password is right (so the refusal
 * tells a guesser nothing).
 */
export async function login(store: Store, input: LoginInput, context: RequestContext = {}, now = new Date()): Promise<SignedIn> {
  const { uniques, users } = store.entities;
  const key = emailKey(input.email);
  const fromAddress = await reserveForAddress(store, SIGN_IN_PER_ADDRESS, context);
  const attempt = await reserveSignIn(store, key, pairSubject(context));
  try {
    await takeSlowdownTurn(store, key, attempt.failedBefore);
  } catch (slowed) {
    return attempt.failed(slowed as Error);
  }

  const unique = (await uniques.get({ kind: "email", value: key }).go({ consistent: true })).data;
  const user = unique ? (await users.get({ userId: unique.userId }).go({ consistent: true })).data : null;
  // Verify against a dummy hash when there is no account, so timing reveals nothing either.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));

  if (!user || !ok) {
    await countWrongPassword(store, key);
    return attempt.failed(fail("invalid_credentials"));
  }
  const secondFactor = user.staff === true;
  if (secondFactor) {
    const refused = await checkSecondFactor(store, user, input.totp, now);
    if (refused) return attempt.failed(refused);
  }
  await attempt.succeeded();
  // The address limit counts failures: people sharing a network who sign in are not held against it.
  await fromAddress?.refund();
  if (user.suspendedAt) throw fail("account_suspended");
  return { user: presentUser(user), secondFactor };
}

/**
 * Create a session for a user; returns the raw token for the cookie (stored only hashed). The token
 * is `{userId}.{32 random bytes}`: the user id (no secret: it is in every /api/users/{id} URL) lets
 * a request read the session and its user together in one round trip (userForSession); the
 * random part is what proves the session, and the stored session must name that same user.
 */
export async function createSession(
  store: Store,
  userId: string,
  options: { secondFactor?: boolean } = {},
): Promise<{ token: string; maxAge: number }> {
  const token = `${userId}.${randomBytes(32).toString("base64url")}`;
  await store.entities.sessions
    .create({
      tokenHash: hashToken(token),
      userId,
      createdAt: new Date().toISOString(),
      expiresAt: nowSeconds() + SESSION_SECONDS,
      ...(options.secondFactor ? { secondFactor: true } : {}),
    })
    .go();
  return { token, maxAge: SESSION_SECONDS };
}

export async function endSession(store: Store, token: string): Promise<void> {
  await store.entities.sessions.delete({ tokenHash: hashToken(token) }).go();
}

/**
 * The signed-in user for a session token, or null (unknown, expired or deleted user). A token that
 * names its user (createSession) costs one BatchGetItem for the session and the user; one that does
 * not (made before tokens named their user) reads the session, then its user.
 */
export async function userForSession(store: Store, token: string): Promise<PublicUser | null> {
  return (await sessionWith(store, token, [])).user;
}

/**
 * userForSession, and other items read in the same BatchGetItem (one round trip fewer): items a
 * route reads first whose keys are in its path (an order's id, the asker's inbox). They are only
 * read here, never answered: the route still decides from the user and them whether the asker may
 * see anything, exactly as when it reads them itself. With `also`, the whole batch is read
 * consistently (the reads it replaces are consistent). A token that cannot be a session reads nothing.
 * A suspended account's sessions answer nobody (issue 21 point 5: suspending ends them at once).
 * `staffSession`: the user is staff and this session passed the TOTP second factor (the one thing
 * the /api/staff/ guard checks).
 */
export async function sessionWith<const T extends readonly KeyedRead<unknown>[]>(
  store: Store,
  token: string,
  also: T,
): Promise<{ user: PublicUser | null; items: Answers<T> | null; staffSession: boolean }> {
  const nobody = { user: null, items: null, staffSession: false };
  if (!token || token.length > 200) return nobody;
  const { sessions, users } = store.entities;
  const tokenHash = hashToken(token);
  const dot = token.indexOf(".");
  const named = dot > 0 ? token.slice(0, dot) : null;
  const consistent = also.length > 0;
  let session: { userId: string; expiresAt: number; secondFactor?: boolean | undefined } | null;
  let user: UserRecord | null;
  let items: Answers<T>;
  if (named) {
    const [s, u, ...rest] = await getTogether(store, [keyed(sessions, { tokenHash }), keyed(users, { userId: named }), ...also], {
      consistent,
    });
    session = s as typeof session;
    user = u as UserRecord | null;
    items = rest as unknown as Answers<T>;
    // The session proves who it is for: a token whose id part names someone else answers nobody.
    if (session && session.userId !== named) return nobody;
  } else {
    const [s, rest] = await Promise.all([sessions.get({ tokenHash }).go(), also.length ? getTogether(store, also, { consistent }) : []]);
    session = s.data;
    items = rest as unknown as Answers<T>;
    user = session ? (await users.get({ userId: session.userId }).go()).data : null;
  }
  // TTL deletion is lazy (days in AWS, maybe never locally): check expiry on every read.
  if (!session || session.expiresAt <= nowSeconds()) return nobody;
  if (!user || user.suspendedAt) return nobody;
  return { user: presentUser(user), items, staffSession: user.staff === true && session.secondFactor === true };
}
