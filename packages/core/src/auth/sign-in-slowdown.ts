import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { rateLimited, secondsText } from "../limits/rate-limited.ts";
import { SIGN_IN_SLOWDOWN, type SlowdownRule } from "../limits/rules.ts";

/**
 * The email's slow-down (DECISIONS.md "Accounts"): wrong passwords for one email are counted across
 * every address. Past SIGN_IN_SLOWDOWN.freeFailures, each one spaces the next password check for
 * that email, doubling up to a bounded wait, for the addresses that have themselves failed for it
 * (a botnet that has guessed, or whoever mistyped): they are refused with 429 `sign_in_slowed` and
 * Retry-After until the email's next check. An address that has not failed for the email is never
 * refused by it, so the owner signing in from their own network is not locked out by an attacker
 * elsewhere; its first wrong password makes it one that has failed.
 */

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The email's remembered run: wrong passwords and the next check (null when none, or forgotten). */
export interface SlowdownState {
  failures: number;
  nextCheckAt?: number | undefined;
  expiresAt: number;
}

/**
 * Seconds between the email's `failures`-th wrong password and the next check: none for the first
 * `freeFailures - 1`, then `firstDelaySeconds` doubling with each further one, never over `maxDelaySeconds`.
 */
export function slowdownSeconds(failures: number, rule: SlowdownRule = SIGN_IN_SLOWDOWN): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** (failures - rule.freeFailures));
}

/**
 * How long an attempt must wait before its password is checked (0: check it now). Only an address
 * that has failed for this email waits, and never longer than the rule's maximum.
 */
export function slowdownWait(state: SlowdownState | null, failedHere: boolean, now: number, rule: SlowdownRule = SIGN_IN_SLOWDOWN): number {
  if (!failedHere || !state || state.expiresAt <= now || state.nextCheckAt === undefined) return 0;
  return Math.min(rule.maxDelaySeconds, Math.max(0, state.nextCheckAt - now));
}

const slowedError = (seconds: number) => rateLimited(seconds, "sign_in_slowed", { wait: secondsText(seconds) });

/**
 * Lets an attempt's password be checked now, or throws the 429 saying how long to wait. An address
 * that has failed for the email takes the email's next check when it is due (a conditional write,
 * so parallel attempts from many such addresses get one check between them, not one each), and
 * holds it for the wait the current count earns.
 */
export async function takeSlowdownTurn(store: Store, emailKey: string, failedHere: boolean, now = nowSeconds()): Promise<void> {
  if (!failedHere) return;
  const slowdowns = store.entities.signInSlowdowns;
  const { data } = await slowdowns.get({ emailKey }).go({ consistent: true });
  const wait = slowdownWait(data, true, now);
  if (wait > 0) throw slowedError(wait);
  const hold = data && data.expiresAt > now ? slowdownSeconds(data.failures) : 0;
  if (!data || hold === 0) return;
  try {
    await slowdowns
      .patch({ emailKey })
      .set({ nextCheckAt: now + hold })
      .where((a, op) => (data.nextCheckAt === undefined ? op.notExists(a.nextCheckAt) : op.eq(a.nextCheckAt, data.nextCheckAt)))
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    // Another address took this turn a moment ago: the next comes one hold later.
    throw slowedError(hold);
  }
}

/**
 * Counts a wrong password for the email (from any address) and moves its next check to the wait the
 * new count earns, never earlier than one already set. A run forgotten (no wrong password for
 * `forgetSeconds`) starts again at one.
 */
export async function countWrongPassword(store: Store, emailKey: string, now = nowSeconds()): Promise<number> {
  const slowdowns = store.entities.signInSlowdowns;
  const expiresAt = now + SIGN_IN_SLOWDOWN.forgetSeconds;
  let failures: number;
  try {
    const { data } = await slowdowns
      .upsert({ emailKey, expiresAt })
      .add({ failures: 1 })
      .where((a, op) => `${op.notExists(a.expiresAt)} OR ${op.gt(a.expiresAt, now)}`)
      .go({ response: "all_new" });
    failures = data.failures;
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    // The remembered run had ended: this wrong password starts a new one.
    await slowdowns.put({ emailKey, failures: 1, expiresAt }).go();
    failures = 1;
  }
  const wait = slowdownSeconds(failures);
  if (wait > 0) {
    await slowdowns
      .patch({ emailKey })
      .set({ nextCheckAt: now + wait })
      .where((a, op) => `${op.notExists(a.nextCheckAt)} OR ${op.lt(a.nextCheckAt, now + wait)}`)
      .go()
      .catch((e: unknown) => {
        // A later check is already set (a parallel wrong password counted after this one): it stands.
        if (!isConditionFailure(e)) throw e;
      });
  }
  return failures;
}
