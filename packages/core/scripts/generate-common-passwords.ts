/**
 * Writes packages/core/src/auth/common-passwords.bin from the `@zxcvbn-ts/language-common`
 * package's list of common and leaked passwords (its `passwords-common` dictionary, most common
 * first): `npm run generate:passwords`, again only when the package is updated. The list is the
 * package's, word for word and in its order (zxcvbn ranks a match by its place in the list),
 * joined with newlines and brotli-packed (~180 KB). It is a data file beside each Lambda bundle,
 * read on the first sign-up (auth/password-policy.ts), not 380 KB of JavaScript in the API's
 * bundle (its budget is 1 MB; stacks/function-build.ts copies the file).
 * packages/core/test/auth/password-policy.test.ts checks it is the package's list.
 */
import { writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import { dictionary } from "@zxcvbn-ts/language-common";
import { COMMON_PASSWORDS_FILE } from "../src/auth/password-policy.ts";

const list = dictionary["passwords-common"] as string[];
if (list.some((word) => word.includes("\n"))) throw new Error("a password in the list holds a newline: the file format cannot keep it");
const raw = Buffer.from(list.join("\n"));
const packed = brotliCompressSync(raw, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
  },
});
writeFileSync(new URL(`../src/auth/${COMMON_PASSWORDS_FILE}`, import.meta.url), packed);
console.log(`${list.length} passwords: ${COMMON_PASSWORDS_FILE} ${(packed.length / 1024).toFixed(0)} KB`);
