/**
 * The one way to fail (architecture rule 3). Core throws a VisibleError whose message is
 * written for a person; the API maps `kind` to an HTTP status in one place
 * (packages/functions/src/api/errors.ts). Anything else is a logged 500.
 */
export type ErrorKind =
  | "invalid" // 400
  | "unauthenticated" // 401
  | "forbidden" // 403
  | "not_found" // 404
  | "conflict" // 409
  | "too_large" // 413
  | "rate_limited"; // 429

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
};

export class VisibleError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** Stable machine-readable code, e.g. "email_taken". */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "VisibleError";
  }
}

export const isVisibleError = (e: unknown): e is VisibleError => e instanceof VisibleError;
