/**
 * Number and size formatting for the analysis' error details. The errors themselves are made by
 * `fail(code, details)` from core's registry (shared/errors.ts, architecture rule 3): one message per code.
 */
export const fmtInt = (n: number): string => Math.round(n).toLocaleString("en-US");

export const fmtBytes = (n: number): string =>
  n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} bytes`;
