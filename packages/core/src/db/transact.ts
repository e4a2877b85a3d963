import { failedConditions, type TransactionResult } from "./conditional.ts";

/**
 * Transactions under contention. DynamoDB cancels a transaction with `TransactionConflict` when
 * another transaction holds one of its items at that moment (many reviews of one printer, two
 * messages on one thread): that is not an answer, so it is tried again. A failed condition is an
 * answer (db/conditional.ts reads it); the caller decides what it means.
 */
export type Transacted =
  | { ok: true }
  /** `failed` holds the positions of the items whose condition failed. */
  | { ok: false; failed: number[] };

const KNOWN_CODES = new Set(["None", "ConditionalCheckFailed", "TransactionConflict"]);

const conflictOnly = (r: TransactionResult) => r.data.some((d) => d?.code === "TransactionConflict") && failedConditions(r).length === 0;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backoff = (tries: number) => Math.random() * 20 * 2 ** Math.min(tries, 6);

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
