import type { Store } from "./store.ts";

/*
 * Running a DynamoDB transaction through ElectroDB, which does not throw when DynamoDB cancels it:
 * `go()` answers `{ canceled, data: [{ code }] }` with one reason per item.
 *
 * - `ConditionalCheckFailed`: some item's condition is false (someone else moved first). Final.
 * - `TransactionConflict`: another transaction was writing one of the items at that instant.
 *   Nothing was decided, so it is tried again after a short random wait (fifty owners clicking
 *   Accept at once mostly produce these; the retry then meets the winner's status and fails its
 *   condition, which is the answer we want).
 */
type Writer = Store["service"]["transaction"]["write"];
type Build = Parameters<Writer>[0];
/** The entities as a transaction builds its items with them (`.commit()` instead of `.go()`). */
export type TxEntities = Parameters<Build>[0];
/** One item of a transaction. */
export type TxItem = ReturnType<Build>[number];

export type TransactionOutcome = { ok: true } | { ok: false; failedItems: number[] };

/** Cancellation reasons DynamoDB gives per item (db/conditional.ts reads single writes' failures). */
const CONDITION_FAILED = "ConditionalCheckFailed";
const CONFLICT = "TransactionConflict";
const MAX_ATTEMPTS = 8;

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** Math.min(attempt, 5)));

export async function writeTransaction(store: Store, build: Build): Promise<TransactionOutcome> {
  for (let attempt = 1; ; attempt++) {
    const result = (await store.service.transaction.write(build).go()) as {
      canceled: boolean;
      data: ({ code?: string } | undefined)[];
    };
    if (!result.canceled) return { ok: true };
    const codes = result.data.map((d) => d?.code ?? "None");
    const failedItems = codes.flatMap((c, i) => (c === CONDITION_FAILED ? [i] : []));
    if (failedItems.length > 0) return { ok: false, failedItems };
    if (codes.includes(CONFLICT) && attempt < MAX_ATTEMPTS) {
      await pause(attempt);
      continue;
    }
    throw new Error(`DynamoDB transaction cancelled: ${codes.join(", ")}`);
  }
}
