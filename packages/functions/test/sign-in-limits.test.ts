import {
  LOCK_SECONDS,
  MAX_FAILED_LOGINS,
  SIGN_IN_PER_ADDRESS,
  SIGN_IN_SLOWDOWN,
  SIGN_UP_PER_ADDRESS,
  slowdownSeconds,
  usedInWindow,
} from "@printhood/core";
import { freshLoopbackAddress } from "@printhood/local";
import { describe, expect, it } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { useStack } from "./stack.ts";
import { awayFromWindowEnd } from "./windows.ts";

const stack = useStack();
const client = (address?: string) => new TestClient(stack().url, stack().url, address);

type Answer = Awaited<ReturnType<TestClient["post"]>>;
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

/** Every 429 says when to come back, in the header and in words. */
function expectRetryAfter(answer: Answer, maxSeconds: number, sentence: RegExp) {
  expect(answer.status).toBe(429);
  const seconds = Number(answer.headers.get("retry-after"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(answer.json.message).toMatch(sentence);
}

describe("nobody can lock someone else out", () => {
  it("an attacker failing 50 times from one address locks only that address: the owner signs in from another at once", async () => {
    const owner = newUser();
    expect((await client().post("/api/register", owner)).status).toBe(201);
    const attacker = client();
    const answers: Answer[] = [];
    for (let i = 0; i < 50; i++) answers.push(await attacker.post("/api/login", { email: owner.email, password: `guess-${i}` }));

    // The first wrong passwords are told so; then the address is slowed, locked, and limited.
    expect(answers.slice(0, SIGN_IN_SLOWDOWN.freeFailures).every((a) => a.status === 401)).toBe(true);
    expect(count(answers, 401)).toBeLessThanOrEqual(MAX_FAILED_LOGINS - 1);
    expect(count(answers, 401) + count(answers, 429)).toBe(50);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(["sign_in_slowed", "too_many_attempts", SIGN_IN_PER_ADDRESS.name]).toContain(a.json.code);
      expectRetryAfter(a, SIGN_IN_PER_ADDRESS.windowSeconds, /Please wait \d+ (seconds?|minutes?) and try again\.$/);
    }
    const lock = answers.find((a) => a.json.code === "too_many_attempts");
    expectRetryAfter(lock!, LOCK_SECONDS, /^Too many sign-in attempts\. Please wait 15 minutes and try again\.$/);
    // The pair (this email, this address) is locked, for a quarter of an hour.
    const pair = await stack()
      .store.entities.loginThrottles.get({ emailKey: owner.email.toLowerCase(), subject: attacker.address })
      .go({ consistent: true });
    expect(pair.data?.lockedUntil).toBeGreaterThan(Date.now() / 1000 + LOCK_SECONDS - 120);

    // A itself: even the right password is refused there.
    const fromAttacker = await attacker.post("/api/login", { email: owner.email, password: owner.password });
    expect(fromAttacker.status).toBe(429);
    // B, an address that has not failed: the right password is checked and accepted.
    const fromOwner = await client().post("/api/login", { email: owner.email, password: owner.password });
    expect(fromOwner.status).toBe(200);
    expect(fromOwner.json.email).toBe(owner.email);
    // And a wrong password from another fresh address is still answered as a wrong password, not refused.
    expect((await client().post("/api/login", { email: owner.email, password: "still not it" })).status).toBe(401);
  }, 120_000);

  it("slows the email down across addresses: an address that has failed waits a bounded, stated time, then is checked", async () => {
    const owner = newUser();
    expect((await client().post("/api/register", owner)).status).toBe(201);
    // Eight addresses (a botnet, or a family mistyping) each fail once: each is checked.
    const failures = SIGN_IN_SLOWDOWN.freeFailures + 3;
    const bots = Array.from({ length: failures }, () => client());
    const first = await Promise.all(bots.map((b, i) => b.post("/api/login", { email: owner.email, password: `bot-${i}` })));
    expect(count(first, 401)).toBe(failures);
    const slowdown = await stack().store.entities.signInSlowdowns.get({ emailKey: owner.email.toLowerCase() }).go({ consistent: true });
    expect(slowdown.data?.failures).toBe(failures);

    // One of them tries again at once: refused, told how long (Retry-After and words), within the bound.
    const again = await bots[0]!.post("/api/login", { email: owner.email, password: owner.password });
    expect(again.json.code).toBe("sign_in_slowed");
    expectRetryAfter(
      again,
      SIGN_IN_SLOWDOWN.maxDelaySeconds,
      /^There have been many wrong passwords for this account lately\. Please wait \d+ seconds? and try again\.$/,
    );
    const wait = Number(again.headers.get("retry-after"));
    expect(wait).toBeLessThanOrEqual(slowdownSeconds(failures));
    expect(again.json.message).toContain(`${wait} second`);
    // Meanwhile a fresh address is never refused by the slow-down.
    expect((await client().post("/api/login", { email: owner.email, password: owner.password })).status).toBe(200);

    // After the stated wait, the address that failed has its (right) password checked.
    await new Promise((r) => setTimeout(r, wait * 1000 + 1000));
    const later = await bots[0]!.post("/api/login", { email: owner.email, password: owner.password });
    expect(later.status).toBe(200);
  }, 120_000);

  it("counts parallel guesses from one address at one email before checking them: at most ten are checked", async () => {
    const victim = newUser();
    expect((await client().post("/api/register", victim)).status).toBe(201);
    const attacker = client();
    const n = 25;
    const guesses = await Promise.all(
      Array.from({ length: n }, (_, i) => attacker.post("/api/login", { email: victim.email, password: `guess-${i}` })),
    );
    const pair = await stack()
      .store.entities.loginThrottles.get({ emailKey: victim.email.toLowerCase(), subject: attacker.address })
      .go({ consistent: true });
    expect(pair.data?.failures).toBe(n);
    expect(count(guesses, 401)).toBeGreaterThan(0);
    expect(count(guesses, 401)).toBeLessThanOrEqual(MAX_FAILED_LOGINS - 1);
    expect(count(guesses, 429)).toBe(n - count(guesses, 401));
    // Only checked passwords count against the email: no more than the pair let through.
    const slowdown = await stack().store.entities.signInSlowdowns.get({ emailKey: victim.email.toLowerCase() }).go({ consistent: true });
    expect(slowdown.data?.failures).toBeLessThanOrEqual(MAX_FAILED_LOGINS);
    expect((await attacker.post("/api/login", { email: victim.email, password: victim.password })).status).toBe(429);
    expect((await client().post("/api/login", { email: victim.email, password: victim.password })).status).toBe(200);
  }, 120_000);
});

describe("per-address sign-in limits", () => {
  it("stops one address trying a password across many emails, and only that address", async () => {
    await awayFromWindowEnd(SIGN_IN_PER_ADDRESS, 150);
    const address = freshLoopbackAddress();
    const max = SIGN_IN_PER_ADDRESS.max;
    // Parallel, so the count must be reserved before each password check to hold.
    const sprayed = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) =>
        client(address).post("/api/login", { email: `spray-${i}-${Date.now()}@example.com`, password: "Summer2026!" }),
      ),
    );
    expect(count(sprayed, 401)).toBe(max);
    expect(count(sprayed, 429)).toBe(10);
    for (const s of sprayed.filter((a) => a.status === 429)) {
      expect(s.json.code).toBe(SIGN_IN_PER_ADDRESS.name);
      expectRetryAfter(
        s,
        SIGN_IN_PER_ADDRESS.windowSeconds,
        /^Too many sign-in attempts from your network\. Please wait \d+ minutes? and try again\.$/,
      );
    }
    // Refused before any password check: even the right password, from this address, until the window ends.
    const known = newUser();
    expect((await client().post("/api/register", known)).status).toBe(201);
    const right = await client(address).post("/api/login", { email: known.email, password: known.password });
    expect(right.json.code).toBe(SIGN_IN_PER_ADDRESS.name);
    expectRetryAfter(right, SIGN_IN_PER_ADDRESS.windowSeconds, /from your network/);
    // The same password from another address is still checked.
    expect((await client().post("/api/login", { email: `other-${Date.now()}@example.com`, password: "Summer2026!" })).status).toBe(401);
  }, 330_000);

  it("does not hold successful sign-ins against a shared address", async () => {
    await awayFromWindowEnd(SIGN_IN_PER_ADDRESS, 150);
    const address = freshLoopbackAddress();
    const person = newUser();
    expect((await client().post("/api/register", person)).status).toBe(201);

    for (let i = 0; i < 2; i++)
      expect((await client(address).post("/api/login", { email: `nobody-${i}-${Date.now()}@example.com`, password: "x" })).status).toBe(
        401,
      );
    for (let i = 0; i < 5; i++)
      expect((await client(address).post("/api/login", { email: person.email, password: person.password })).status).toBe(200);
    // Each sign-in was counted before its password was checked, and the five that succeeded were given back.
    expect(await usedInWindow(stack().store, SIGN_IN_PER_ADDRESS, address)).toBe(2);
  }, 330_000);
});

