import { Entity } from "electrodb";
import { ORDER_TALLY_FIELDS } from "../../shared/tallies.ts";
import { keys, SERVICE } from "./common.ts";

/**
 * A person's or a printer's orders counted by status and delivery, with their money, kept with
 * ADD in the transaction of every status change (orders/tallies.ts; issue 23): the dashboards'
 * figures and the tabs' counts read one item instead of the whole history. Scope:
 * `customer:{userId}` or `printer:{printerId}` (an owner's figures add their printers').
 */
const counts = Object.fromEntries(ORDER_TALLY_FIELDS.map((f) => [f, { type: "number" as const }])) as Record<
  (typeof ORDER_TALLY_FIELDS)[number],
  { type: "number" }
>;

export const OrderTallyEntity = new Entity({
  model: { entity: "orderTally", version: "1", service: SERVICE },
  attributes: {
    scope: { type: "string", required: true, readOnly: true },
    ...counts,
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["scope"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
  },
});
