/**
 * The one place a failed conditional write is recognised (architecture rule 5), by the AWS SDK's
 * error type, never by its message text:
 *
 * - a single write throws `ConditionalCheckFailedException`, which ElectroDB wraps in its own
 *   error with the SDK's error as `cause`;
 * - a transaction is cancelled with `TransactionCanceledException`, whose `CancellationReasons`
 *   say which item failed and why. ElectroDB does not throw it: `transaction.write(...).go()`
 *   answers `{ canceled: true, data: [{ rejected, code }] }`, so callers must read that result.
 *
 * The SDK's `name` is its error type (the service's exception shape), the same in every copy of
 * the SDK, so it is compared rather than `instanceof`.
 */
const CONDITION_FAILED = "ConditionalCheckFailedException";
const TRANSACTION_CANCELED = "TransactionCanceledException";
/** The code a cancellation reason carries when that item's condition failed. */
const REASON_CONDITION_FAILED = "ConditionalCheckFailed";

interface SdkError {
  name?: unknown;
  cause?: unknown;
  CancellationReasons?: { Code?: string }[];
}

/** True when `e` (or an error it wraps) is a write refused by its condition. */
export function isConditionFailure(e: unknown): boolean {
  let err: unknown = e;
  // ElectroDB wraps once; the loop also survives a wrapper around that, and never cycles forever.
  for (let depth = 0; depth < 5 && err && typeof err === "object"; depth++) {
    const { name, cause, CancellationReasons } = err as SdkError;
    if (name === CONDITION_FAILED) return true;
    if (name === TRANSACTION_CANCELED) return (CancellationReasons ?? []).some((r) => r.Code === REASON_CONDITION_FAILED);
    err = cause;
  }
  return false;
}

/** An ElectroDB transaction's answer (`service.transaction.write(...).go()`). */
export interface TransactionResult {
  canceled: boolean;
  data: readonly ({ rejected?: boolean; code?: string } | undefined)[];
}

/**
 * Which items of a cancelled transaction failed their condition, by position in the transaction
 * (empty when it went through, or when it was cancelled for another reason, such as a conflicting
 * transaction: the caller decides what that means).
 */
export function failedConditions(result: TransactionResult): number[] {
  if (!result.canceled) return [];
  return result.data.flatMap((item, i) => (item?.code === REASON_CONDITION_FAILED ? [i] : []));
}

/**
 * A single conditional write whose refusal is an answer, not an error: true when it was written,
 * false when its condition failed (anything else is thrown). For "do this once" writes (an upload's
 * analysis, a photo's processing) that a repeated event may try again.
 */
export async function writtenIf(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
