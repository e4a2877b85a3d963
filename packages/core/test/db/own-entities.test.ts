import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../src/db/client.ts";
import { createStore } from "../../src/db/store.ts";

/**
 * Two stores in one process (local mode's API beside its in-process function handlers, a test's
 * second stack) each read and write through their own client and table: ElectroDB's Service points
 * the entities it joins at its own, so shared module-level entities would follow the last store made.
 */
describe("createStore", () => {
  it("gives each store entities on its own table and client, whichever store was made last", () => {
    const clientA = createDocumentClient({ endpoint: "http://127.0.0.1:1" });
    const clientB = createDocumentClient({ endpoint: "http://127.0.0.1:2" });
    const a = createStore(clientA, "table-a");
    const b = createStore(clientB, "table-b");
    expect(a.entities.users.get({ userId: "u1" }).params()).toMatchObject({ TableName: "table-a" });
    expect(b.entities.users.get({ userId: "u1" }).params()).toMatchObject({ TableName: "table-b" });
    expect(a.entities.jobs.query.byCustomer({ customerId: "c1" }).params()).toMatchObject({ TableName: "table-a" });
    // The client each entity sends through (ElectroDB keeps it wrapped).
    const clientOf = (e: unknown) => (e as { client: { client: unknown } }).client.client;
    expect(clientOf(a.entities.jobs)).toBe(clientA);
    expect(clientOf(b.entities.jobs)).toBe(clientB);
    expect(a.entities.jobs).not.toBe(b.entities.jobs);
  });
});
