import { failedConditions, type TransactionResult } from "./conditional.ts";
import type { Store } from "./store.ts";

/**
 * Transactions under contention. DynamoDB cancels a transaction with `TransactionConflict` when
 * another transaction holds one of its items at that moment (fifty owners clicking Accept at once,
 * many reviews of one printer, two messages on one thread): that is not an answer, so it is tried
 * again after a jittered pause (the retry then meets the winner's write and fails its condition,
 * which is the answer we want). A failed condition is an answer (db/conditional.ts reads it); the
 * caller decides what it means. ElectroDB does not throw when DynamoDB cancels a transaction:
 * `go()` answers `{ canceled, data: [{ code }] }` with one reason per item.
 */
export type Transacted =
  | { ok: true }
  /** `failed` holds the positions of the items whose condition failed. */
  | { ok: false; failed: number[] };

type Writer = Store["service"]["transaction"]["write"];
type Build = Parameters<Writer>[0];
/** The entities as a transaction builds its items with them (`.commit()` instead of `.go()`). */
export type TxEntities = Parameters<Build>[0];
/** One item of a transaction. */
export type TxItem = ReturnType<Build>[number];

export type TransactionOutcome = { ok: true } | { ok: false; failedItems: number[] };

const KNOWN_CODES = new Set(["None", "ConditionalCheckFailed", "TransactionConflict"]);

const conflictOnly = (r: TransactionResult) => r.data.some((d) => d?.code === "TransactionConflict") && failedConditions(r).length === 0;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backoff = (tries: number) => Math.random() * 20 * 2 ** Math.min(tries, 6);

/** The items `build` makes, written as one transaction with `transact`'s retries. */
export async function writeTransaction(store: Store, build: Build): Promise<TransactionOutcome> {
  const r = await transact(async () => (await store.service.transaction.write(build).go()) as TransactionResult);
  return r.ok ? r : { ok: false, failedItems: r.failed };
}

/**
 * Runs the transaction `attempt` builds, again (with jittered backoff) while it is cancelled only
 * by conflicts, so each of N concurrent writers lands exactly once. `attempt` runs on every try,
 * so it can take a fresh time or other fresh values.
 */
export async function transact(attempt: () => Promise<TransactionResult>, maxAttempts = 8): Promise<Transacted> {
  for (let tries = 1; ; tries++) {
    let outcome: TransactionResult;
    try {
      outcome = await attempt();
    } catch (e) {
      // A plain write racing the transaction on the same item surfaces as an exception.
      if ((e as { cause?: { name?: string } })?.cause?.name !== "TransactionConflictException" || tries >= maxAttempts) throw e;
      await pause(backoff(tries));
      continue;
    }
    if (!outcome.canceled) return { ok: true };
    const unexpected = outcome.data.map((d) => d?.code ?? "None").filter((c) => !KNOWN_CODES.has(c));
    if (unexpected.length) throw new Error(`transaction cancelled: ${unexpected.join(", ")}`);
    if (!conflictOnly(outcome)) return { ok: false, failed: failedConditions(outcome) };
    if (tries >= maxAttempts) throw new Error(`transaction still conflicting after ${tries} attempts`);
    await pause(backoff(tries));
  }
}
