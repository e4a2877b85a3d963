import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { minutesLeft, rateLimited } from "../limits/rate-limited.ts";

/** Ten wrong passwords in a row lock sign-in for that email for 15 minutes (DECISIONS.md). */
export const MAX_FAILED_LOGINS = 10;
export const LOCK_SECONDS = 15 * 60;
/** A run of failures is forgotten this long after the last one (TTL; also checked on write, as TTL is lazy). */
const FORGET_SECONDS = LOCK_SECONDS * 2;

const nowSeconds = () => Math.floor(Date.now() / 1000);

const lockedError = (secondsLeft: number) => rateLimited(secondsLeft, "too_many_attempts", { minutes: minutesLeft(secondsLeft) });

export interface SignInAttempt {
  /** The password was right: the run of failures ends (unless a parallel guess has just locked the email). */
  succeeded(): Promise<void>;
  /** The password was wrong: a 401, or the 429 when this was the attempt that reached the limit. */
  failed(wrong: Error): Promise<never>;
}

/**
 * Counts a sign-in attempt for an email BEFORE its password is checked: an atomic ADD, so N
 * parallel guesses count as N, and only the first MAX_FAILED_LOGINS of a run ever reach the
 * password check. Every other attempt, right password or not, gets the 429 until the lock ends.
 * The count covers known and unknown emails alike, so the 429 reveals nothing.
 */
export async function reserveSignIn(store: Store, emailKey: string, now = nowSeconds()): Promise<SignInAttempt> {
  const throttles = store.entities.loginThrottles;
  let attempt: { failures: number; lockedUntil?: number | undefined } | undefined;
  // Two rounds at most: the second follows a parallel request that restarted an expired run.
  for (let round = 0; round < 3 && !attempt; round++) {
    try {
      const { data } = await throttles
        .upsert({ emailKey, expiresAt: now + FORGET_SECONDS })
        .add({ failures: 1 })
        // A run that is locked, or still remembered, goes on; an ended one is restarted below.
        .where(
          (a, op) =>
            `(${op.notExists(a.lockedUntil)} OR ${op.gt(a.lockedUntil, now)}) AND (${op.notExists(a.expiresAt)} OR ${op.gt(a.expiresAt, now)})`,
        )
        .go({ response: "all_new" });
      attempt = { failures: data.failures, lockedUntil: data.lockedUntil };
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      try {
        await throttles
          .patch({ emailKey })
          .set({ failures: 1, expiresAt: now + FORGET_SECONDS })
          .remove(["lockedUntil"])
          .where((a, op) => `${op.lte(a.lockedUntil, now)} OR ${op.lte(a.expiresAt, now)}`)
          .go();
        attempt = { failures: 1 };
      } catch (again) {
        if (!isConditionFailure(again)) throw again;
      }
    }
  }
  if (!attempt) throw lockedError(LOCK_SECONDS);
  const counted = attempt;

  const lock = async () => {
    const until = counted.lockedUntil ?? now + LOCK_SECONDS;
    if (counted.lockedUntil === undefined) {
      await throttles
        .patch({ emailKey })
        .set({ lockedUntil: until })
        .where((a, op) => op.notExists(a.lockedUntil))
        .go()
        .catch((e: unknown) => {
          // A parallel attempt set the lock first: same outcome.
          if (!isConditionFailure(e)) throw e;
        });
    }
    // At most the lock's length: a parallel attempt that read the clock a second later than this
    // one may have set the lock, and this request's `now` is that second behind (it answered 901).
    return lockedError(Math.min(LOCK_SECONDS, Math.max(1, until - now)));
  };

  // Past the limit: refused without looking at the password. (Also sets a lock a crash left unset.)
  if (counted.failures > MAX_FAILED_LOGINS) throw await lock();

  return {
    async succeeded() {
      await throttles
        .delete({ emailKey })
        .where((a, op) => op.notExists(a.lockedUntil))
        .go()
        .catch((e: unknown) => {
          if (!isConditionFailure(e)) throw e;
        });
    },
    async failed(wrong: Error): Promise<never> {
      // The attempt that reaches the limit already gets the 429.
      if (counted.failures >= MAX_FAILED_LOGINS) throw await lock();
      throw wrong;
    },
  };
}
