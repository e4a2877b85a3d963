import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/** A sign-in session, keyed by the SHA-256 of its token (the token itself is never stored). */
export const SessionEntity = new Entity({
  model: { entity: "session", version: "1", service: SERVICE },
  attributes: {
    tokenHash: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    createdAt: { type: "string", required: true, readOnly: true },
    /** Sign-in passed the TOTP second factor (staff): only such a session reaches /api/staff/. */
    secondFactor: { type: "boolean", readOnly: true },
    /** Epoch seconds: the table's TTL attribute. Checked on every read too (TTL is lazy). */
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["tokenHash"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