describe("sign-up per address", () => {
  it("allows a set number of sign-ups from one address, then a 429 with Retry-After; other addresses are unaffected", async () => {
    await awayFromWindowEnd(SIGN_UP_PER_ADDRESS, 150);
    const address = freshLoopbackAddress();
    const max = SIGN_UP_PER_ADDRESS.max;
    const taken = newUser();
    expect((await client().post("/api/register", taken)).status).toBe(201);

    const first = await Promise.all(Array.from({ length: max - 1 }, () => client(address).post("/api/register", newUser())));
    expect(count(first, 201)).toBe(max - 1);
    // A taken email counts too: probing which emails exist is what the limit slows down.
    const probe = await client(address).post("/api/register", newUser({ email: taken.email }));
    expect(probe.status).toBe(409);
    expect(probe.json.code).toBe("account_taken");

    const over = await Promise.all(Array.from({ length: 5 }, () => client(address).post("/api/register", newUser())));
    expect(count(over, 429)).toBe(5);
    for (const o of over) {
      expect(o.json.code).toBe(SIGN_UP_PER_ADDRESS.name);
      expectRetryAfter(
        o,
        SIGN_UP_PER_ADDRESS.windowSeconds,
        /^Too many sign-ups from your network\. Please wait \d+ minutes? and try again\.$/,
      );
    }
    expect((await client().post("/api/register", newUser())).status).toBe(201);
  }, 330_000);
});
