import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import type { ErrorCode, ErrorParams } from "../shared/errors.ts";
import { rateLimited, waitText } from "./rate-limited.ts";

/** The registry's codes whose sentence is filled with how long to wait ("15 minutes"). */
export type WaitCode = { [C in ErrorCode]: ErrorParams<C> extends [params: { wait: string }] ? C : never }[ErrorCode];

/** One limit: at most `max` requests per subject in each fixed window of `windowSeconds`. */
export interface LimitRule {
  /** Part of the stored key, and the 429's code in core's registry (its sentence says how long to wait). */
  name: WaitCode;
  max: number;
  windowSeconds: number;
}

export interface Reservation {
  /** Gives the request back (e.g. a sign-in that succeeded should not count against the address). */
  refund(): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Keep a window's record a little past its end (TTL deletion is lazy anyway). */
const TTL_SLACK_SECONDS = 60;

/**
 * Counts one request for `subject` under `rule` BEFORE the work it guards: a conditional ADD
 * (count < max) in DynamoDB, so parallel requests on any number of Lambda instances cannot
 * overshoot. Over the limit: a RateLimitedError (429) with the seconds left in the window.
 * Fixed windows allow up to 2×max across a window boundary; for limits counted in minutes
 * or hours that is an acceptable price for one write per request.
 */
export async function reserve(store: Store, rule: LimitRule, subject: string, now = nowSeconds()): Promise<Reservation> {
  const window = Math.floor(now / rule.windowSeconds);
  const key = { rule: rule.name, subject, window };
  const windowEnd = (window + 1) * rule.windowSeconds;
  try {
    await store.entities.rateLimits
      .upsert({ ...key, expiresAt: windowEnd + TTL_SLACK_SECONDS })
      .add({ count: 1 })
      .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, rule.max)}`)
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const wait = Math.max(1, windowEnd - now);
    throw rateLimited(wait, rule.name, { wait: waitText(wait) });
  }
  return {
    refund: async () => {
      await store.entities.rateLimits
        .patch(key)
        .subtract({ count: 1 })
        .where((a, op) => op.gt(a.count, 0))
        .go()
        .catch((e: unknown) => {
          // The window's record may be gone (TTL) or already at 0: nothing to give back.
          if (!isConditionFailure(e)) throw e;
        });
    },
  };
}

/** How many requests `subject` has used in the current window (tests and diagnostics). */
export async function usedInWindow(store: Store, rule: LimitRule, subject: string, now = nowSeconds()): Promise<number> {
  const window = Math.floor(now / rule.windowSeconds);
  const { data } = await store.entities.rateLimits.get({ rule: rule.name, subject, window }).go({ consistent: true });
  return data?.count ?? 0;
}
