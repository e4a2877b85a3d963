import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * Listed printers per geohash cell (issue 23; geo/cells.ts), kept with ADD in the same transaction
 * as every change of a printer's listing (printers/listing-index.ts): the finder's walk reads a
 * region's town counts to skip empty towns and choose how to read, and the map draws clusters from
 * the coarser ones, so neither ever reads every printer. The sums of the printers' coordinates (in
 * 1/10,000 of a degree, whole numbers so ADD stays exact) place a cluster at its printers' centre.
 */
export const CellCountEntity = new Entity({
  model: { entity: "cellCount", version: "1", service: SERVICE },
  attributes: {
    /** The partition: the cell two or more precisions coarser (geo/cells.ts `countParent`). */
    parent: { type: "string", required: true, readOnly: true },
    cell: { type: "string", required: true, readOnly: true },
    count: { type: "number", required: true, default: 0 },
    latitudeSum: { type: "number", required: true, default: 0 },
    longitudeSum: { type: "number", required: true, default: 0 },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["parent"] },
      sk: { ...keys.primary.sk, composite: ["cell"] },
    },
  },
});
