import { createHash } from "node:crypto";
import { ERRORS, MAX_FAILED_LOGINS, PASSWORD_MIN_LENGTH, SIGN_IN_SLOWDOWN } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { useStack } from "./stack.ts";

const stack = useStack();

const client = () => new TestClient(stack().url);

describe("accounts", () => {
  it("registers, reads the session user, signs out and in again", async () => {
    const c = client();
    const payload = newUser({ firstName: "Ada", lastName: "Lovelace" });
    const reg = await c.post("/api/register", payload);
    expect(reg.status).toBe(201);
    expect(reg.json).toMatchObject({ email: payload.email, username: payload.username, userType: "customer", firstName: "Ada" });
    expect(reg.json).not.toHaveProperty("passwordHash");
    const setCookie = reg.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/ph_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await c.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(reg.json.id);

    expect((await c.post("/api/logout")).status).toBe(200);
    // Signed out is an answer, not an error (spec 1 §7: "user object or null").
    const out = await c.get("/api/auth/user");
    expect(out.status).toBe(200);
    expect(out.json).toBeNull();

    const login = await c.post("/api/login", { email: payload.email.toUpperCase(), password: payload.password });
    expect(login.status).toBe(200);
    expect(login.json.id).toBe(reg.json.id);
    expect((await c.get("/api/auth/user")).json.id).toBe(reg.json.id);
  });

  it("a signed-out session token no longer works even if replayed", async () => {
    const c = client();
    await c.post("/api/register", newUser());
    const token = c.cookie("ph_session");
    await c.post("/api/logout");
    const replay = await fetch(`${stack().url}/api/auth/user`, { headers: { cookie: `ph_session=${token}` } });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toBeNull();
  });

  it("a session token names its user, and answers for nobody when that part is changed; an older token without it still works", async () => {
    const a = client();
    const b = client();
    const me = (await a.post("/api/register", newUser())).json as { id: string };
    const other = (await b.post("/api/register", newUser())).json as { id: string };
    const token = a.cookie("ph_session") ?? "";
    expect(token.startsWith(`${me.id}.`)).toBe(true);
    const asked = (t: string) => fetch(`${stack().url}/api/auth/user`, { headers: { cookie: `ph_session=${t}` } });
    expect((await asked(token)).status).toBe(200);
    // Another person's id in front of one's own secret: no session has that hash, and none names them.
    expect(await (await asked(`${other.id}.${token.slice(me.id.length + 1)}`)).json()).toBeNull();
    expect(await (await asked(token.slice(me.id.length + 1))).json()).toBeNull();
    // A session stored under a token of the older form (no user id) is still read, session then user.
    const old = "older-form-token-without-a-user-id-0123456789";
    await stack()
      .store.entities.sessions.create({
        tokenHash: createHash("sha256").update(old).digest("hex"),
        userId: me.id,
        createdAt: new Date().toISOString(),
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
      })
      .go();
    const answer = await asked(old);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { id: string }).id).toBe(me.id);
  });

  it("keeps email and username unique, case-insensitively", async () => {
    const first = newUser();
    expect((await client().post("/api/register", first)).status).toBe(201);
    const sameEmail = await client().post("/api/register", newUser({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    const sameName = await client().post("/api/register", newUser({ username: first.username.toUpperCase() }));
    expect(sameName.status).toBe(409);
    // One answer for both, so sign-up does not tell which one exists (DECISIONS.md).
    expect(sameEmail.json).toEqual({
      message: "That email or username is already in use. If it is yours, please sign in; otherwise choose another.",
      code: "account_taken",
    });
    expect(sameName.json).toEqual(sameEmail.json);
  });

  it("lets exactly one of several racing sign-ups with one email win", async () => {
    const email = newUser().email;
    const results = await Promise.all(Array.from({ length: 6 }, () => client().post("/api/register", newUser({ email }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it("refuses bad input with a readable 400, and unknown keys", async () => {
    const missing = await client().post("/api/register", { username: "someone", password: "long enough pw" });
    expect(missing.status).toBe(400);
    // Each answer names the field it is about, for the form to show the message under it.
    expect(missing.json).toMatchObject({ message: "Email is required.", field: "email" });
    const badEmail = await client().post("/api/register", newUser({ email: "not-an-email" }));
    expect(badEmail.status).toBe(400);
    expect(badEmail.json).toMatchObject({ message: "Please enter a valid email address.", field: "email" });
    const shortPw = await client().post("/api/register", newUser({ password: "x".repeat(PASSWORD_MIN_LENGTH - 1) }));
    expect(shortPw.status).toBe(400);
    expect(shortPw.json).toMatchObject({ message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`, field: "password" });
    for (const common of ["password1234", "qwertyuiop123", "Summer2026!"]) {
      const weak = await client().post("/api/register", newUser({ password: common }));
      expect(weak.status).toBe(400);
      expect(weak.json).toEqual({ code: "password_too_common", message: ERRORS.password_too_common.message, field: "password" });
    }
    const extra = await client().post("/api/register", newUser({ isAdmin: true }));
    expect(extra.status).toBe(400);
    expect(extra.json).toEqual({ code: "unknown_field", message: "Unexpected field: isAdmin." });
    const both = await client().post("/api/register", newUser({ userType: "both" }));
    expect(both.json.message).toBe("Account type must be customer or printer_owner.");
    const notJson = await client().post("/api/login", "{oops", { "content-type": "application/json" });
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toBe("The request body is not valid JSON.");
    const emptyLogin = await client().post("/api/login", { email: "", password: "" });
    expect(emptyLogin.status).toBe(400);
  });

  it("answers a wrong password and an unknown email identically", async () => {
    const u = newUser();
    await client().post("/api/register", u);
    const wrong = await client().post("/api/login", { email: u.email, password: "not the password" });
    const unknown = await client().post("/api/login", { email: `nobody-${u.email}`, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
  });

  it("locks one address out of one email after ten tries in a row without success, for known and unknown emails alike", async () => {
    const u = newUser();
    await client().post("/api/register", u);
    for (const email of [u.email, `ghost-${u.email}`]) {
      const from = client();
      const answers = [];
      for (let i = 0; i < MAX_FAILED_LOGINS + 2; i++) answers.push(await from.post("/api/login", { email, password: `wrong-${i}` }));
      // The first are wrong passwords; then the email's slow-down may refuse this address; the tenth locks it.
      expect(answers.slice(0, SIGN_IN_SLOWDOWN.freeFailures).map((a) => a.status)).toEqual(Array(SIGN_IN_SLOWDOWN.freeFailures).fill(401));
      for (const a of answers.slice(MAX_FAILED_LOGINS - 1)) expect(a.json.code).toBe("too_many_attempts");
      const locked = await from.post("/api/login", { email, password: u.password });
      expect(locked.status).toBe(429);
      expect(locked.json.message).toMatch(/Too many sign-in attempts/);
    }
    // Another address still has the right password accepted.
    expect((await client().post("/api/login", { email: u.email, password: u.password })).status).toBe(200);
  });

  it("a successful sign-in ends the address's run of failures", async () => {
    const u = newUser();
    await client().post("/api/register", u);
    const from = client();
    const pair = { emailKey: u.email.toLowerCase(), subject: from.address };
    const run = async () => (await stack().store.entities.loginThrottles.get(pair).go({ consistent: true })).data?.failures;
    // Within the free failures: no slow-down yet.
    for (let i = 0; i < SIGN_IN_SLOWDOWN.freeFailures - 1; i++)
      expect((await from.post("/api/login", { email: u.email, password: "wrong" })).status).toBe(401);
    expect(await run()).toBe(SIGN_IN_SLOWDOWN.freeFailures - 1);
    expect((await from.post("/api/login", { email: u.email, password: u.password })).status).toBe(200);
    expect(await run()).toBeUndefined();
    expect((await from.post("/api/login", { email: u.email, password: "wrong" })).status).toBe(401);
    expect(await run()).toBe(1);
  });

  it("refuses a state-changing request from another origin", async () => {
    const evil = new TestClient(stack().url, "https://evil.example");
    const res = await evil.post("/api/register", newUser());
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/another site/);
    const crossSite = await client().post("/api/login", { email: "a@b.co", password: "x" }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    // The same request from the site itself is fine.
    expect((await client().post("/api/register", newUser())).status).toBe(201);
  });
});

describe("users' own data", () => {
  it("shows notifications only to their owner", async () => {
    const alice = client();
    const a = (await alice.post("/api/register", newUser())).json;
    const bob = client();
    const b = (await bob.post("/api/register", newUser())).json;
    const own = await alice.get(`/api/users/${a.id}/notifications`);
    expect(own.status).toBe(200);
    expect(own.json).toEqual([]);
    expect((await alice.get(`/api/users/${b.id}/notifications`)).status).toBe(403);
    expect((await client().get(`/api/users/${a.id}/notifications`)).status).toBe(401);
  });
});

describe("public calls", () => {
  it("reports health and which stand-ins are up", async () => {
    const res = await client().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, standIns: { dynamodb: true, s3: true, eventBus: true, stripe: true, ses: true } });
  });

  it("serves live statistics", async () => {
    const res = await client().get("/api/stats");
    expect(res.status).toBe(200);
    for (const k of ["printersNearby", "printsThisMonth", "totalPrinters", "totalOrders"]) expect(typeof res.json[k]).toBe("number");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await client().get("/api/nope");
    expect(res.status).toBe(404);
    expect(res.json.message).toBeTruthy();
  });
});
