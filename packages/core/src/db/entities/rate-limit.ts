import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * Requests counted for one rule, one subject (a client address) and one fixed window. The
 * count only grows by a conditional ADD, so parallel requests on any number of Lambda
 * instances cannot exceed the limit. Expires by TTL after its window.
 */
export const RateLimitEntity = new Entity({
  model: { entity: "rateLimit", version: "1", service: SERVICE },
  attributes: {
    rule: { type: "string", required: true, readOnly: true },
    subject: { type: "string", required: true, readOnly: true },
    /** Window number: epoch seconds ÷ the window's length, rounded down. */
    window: { type: "number", required: true, readOnly: true },
    count: { type: "number", required: true, default: 0 },
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["rule", "subject"] },
      sk: { ...keys.primary.sk, composite: ["window"] },
    },
  },
});
