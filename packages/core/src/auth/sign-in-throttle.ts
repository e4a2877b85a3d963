import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { minutesLeft, rateLimited } from "../limits/rate-limited.ts";
import { SIGN_IN_PAIR_LOCK } from "../limits/rules.ts";

/** Ten sign-ins in a row without success for one email from one address lock that pair for 15 minutes (DECISIONS.md). */
export const MAX_FAILED_LOGINS = SIGN_IN_PAIR_LOCK.maxFailures;
export const LOCK_SECONDS = SIGN_IN_PAIR_LOCK.lockSeconds;
/** A run of failures is forgotten this long after the last one (TTL; also checked on write, as TTL is lazy). */
const FORGET_SECONDS = LOCK_SECONDS * 2;

const nowSeconds = () => Math.floor(Date.now() / 1000);

const lockedError = (secondsLeft: number) => rateLimited(secondsLeft, "too_many_attempts", { minutes: minutesLeft(secondsLeft) });

export interface SignInAttempt {
  /** Whether this address had already tried this email without success in the current run. */
  readonly failedBefore: boolean;
  /** The password was right: the run of failures ends (unless a parallel guess has just locked the pair). */
  succeeded(): Promise<void>;
  /**
   * The attempt did not sign in (a wrong password, or refused by the email's slow-down): `refusal`
   * is thrown, or the pair's 429 when this was the attempt that reached the limit.
   */
  failed(refusal: Error): Promise<never>;
}

/**
 * Counts a sign-in attempt for an email from one address (`subject`, limits/client-address.ts)
 * BEFORE its password is checked: an atomic ADD, so N parallel guesses count as N, and only the
 * first MAX_FAILED_LOGINS of a run ever reach the password check. Every other attempt from that
 * address, right password or not, gets the 429 until the lock ends; other addresses are not locked
 * (the email's slow-down, auth/sign-in-slowdown.ts, is what spans addresses). The count covers
 * known and unknown emails alike, so the 429 reveals nothing.
 */
export async function reserveSignIn(store: Store, emailKey: string, subject: string, now = nowSeconds()): Promise<SignInAttempt> {
  const throttles = store.entities.loginThrottles;
  const key = { emailKey, subject };
  let attempt: { failures: number; lockedUntil?: number | undefined } | undefined;
  // Two rounds at most: the second follows a parallel request that restarted an expired run.
  for (let round = 0; round < 3 && !attempt; round++) {
    try {
      const { data } = await throttles
        .upsert({ ...key, expiresAt: now + FORGET_SECONDS })
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
          .patch(key)
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
        .patch(key)
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
    failedBefore: counted.failures > 1,
    async succeeded() {
      await throttles
        .delete(key)
        .where((a, op) => op.notExists(a.lockedUntil))
        .go()
        .catch((e: unknown) => {
          if (!isConditionFailure(e)) throw e;
        });
    },
    async failed(refusal: Error): Promise<never> {
      // The attempt that reaches the limit already gets the 429.
      if (counted.failures >= MAX_FAILED_LOGINS) throw await lock();
      throw refusal;
    },
  };
}
