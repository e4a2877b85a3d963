import { generateSecret } from "@otplib/core";
import { base32 } from "@otplib/plugin-base32-scure";
import { crypto } from "@otplib/plugin-crypto-node";
import { verify } from "@otplib/totp";
import { generateTOTP } from "@otplib/uri";

/**
 * Staff's second factor: TOTP (RFC 6238) through otplib, with the authenticator apps' defaults
 * (SHA-1, 6 digits, 30-second steps). A code is accepted one step either side of now (a phone's
 * clock drifts, a person types slowly) and only once: sign-in records the step it used
 * (`totpLastStep`, written conditionally), so a code seen over someone's shoulder is worth nothing.
 *
 * otplib's parts are used directly with Node's own crypto (`@otplib/plugin-crypto-node`): the
 * `otplib` entry loads its portable SHA implementation (@noble/hashes, ~17 KB in the API bundle)
 * even when another crypto is passed, and the API bundle has a 1 MB budget (issue 13).
 */
export const TOTP_ISSUER = "Printhood";
export const TOTP_PERIOD_SECONDS = 30;
/** How many steps either side of the current one are accepted. */
export const TOTP_WINDOW_STEPS = 1;

/** A fresh secret for a new staff member (20 random bytes, base32, as authenticator apps expect). */
export const newTotpSecret = (): string => generateSecret({ crypto, base32 });

/** The `otpauth://` URI an authenticator app reads (typed in, or as a QR code). */
export const totpUri = (email: string, secret: string): string =>
  generateTOTP({ issuer: TOTP_ISSUER, label: email, secret, period: TOTP_PERIOD_SECONDS });

/**
 * The time step `code` belongs to, when it is right for `secret` within the window around `now`;
 * null when it is not a code of this secret (any text may arrive here: only six digits are tried).
 */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret,
    token,
    epoch,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    crypto,
    base32,
  });
  // The step the code matched: now's step moved by the drift otplib found.
  return result.valid ? Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta : null;
}
