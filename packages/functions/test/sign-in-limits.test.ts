import { type LimitRule, MAX_FAILED_LOGINS, SIGN_IN_PER_ADDRESS, SIGN_UP_PER_ADDRESS, usedInWindow } from "@printhood/core";
import { freshLoopbackAddress } from "@printhood/local";
import { describe, expect, it } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { useStack } from "./stack.ts";

const stack = useStack();
const client = (address?: string) => new TestClient(stack().url, stack().url, address);

type Answer = Awaited<ReturnType<TestClient["post"]>>;
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

/**
 * The per-address limits count in fixed windows (core/src/limits/rate-limit.ts): a test that
 * straddled a window's end would see its count restart half way. Start it where the window
 * has `seconds` left, waiting for the next window if needed.
 */
async function awayFromWindowEnd(rule: LimitRule, seconds: number) {
  const left = rule.windowSeconds - ((Date.now() / 1000) % rule.windowSeconds);
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 1000));
}

/** Every 429 says when to come back, in the header and in words. */
function expectRetryAfter(answer: Answer, maxSeconds: number, sentence: RegExp) {
  expect(answer.status).toBe(429);
  const seconds = Number(answer.headers.get("retry-after"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(answer.json.message).toMatch(sentence);
}

describe("sign-in under parallel guessing", () => {
  it("counts 500 parallel wrong guesses at one email as 500, checks only the first ten, and then refuses the right password", async () => {
    const victim = newUser();
    expect((await client().post("/api/register", victim)).status).toBe(201);

    // 500 guessers, each from its own address (a botnet), so only the per-email count applies.
    const guesses = await Promise.all(
      Array.from({ length: 500 }, (_, i) => client().post("/api/login", { email: victim.email, password: `guess-${i}` })),
    );
    const throttle = await stack().store.entities.loginThrottles.get({ emailKey: victim.email.toLowerCase() }).go({ consistent: true });
    const stored = throttle.data?.failures;

    expect(stored).toBe(500);
    // The first nine wrong guesses are told so; the tenth already gets the 429, and so do the rest.
    expect(count(guesses, 401)).toBe(MAX_FAILED_LOGINS - 1);
    expect(count(guesses, 429)).toBe(500 - (MAX_FAILED_LOGINS - 1));
    expect(count(guesses, 429)).toBe(stored! - (MAX_FAILED_LOGINS - 1));
    for (const g of guesses.filter((a) => a.status === 429))
      expectRetryAfter(g, 15 * 60, /^Too many sign-in attempts\. Please wait 15 minutes and try again\.$/);

    const right = await client().post("/api/login", { email: victim.email, password: victim.password });
    expectRetryAfter(right, 15 * 60, /Too many sign-in attempts/);
  }, 120_000);

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
