import type { LimitRule } from "./rate-limit.ts";

/**
 * Limits per client address (DECISIONS.md, "Limits"). They stop one address from trying a
 * password across many emails, or from creating accounts in bulk; the per-email sign-in lock
 * (auth/sign-in-throttle.ts) stops many addresses from guessing one account.
 */

/** Failed sign-ins per address: a sign-in that succeeds is given back, so a shared network's people are not blocked. */
export const SIGN_IN_PER_ADDRESS: LimitRule = {
  name: "sign_in_address_limit",
  max: 30,
  windowSeconds: 15 * 60,
};

/** Sign-up attempts per address that reach the store (each is counted, taken emails included). */
export const SIGN_UP_PER_ADDRESS: LimitRule = {
  name: "sign_up_address_limit",
  max: 20,
  windowSeconds: 60 * 60,
};
