import { describe, expect, it } from "vitest";
import { checkStripeMode } from "../src/lib/stripe.ts";

describe("the stage's Stripe mode (STRIPE_MODE, stacks/stage.ts)", () => {
  it.each([
    ["sk_live_abc", "live"],
    ["rk_live_abc", "live"],
    ["sk_test_abc", "test"],
    ["rk_test_abc", "test"],
  ])("accepts %s in a %s stage", (key, mode) => {
    expect(() => checkStripeMode(key, mode)).not.toThrow();
  });

  it("refuses a key of the other kind, without repeating the key", () => {
    expect(() => checkStripeMode("sk_test_abc123", "live")).toThrow(
      "STRIPE_SECRET_KEY is a test key, but this stage takes live payments (STRIPE_MODE)",
    );
    expect(() => checkStripeMode("sk_live_abc123", "test")).toThrow(/a live key, but this stage takes test payments/);
    expect(() => checkStripeMode("whatever", "test")).toThrow(/not a Stripe secret key/);
    try {
      checkStripeMode("sk_test_abc123", "live");
    } catch (e) {
      expect((e as Error).message).not.toContain("abc123");
    }
  });

  it("checks nothing when the mode is not set (local mode and its built-in test keys)", () => {
    expect(() => checkStripeMode("sk_test_local_printhood", undefined)).not.toThrow();
  });
});
