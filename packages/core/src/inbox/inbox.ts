import { type KeyedRead, keyed } from "../db/batch.ts";
import type { Store } from "../db/store.ts";

/**
 * How long after a bump the lists a stamp versions may still miss the write: the unread count and the
 * conversations read indexes (the sparse unread index, gsi1/gsi2), which DynamoDB updates eventually,
 * usually well under a second. Answers within it carry a stamp of their own, never cached, so a poll
 * that counted before the index caught up cannot keep that count behind a 304 until the next change.
 */
export const INBOX_SETTLE_MS = 2000;

/**
 * A person's inbox stamp as lists carry it (their conversations, notifications and unread count):
 * the version, so that a poll with an unchanged one is answered from one GetItem. While the last bump
 * is younger than INBOX_SETTLE_MS, the version with the time read: it matches no later poll, so each
 * counts again until the stamp settles (and the settled stamp, new to the client, is counted once more).
 */
export function stampOf(inbox: { version?: number; bumpedAt?: number | undefined } | null | undefined, now = Date.now()): string {
  const version = inbox?.version ?? 0;
  const bumpedAt = inbox?.bumpedAt;
  return bumpedAt !== undefined && now - bumpedAt < INBOX_SETTLE_MS ? `${version}~${now}` : `${version}`;
}

/** The person's inbox stamp (stampOf), read consistently. */
export async function inboxVersion(store: Store, userId: string): Promise<string> {
  const { data } = await store.entities.inboxes.get({ userId }).go({ consistent: true });
  return stampOf(data);
}

/** The read inboxVersion makes, to make beside others in one BatchGetItem (read it consistently); parse answers the stamp. */
export function inboxRead(store: Store, userId: string): KeyedRead<string> {
  const read = keyed(store.entities.inboxes, { userId });
  return { key: read.key, parse: (item) => stampOf(read.parse(item)) };
}

/** The entities a `store.service.transaction.write` callback receives. */
export type TransactionEntities = Parameters<Parameters<Store["service"]["transaction"]["write"]>[0]>[0];

/** The transaction item that moves a person's stamp on (inside `store.service.transaction.write`). */
export function bumpInbox(tx: Pick<TransactionEntities, "inboxes">, userId: string) {
  return tx.inboxes.upsert({ userId }).add({ version: 1 }).set({ bumpedAt: Date.now() }).commit();
}

/** The same move outside a transaction (after writes made one by one, e.g. marking many notifications read). */
export async function bumpInboxNow(store: Store, userId: string): Promise<void> {
  await store.entities.inboxes.upsert({ userId }).add({ version: 1 }).set({ bumpedAt: Date.now() }).go();
}
