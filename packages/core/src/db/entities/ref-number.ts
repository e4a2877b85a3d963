import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * A short public number (order PH-10423, printer #12) pointing at the id it names. Created with
 * the thing it numbers (conditionally: a number names one thing, forever), so a number a person
 * types can be looked up by key.
 */
export const RefNumberEntity = new Entity({
  model: { entity: "refNumber", version: "1", service: SERVICE },
  attributes: {
    kind: { type: ["order", "printer"] as const, required: true, readOnly: true },
    number: { type: "number", required: true, readOnly: true },
    targetId: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["kind", "number"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
