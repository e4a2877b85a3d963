import { describe, expect, it } from "vitest";
import { keyed } from "../../src/db/batch.ts";
import { createDocumentClient } from "../../src/db/client.ts";
import { createStore } from "../../src/db/store.ts";

// No request is sent: the client only has to exist for the entities.
const store = createStore(createDocumentClient({ endpoint: "http://127.0.0.1:9", region: "us-east-1" }), "printhood-test");

// biome-ignore lint/suspicious/noExplicitAny: every entity of the service, whatever its schema
type AnyEntity = any;

/** The key `entity.get(composite).params()` builds: what keyed's reads stood for before (issue 13). */
function keyOfGet(entity: AnyEntity, composite: Record<string, string | number>) {
  return entity.get(composite).params().Key;
}

/** A value of each of the table index's composite attributes. */
function compositeOf(entity: AnyEntity, value: string) {
  const indexes = entity.schema.indexes as Record<string, { index?: string; pk: { composite: string[] }; sk: { composite: string[] } }>;
  const table = Object.values(indexes).find((ix) => !ix.index);
  if (!table) throw new Error("no table index");
  const attributes = entity.schema.attributes as Record<string, { type?: string }>;
  return Object.fromEntries(
    [...table.pk.composite, ...table.sk.composite].map((name, i) => [name, attributes[name]?.type === "number" ? i + 7 : value]),
  );
}

const VALUES = [
  "3b241101-e2bb-4255-8caf-4136c566a962",
  "PH-10423",
  "MixedCase-ID",
  "with#hash_and_underscore",
  "$dollar",
  "ünïcødé",
  " spaced ",
  "u1.token-part",
];

describe("keyed", () => {
  const entities = Object.entries(store.entities as Record<string, AnyEntity>);

  it("builds, for every entity, exactly the key its get operation reads", () => {
    expect(entities.length).toBeGreaterThan(20);
    for (const [name, entity] of entities) {
      for (const value of VALUES) {
        const composite = compositeOf(entity, value);
        expect({ name, value, key: keyed(entity, composite).key }).toEqual({ name, value, key: keyOfGet(entity, composite) });
      }
    }
  });

  it("refuses a key with a composite attribute missing, as get does", () => {
    expect(() => keyOfGet(store.entities.jobs, {})).toThrow();
    expect(() => keyed(store.entities.jobs, {})).toThrow();
    expect(() => keyed(store.entities.users, { jobId: "x" })).toThrow();
  });
});
