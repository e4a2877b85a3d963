import { brotliDecompressSync } from "node:zlib";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { readDataFile } from "../data-file.ts";
import { fail } from "../shared/errors.ts";

/**
 * A new password must not be a common or leaked one (DECISIONS.md "Accounts"). zxcvbn-ts estimates
 * how many guesses a password takes against the ~49,000 most common passwords of public breach
 * lists (`@zxcvbn-ts/language-common`), with their l33t spellings, reversals, capitals, keyboard
 * walks, repeats, sequences, dates and the person's own username and e-mail; a password an
 * attacker's list or rules reach in under 10^8 guesses (score < 3) is refused.
 *
 * The list is the package's own, kept as a data file (COMMON_PASSWORDS_FILE, written by
 * `npm run generate:passwords`) beside each Lambda bundle and read on the first sign-up: as
 * JavaScript it would add 380 KB to the API's 1 MB bundle. zxcvbn itself and its keyboard layouts
 * (~50 KB) are loaded by a dynamic `import()` on the first sign-up too: the API's bundle leaves them
 * out and its package carries them (stacks/function-build.ts API_LAZY_PACKAGES), so the cold start of
 * every other request does not parse them.
 */
export const COMMON_PASSWORDS_FILE = "common-passwords.bin";
/** zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" (10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** The common-password list, most common first (zxcvbn ranks a match by its place). */
export function commonPasswords(): string[] {
  return brotliDecompressSync(readDataFile(COMMON_PASSWORDS_FILE, import.meta.url, "The common-password list"))
    .toString("utf8")
    .split("\n");
}

function strength(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, { adjacencyGraphs }] = await Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]);
    return new ZxcvbnFactory({ dictionary: { passwords: commonPasswords() }, graphs: adjacencyGraphs });
  })().catch((e: unknown) => {
    estimator = undefined; // the next sign-up tries again
    throw e;
  });
  return estimator;
}

/** zxcvbn's score (0–4) of a password for this person (their username and e-mail count as known words). */
export async function passwordScore(password: string, personal: string[] = []): Promise<number> {
  return (await strength()).check(password, personal).score;
}

/** Refuses (400 password_too_common) a password that is common, leaked, or a simple pattern or variation of one. */
export async function refuseWeakPassword(password: string, personal: string[] = []): Promise<void> {
  if ((await passwordScore(password, personal)) < PASSWORD_MIN_SCORE) throw fail("password_too_common");
}
