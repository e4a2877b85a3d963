import { TABLE_KEYS } from "../table.ts";

/** Every entity belongs to one ElectroDB service on the single table. */
export const SERVICE = "printhood";

export const keys = {
  primary: { pk: { field: TABLE_KEYS.partitionKey }, sk: { field: TABLE_KEYS.sortKey } },
  gsi1: { index: "gsi1", pk: { field: TABLE_KEYS.indexes.gsi1.partitionKey }, sk: { field: TABLE_KEYS.indexes.gsi1.sortKey } },
  gsi2: { index: "gsi2", pk: { field: TABLE_KEYS.indexes.gsi2.partitionKey }, sk: { field: TABLE_KEYS.indexes.gsi2.sortKey } },
  gsi3: { index: "gsi3", pk: { field: TABLE_KEYS.indexes.gsi3.partitionKey }, sk: { field: TABLE_KEYS.indexes.gsi3.sortKey } },
} as const;

/** ISO time for `createdAt`-style attributes. */
export const isoNow = () => new Date().toISOString();
