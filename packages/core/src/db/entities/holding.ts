import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * How many of something one person holds at once (saved prints, unpaid orders, listed printers),
 * for the limits of core/src/limits/holdings.ts. Changed only in the same transaction as the
 * write it counts: taken by a conditional ADD (count < max), given back by an ADD of -1, so
 * parallel requests cannot exceed the limit and a failed write never leaves a count behind.
 */
export const HoldingEntity = new Entity({
  model: { entity: "holding", version: "1", service: SERVICE },
  attributes: {
    rule: { type: "string", required: true, readOnly: true },
    subject: { type: "string", required: true, readOnly: true },
    count: { type: "number", required: true, default: 0 },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["rule", "subject"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
