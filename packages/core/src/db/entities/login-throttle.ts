import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * Consecutive failed sign-ins for one email address, whether or not an account exists for
 * it (so the 429 itself reveals nothing). Reset by a successful sign-in; expires by TTL.
 */
export const LoginThrottleEntity = new Entity({
  model: { entity: "loginThrottle", version: "1", service: SERVICE },
  attributes: {
    emailKey: { type: "string", required: true, readOnly: true },
    failures: { type: "number", required: true, default: 0 },
    lockedUntil: { type: "number" },
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
