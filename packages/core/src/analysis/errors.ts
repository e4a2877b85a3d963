import { VisibleError } from "../shared/errors.ts";

/** Every analysis failure is a VisibleError with a stable code and a sentence a person understands. */
export function designError(code: string, message: string): VisibleError {
  return new VisibleError("invalid", code, message);
}

export function tooLarge(code: string, message: string): VisibleError {
  return new VisibleError("too_large", code, message);
}

export const fmtInt = (n: number): string => Math.round(n).toLocaleString("en-US");

export const fmtBytes = (n: number): string =>
  n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} bytes`;
