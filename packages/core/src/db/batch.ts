import { BatchGetCommand } from "@aws-sdk/lib-dynamodb";
import { createConversions, type Entity, type EntityItem } from "electrodb";
import type { Store } from "./store.ts";
import { TABLE_KEYS } from "./table.ts";

// biome-ignore lint/suspicious/noExplicitAny: any entity of the service
type AnyEntity = Entity<any, any, any, any>;

/** One item to read by its key, and how to read its answer back (see getTogether). */
export interface KeyedRead<T> {
  key: Record<string, unknown>;
  parse(item: Record<string, unknown>): T | null;
}

type KeyOf = (composite: Record<string, string | number>) => Record<string, unknown>;
const tableKeys = new WeakMap<AnyEntity, KeyOf>();

/**
 * The table key (pk, sk) of an item of `entity` from its primary index's composite attributes,
 * through ElectroDB's conversions: the same key `entity.get(key).params()` builds (tested for every
 * entity), without building a whole operation for it (~5 µs instead of ~100 µs per key, issue 13).
 * A missing composite attribute throws, as `get` does.
 */
function tableKeyOf(entity: AnyEntity): KeyOf {
  let keyOf = tableKeys.get(entity);
  if (!keyOf) {
    const indexes = entity.schema.indexes as Record<string, { index?: string }>;
    const pattern = Object.keys(indexes).find((name) => !indexes[name]?.index);
    if (!pattern) throw new Error(`Entity ${entity.schema.model.entity} has no table index`);
    const toKeys = createConversions(entity).byAccessPattern[pattern]?.fromComposite.toKeys;
    if (!toKeys) throw new Error(`Entity ${entity.schema.model.entity} has no conversions for ${pattern}`);
    const name = entity.schema.model.entity;
    keyOf = (composite) => {
      const key = toKeys(composite as never, { strict: "all" }) as Record<string, unknown>;
      // ElectroDB answers an empty composite with itself, where get throws.
      if (typeof key[partitionKey] !== "string" || typeof key[sortKey] !== "string") {
        throw new Error(`Incomplete key for ${name}: ${Object.keys(composite).join(", ") || "nothing"} given`);
      }
      return key;
    };
    tableKeys.set(entity, keyOf);
  }
  return keyOf;
}

/** An item of `entity` by its key (its primary index's composite attributes), for getTogether. */
export function keyed<E extends AnyEntity>(entity: E, key: Record<string, string | number>): KeyedRead<EntityItem<E>> {
  return {
    key: tableKeyOf(entity)(key),
    parse: (Item) => (entity.parse({ Item }) as { data?: EntityItem<E> | null } | null)?.data ?? null,
  };
}

/** What getTogether answers for `reads`: each one's item or null, in order. */
export type Answers<T extends readonly KeyedRead<unknown>[]> = { [K in keyof T]: T[K] extends KeyedRead<infer R> ? R | null : never };

const { partitionKey, sortKey } = TABLE_KEYS;
const idOf = (key: Record<string, unknown>) => `${String(key[partitionKey])}\u0000${String(key[sortKey])}`;
/** BatchGetItem reads at most 100 keys per call. */
const BATCH_LIMIT = 100;
const MAX_ROUNDS = 8;

/**
 * Items of any entities of the table by key, in one BatchGetItem (one round trip instead of one
 * GetItem each): the answers in the order asked, null for an item that does not exist. Keys that
 * DynamoDB leaves unprocessed (throttling) are asked again after a short pause.
 * Eventually consistent, as a plain `get().go()` is, unless `consistent`.
 */
export async function getTogether<const T extends readonly KeyedRead<unknown>[]>(
  store: Store,
  reads: T,
  { consistent = false }: { consistent?: boolean } = {},
): Promise<Answers<T>> {
  const found = new Map<string, Record<string, unknown>>();
  const pending = new Map<string, Record<string, unknown>>();
  for (const r of reads) pending.set(idOf(r.key), r.key);
  let keys = [...pending.values()];
  for (let round = 0; keys.length > 0; round++) {
    if (round >= MAX_ROUNDS) throw new Error(`BatchGetItem left ${keys.length} keys unprocessed after ${MAX_ROUNDS} tries`);
    if (round > 0) await new Promise((ok) => setTimeout(ok, 2 ** round * 10 * Math.random()));
    const chunks: Record<string, unknown>[][] = [];
    for (let i = 0; i < keys.length; i += BATCH_LIMIT) chunks.push(keys.slice(i, i + BATCH_LIMIT));
    const answers = await Promise.all(
      chunks.map((Keys) =>
        store.client.send(new BatchGetCommand({ RequestItems: { [store.table]: { Keys, ConsistentRead: consistent } } })),
      ),
    );
    keys = [];
    for (const a of answers) {
      for (const item of a.Responses?.[store.table] ?? []) found.set(idOf(item), item);
      keys.push(...((a.UnprocessedKeys?.[store.table]?.Keys ?? []) as Record<string, unknown>[]));
    }
  }
  return reads.map((r) => {
    const item = found.get(idOf(r.key));
    return item ? r.parse(item) : null;
  }) as Answers<T>;
}

type NamedAnswers<T extends Record<string, KeyedRead<unknown> | null>> = {
  [K in keyof T]: NonNullable<T[K]> extends KeyedRead<infer R> ? R | null : null;
};

/** getTogether by name, for reads some of which may not be wanted (null: not read, answers null). */
export async function getNamed<T extends Record<string, KeyedRead<unknown> | null>>(
  store: Store,
  reads: T,
  options: { consistent?: boolean } = {},
): Promise<NamedAnswers<T>> {
  const names = Object.keys(reads).filter((k) => reads[k] !== null);
  const answers = names.length
    ? await getTogether(
        store,
        names.map((k) => reads[k] as KeyedRead<unknown>),
        options,
      )
    : [];
  const out: Record<string, unknown> = Object.fromEntries(Object.keys(reads).map((k) => [k, null]));
  names.forEach((k, i) => {
    out[k] = answers[i] ?? null;
  });
  return out as NamedAnswers<T>;
}
