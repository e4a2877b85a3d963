import { type KeyedRead, keyed } from "../db/batch.ts";
import type { Store } from "../db/store.ts";

/**
 * A person's inbox stamp (db/entities/inbox.ts). Lists that change when it changes (their
 * conversations, notifications and unread count) carry it as their version, so a poll with
 * an unchanged version is answered from one GetItem.
 */
export async function inboxVersion(store: Store, userId: string): Promise<number> {
  const { data } = await store.entities.inboxes.get({ userId }).go({ consistent: true });
  return data?.version ?? 0;
}

/** The read inboxVersion makes, to make beside others in one BatchGetItem (read it consistently); parse answers the version. */
export function inboxRead(store: Store, userId: string): KeyedRead<number> {
  const read = keyed(store.entities.inboxes, { userId });
  return { key: read.key, parse: (item) => read.parse(item)?.version ?? 0 };
}

/** The entities a `store.service.transaction.write` callback receives. */
export type TransactionEntities = Parameters<Parameters<Store["service"]["transaction"]["write"]>[0]>[0];

/** The transaction item that moves a person's stamp on (inside `store.service.transaction.write`). */
export function bumpInbox(tx: Pick<TransactionEntities, "inboxes">, userId: string) {
  return tx.inboxes.upsert({ userId }).add({ version: 1 }).commit();
}
