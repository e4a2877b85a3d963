import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * Public statistics kept as atomic counters (ADD), updated in the same transaction as the
 * write they count, so the landing page never scans anything. Names: `orders#2026-11`
 * (orders submitted that month), `ordersCompleted`; `demoStory` is local mode's marker that its
 * demo story has been told (packages/local/src/demo/story.ts).
 */
export const CounterEntity = new Entity({
  model: { entity: "counter", version: "1", service: SERVICE },
  attributes: {
    name: { type: "string", required: true, readOnly: true },
    value: { type: "number", required: true, default: 0 },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["name"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
