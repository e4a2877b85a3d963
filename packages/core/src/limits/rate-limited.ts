import { type ErrorCode, type ErrorParams, fail, VisibleError } from "../shared/errors.ts";

/**
 * A 429 that also says when to try again: the API turns `retryAfterSeconds` into the
 * Retry-After header, and the message (from core's registry, architecture rule 3) says the
 * same in words.
 */
export class RateLimitedError extends VisibleError {
  constructor(
    error: VisibleError,
    readonly retryAfterSeconds: number,
  ) {
    super(error.kind, error.code, error.message);
    this.name = "RateLimitedError";
  }
}

/** `fail(code, params)` with a Retry-After: `throw rateLimited(seconds, "too_many_attempts", { minutes })`. */
export function rateLimited<C extends ErrorCode>(retryAfterSeconds: number, code: C, ...params: ErrorParams<C>): RateLimitedError {
  return new RateLimitedError(fail(code, ...params), retryAfterSeconds);
}

export const isRateLimited = (e: unknown): e is RateLimitedError => e instanceof RateLimitedError;

/** Whole minutes to wait, rounded up, never 0. */
export const minutesLeft = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));

/** "1 minute", "15 minutes": the wait rounded up to whole minutes, never "0 minutes". */
export function minutesText(seconds: number): string {
  const minutes = minutesLeft(seconds);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** A short wait in words: whole seconds under a minute ("1 second", "32 seconds"), then as minutesText. */
export function secondsText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole >= 60) return minutesText(whole);
  return `${whole} second${whole === 1 ? "" : "s"}`;
}

/**
 * The wait in words for any window: whole minutes up to two hours ("1 minute", "45 minutes"), then
 * whole hours rounded up ("14 hours"), so a daily limit does not say "840 minutes".
 */
export function waitText(seconds: number): string {
  if (seconds <= 2 * 60 * 60) return minutesText(seconds);
  const hours = Math.ceil(seconds / 3600);
  return `${hours} hours`;
}
