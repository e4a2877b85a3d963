import { describe, expect, it } from "vitest";
import { type SlowdownState, slowdownSeconds, slowdownWait } from "../../src/auth/sign-in-slowdown.ts";
import { secondsText } from "../../src/limits/rate-limited.ts";
import { SIGN_IN_SLOWDOWN } from "../../src/limits/rules.ts";

const rule = SIGN_IN_SLOWDOWN;

describe("the email's slow-down", () => {
  it.each([
    [0, 0],
    [1, 0],
    [rule.freeFailures - 1, 0],
    [rule.freeFailures, rule.firstDelaySeconds],
    [rule.freeFailures + 1, rule.firstDelaySeconds * 2],
    [rule.freeFailures + 2, rule.firstDelaySeconds * 4],
    [rule.freeFailures + 5, rule.firstDelaySeconds * 32],
    [rule.freeFailures + 8, rule.firstDelaySeconds * 256],
    [rule.freeFailures + 9, rule.maxDelaySeconds],
    [rule.freeFailures + 50, rule.maxDelaySeconds],
    [1_000_000, rule.maxDelaySeconds],
  ])("after %i wrong passwords the next check waits %i s", (failures, seconds) => {
    expect(slowdownSeconds(failures)).toBe(seconds);
  });

  it("grows with every wrong password and is bounded", () => {
    let previous = 0;
    for (let failures = 0; failures < 200; failures++) {
      const wait = slowdownSeconds(failures);
      expect(wait).toBeGreaterThanOrEqual(previous);
      expect(wait).toBeLessThanOrEqual(rule.maxDelaySeconds);
      previous = wait;
    }
    expect(previous).toBe(rule.maxDelaySeconds);
  });

  it("takes its numbers from the rule it is given", () => {
    const quick = { freeFailures: 2, firstDelaySeconds: 3, maxDelaySeconds: 10, forgetSeconds: 60 };
    expect([0, 1, 2, 3, 4, 5].map((f) => slowdownSeconds(f, quick))).toEqual([0, 0, 3, 6, 10, 10]);
  });

  const now = 1_000_000;
  const state = (over: Partial<SlowdownState> = {}): SlowdownState => ({
    failures: 8,
    nextCheckAt: now + 40,
    expiresAt: now + 1000,
    ...over,
  });
  it.each<[string, SlowdownState | null, boolean, number]>([
    ["an address that has not failed never waits", state(), false, 0],
    ["an address that has failed waits for the next check", state(), true, 40],
    ["nothing remembered: no wait", null, true, 0],
    ["the next check is due: no wait", state({ nextCheckAt: now }), true, 0],
    ["the next check has passed: no wait", state({ nextCheckAt: now - 5 }), true, 0],
    ["no next check set (free failures): no wait", state({ failures: 2, nextCheckAt: undefined }), true, 0],
    ["a forgotten run: no wait", state({ expiresAt: now }), true, 0],
    ["never longer than the maximum", state({ nextCheckAt: now + rule.maxDelaySeconds * 10 }), true, rule.maxDelaySeconds],
  ])("%s", (_, s, failedHere, wait) => {
    expect(slowdownWait(s, failedHere, now)).toBe(wait);
  });

  it.each([
    [0.2, "1 second"],
    [1, "1 second"],
    [32, "32 seconds"],
    [59, "59 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [300, "5 minutes"],
  ])("says a wait of %s s as %j", (seconds, words) => {
    expect(secondsText(seconds)).toBe(words);
  });
});
