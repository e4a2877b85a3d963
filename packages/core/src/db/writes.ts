/**
 * How conditional writes and transactions fail, recognised by the SDK's error names and
 * DynamoDB's cancellation codes (never by message text).
 */

/** True when a single-item write failed its condition (ElectroDB keeps the SDK error as `cause`). */
export function isConditionalCheckFailure(e: unknown): boolean {
  for (let err = e as { name?: string; cause?: unknown } | undefined, depth = 0; err && depth < 5; depth++) {
    if (err.name === "ConditionalCheckFailedException") return true;
    err = err.cause as typeof err;
  }
  return false;
}

/** What ElectroDB's `transaction.write(...).go()` answers. */
export interface TransactionOutcome {
  canceled: boolean;
  data: { rejected: boolean; code?: string }[];
}

export type TransactionResult =
  | { ok: true }
  /** `failed[i]` is true for each item whose condition failed (same order as the items). */
  | { ok: false; failed: boolean[] };

const conflictOnly = (r: TransactionOutcome) =>
  r.data.some((d) => d.code === "TransactionConflict") && !r.data.some((d) => d.code === "ConditionalCheckFailed");

const KNOWN_CODES = new Set(["None", "ConditionalCheckFailed", "TransactionConflict"]);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a transaction built by `attempt` and retries it (with jittered backoff) while DynamoDB
 * cancels it only because another transaction held one of its items (TransactionConflict):
 * under contention, e.g. many reviews of one printer at once, each still lands exactly once.
 * A failed condition is an answer, not an error: the caller decides what it means.
 * `attempt` is called again on each try, so it can re-read the time or other fresh values.
 */
export async function transact(attempt: () => Promise<TransactionOutcome>, maxAttempts = 8): Promise<TransactionResult> {
  for (let tries = 1; ; tries++) {
    let outcome: TransactionOutcome;
    try {
      outcome = await attempt();
    } catch (e) {
      // A plain write racing the transaction on the same item surfaces as an exception.
      if ((e as { cause?: { name?: string } })?.cause?.name !== "TransactionConflictException" || tries >= maxAttempts) throw e;
      await pause(backoff(tries));
      continue;
    }
    if (!outcome.canceled) return { ok: true };
    const unexpected = outcome.data.map((d) => d.code ?? "None").filter((c) => !KNOWN_CODES.has(c));
    if (unexpected.length) throw new Error(`transaction cancelled: ${unexpected.join(", ")}`);
    if (!conflictOnly(outcome) || tries >= maxAttempts) {
      if (conflictOnly(outcome)) throw new Error(`transaction still conflicting after ${tries} attempts`);
      return { ok: false, failed: outcome.data.map((d) => d.code === "ConditionalCheckFailed") };
    }
    await pause(backoff(tries));
  }
}

const backoff = (tries: number) => Math.random() * 20 * 2 ** Math.min(tries, 6);
