import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * Consecutive sign-in attempts without success for one email from one client address (the
 * address's subject: IPv4, or an IPv6 /64), whether or not an account exists for the email (so the
 * 429 itself reveals nothing). The pair is locked after a run of failures (auth/sign-in-throttle.ts);
 * reset by a successful sign-in from that address; expires by TTL. Version 2: keyed by the pair
 * (version 1 was keyed by the email alone and locked it for every address).
 */
export const LoginThrottleEntity = new Entity({
  model: { entity: "loginThrottle", version: "2", service: SERVICE },
  attributes: {
    emailKey: { type: "string", required: true, readOnly: true },
    subject: { type: "string", required: true, readOnly: true },
    failures: { type: "number", required: true, default: 0 },
    lockedUntil: { type: "number" },
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["emailKey", "subject"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});

/**
 * Wrong passwords for one email from any address, and when the next password may be checked for an
 * address that has failed it (auth/sign-in-slowdown.ts). Forgotten (TTL, also checked on read)
 * a while after the last wrong password; a successful sign-in does not reset it, so an attacker's
 * run is not restarted by the owner signing in elsewhere.
 */
export const SignInSlowdownEntity = new Entity({
  model: { entity: "signInSlowdown", version: "1", service: SERVICE },
  attributes: {
    emailKey: { type: "string", required: true, readOnly: true },
    failures: { type: "number", required: true, default: 0 },
    /** Epoch seconds before which an address that has failed this email is refused (429 with Retry-After). */
    nextCheckAt: { type: "number" },
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["emailKey"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
