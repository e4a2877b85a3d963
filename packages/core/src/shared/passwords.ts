/**
 * The password rules a person is told about (sign-up's hint, the error registry's sentences), from
 * the constants the server checks (auth/schemas.ts, auth/password-policy.ts). Browser-safe.
 */

/** Shortest password accepted at sign-up, in characters. */
export const PASSWORD_MIN_LENGTH = 10;
/** Longest password accepted at sign-up (sign-in accepts longer, to answer every old password). */
export const PASSWORD_MAX_LENGTH = 128;

/** Sign-up's hint under the password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`;
