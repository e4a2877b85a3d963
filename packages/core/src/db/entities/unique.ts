import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * A reservation of a unique value (lower-cased email or username) for one user. Created in
 * the same transaction as the user with attribute_not_exists, so two racing sign-ups with the
 * same email can never both succeed. Also the way login finds a user by email.
 */
export const UniqueEntity = new Entity({
  model: { entity: "unique", version: "1", service: SERVICE },
  attributes: {
    kind: { type: ["email", "username"] as const, required: true, readOnly: true },
    value: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["kind", "value"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
