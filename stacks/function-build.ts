import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Plugin } from "esbuild";

/**
 * How every Lambda is bundled: the one setting sst.config.ts gives SST (`nodejs.esbuild`) and
 * `npm run build:functions` uses to measure, so the sizes it prints and budgets are those of what
 * is deployed (issue 13 point 5). Each part is here for the API's 1 MB budget (minified):
 *
 * - `@aws-sdk/*` and `@smithy/*` are left out of the bundle: Lambda's Node.js 20 runtime ships
 *   the AWS SDK for JavaScript v3 (the clients, lib-dynamodb, the S3 presigners). The runtime's
 *   version is the one the code runs against in AWS (a v3 minor, its commands unchanged);
 *   local mode and the tests run the pinned one from node_modules.
 * - zod's error messages in every language but English are left out (zod registers English
 *   itself; nothing here calls `z.config(z.locales.xx())`).
 * - Stripe's SDK keeps only the resources the code calls (STRIPE_RESOURCES); the others become
 *   empty classes. A test (stacks/test/function-build.test.ts) fails when the code calls one
 *   that is not kept.
 * - The ZIP table is a data file (FUNCTION_COPY_FILES) at the root of each function's package,
 *   read on the first ZIP lookup, not a 0.3 MB string in the JavaScript (core/src/places/zip.ts);
 *   so is the common-password list, read on the first sign-up (core/src/auth/password-policy.ts:
 *   0.38 MB of JavaScript as its package ships it).
 */

/** Data files every function's package carries (SST `copyFiles`: from the repo's root, to the package's). */
export const FUNCTION_COPY_FILES = [
  { from: "packages/core/src/places/zip-table.bin", to: "zip-table.bin" },
  { from: "packages/core/src/auth/common-passwords.bin", to: "common-passwords.bin" },
];

/** Packages the Lambda runtime provides (not bundled). */
export const RUNTIME_EXTERNALS = ["@aws-sdk/*", "@smithy/*"];

/**
 * Powertools for AWS Lambda (the Logger, Metrics and Tracer, and the X-Ray SDK the Tracer brings)
 * come from AWS's own Powertools layer, the way its documentation advises for esbuild: not bundled,
 * so the API stays within its 1 MB budget (they were ~150 KB of it, the X-Ray SDK and its semver
 * half of that). Every function gets the layer of exactly the version npm installed
 * (`powertoolsLayerParameter`, resolved by CloudFormation from AWS's public SSM parameter).
 */
export const POWERTOOLS_EXTERNALS = ["@aws-lambda-powertools/*", "aws-xray-sdk-core"];

/** The installed Powertools version (the layer must be the same release), from the repository at `root`. */
export function powertoolsVersion(root = process.cwd()): string {
  return JSON.parse(readFileSync(join(root, "node_modules/@aws-lambda-powertools/logger/package.json"), "utf8")).version;
}

/** AWS's public SSM parameter naming the Powertools layer's ARN for a version, in the deploying region. */
export const powertoolsLayerParameter = (version = powertoolsVersion()) => `/aws/service/powertools/typescript/generic/all/${version}`;

/**
 * The Stripe resources the code calls (`stripe.<name>.…`), by property name and the file that
 * defines each under stripe/esm/resources/. `webhooks` is not a resource file (Webhooks.js is kept).
 */
export const STRIPE_RESOURCES: Record<string, string> = {
  paymentIntents: "PaymentIntents.js",
  charges: "Charges.js",
  refunds: "Refunds.js",
  accounts: "Accounts.js",
  accountLinks: "AccountLinks.js",
  transfers: "Transfers.js",
};
/** Stripe properties that are not resource files and always stay. */
export const STRIPE_ALWAYS = ["webhooks"];

/** zod's `locales` namespace reduced to English (what zod itself registers by default). */
export const zodEnglishOnly: Plugin = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? { path: args.importer, namespace: "zod-english-only", pluginData: dirname(args.importer) }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-english-only" }, (args) => ({
      contents: `export { default as en } from "../locales/en.js";`,
      resolveDir: args.pluginData as string,
      loader: "js",
    }));
  },
};

/** Stripe's unused resources as empty classes (the SDK's constructor still creates every one). */
export const stripeUsedResourcesOnly: Plugin = {
  name: "stripe-used-resources-only",
  setup(build) {
    const kept = new Set(Object.values(STRIPE_RESOURCES));
    build.onLoad({ filter: /[\\/]stripe[\\/]esm[\\/]resources[\\/].+\.js$/ }, (args) => {
      const match = /[\\/]stripe[\\/]esm[\\/]resources[\\/](.+)$/.exec(args.path);
      const file = (match?.[1] ?? "").replace(/\\/g, "/");
      if (kept.has(file)) return undefined;
      const source = readFileSync(args.path, "utf8");
      const classes = [...source.matchAll(/^export class (\w+) extends StripeResource/gm)].map((m) => m[1]);
      // Anything of another shape is left as it is.
      if (classes.length === 0 || /^export (?!class)/m.test(source)) return undefined;
      const base = relative(dirname(args.path), `${args.path.slice(0, args.path.lastIndexOf("resources"))}StripeResource.js`);
      const from = base.startsWith(".") ? base : `./${base}`;
      return {
        contents: [
          `import { StripeResource } from ${JSON.stringify(from.replace(/\\/g, "/"))};`,
          ...classes.map((name) => `export class ${name} extends StripeResource {}`),
        ].join("\n"),
        loader: "js",
      };
    });
  },
};

/**
 * ElectroDB's model checker without its JSON-schema library (30 KB of the API's 1 MB budget; issue
 * 23): ElectroDB checks each entity's model against a JSON schema when the module loads. Our models
 * are constants, checked by every test that loads them unbundled, so a bundle that checks them
 * again at each cold start learns nothing: there a stand-in only tells a model from what is not one.
 */
export const electrodbModelsCheckedInTests: Plugin = {
  name: "electrodb-models-checked-in-tests",
  setup(build) {
    build.onResolve({ filter: /^jsonschema$/ }, (args) =>
      /[\\/]electrodb[\\/]/.test(args.importer) ? { path: "jsonschema", namespace: "electrodb-models-checked-in-tests" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "electrodb-models-checked-in-tests" }, () => ({
      // ElectroDB also asks the checker whether an object is a model at all (testModel), so the stand-in
      // still answers that: an object with attributes and indexes is one, anything else is not.
      contents: [
        "const isModel = (m) => !!m && typeof m === 'object' && !!m.attributes && !!m.indexes;",
        "class Validator { addSchema() {} validate(m) { return { errors: isModel(m) ? [] : [{ property: 'instance', message: 'is not a model' }] }; } }",
        "Validator.prototype.customFormats = {};",
        "module.exports = { Validator };",
      ].join("\n"),
      loader: "js",
    }));
  },
};

/** SST's `nodejs.esbuild` for every function (sst.config.ts), and build:functions' options. */
export const FUNCTION_ESBUILD = {
  external: [...RUNTIME_EXTERNALS, ...POWERTOOLS_EXTERNALS],
  plugins: [zodEnglishOnly, stripeUsedResourcesOnly, electrodbModelsCheckedInTests],
};

/** SST's `nodejs` for every function (sst.config.ts's default, and what a function that overrides it starts from). */
export const FUNCTION_NODEJS = { format: "esm" as const, minify: true, esbuild: FUNCTION_ESBUILD };

/**
 * Packages the API needs only for a rare request: kept out of its bundle (the 1 MB budget is what
 * every cold start parses) and copied into its package instead, where the one code path that wants
 * them finds them by a dynamic `import()`. fflate writes an order's "Download all" zip
 * (functions/src/lib/s3-zip.ts, issue 22); zxcvbn-ts with its keyboard layouts and their own
 * dependencies judges a new password at sign-up (core/src/auth/password-policy.ts, ~50 KB of the
 * bundle). They are pure JavaScript, so copying their installed folders is their whole install (SST's
 * `nodejs.install` would run npm at each deploy for the same files).
 */
export const API_LAZY_PACKAGES = [
  "fflate",
  "@zxcvbn-ts/core",
  "fastest-levenshtein",
  "@zxcvbn-ts/language-common",
  "@zxcvbn-ts/dictionary-compression",
];

/** The API function's esbuild options: every function's, and its lazy packages left out. */
export const API_ESBUILD = { ...FUNCTION_ESBUILD, external: [...FUNCTION_ESBUILD.external, ...API_LAZY_PACKAGES] };

/** The API function's build: its lazy packages external and copied beside the bundle. */
export function apiFunctionBuild() {
  return {
    nodejs: { ...FUNCTION_NODEJS, esbuild: API_ESBUILD },
    copyFiles: [...FUNCTION_COPY_FILES, ...API_LAZY_PACKAGES.map((p) => ({ from: `node_modules/${p}`, to: `node_modules/${p}` }))],
  };
}

/**
 * sharp (the photo function's image library) in Lambda. sharp is a native module: its JavaScript
 * loads a prebuilt binary and libvips from the `@img/*` package of the platform npm installed. SST v2
 * bundles nothing of it (it is always external) and its own `nodejs.install` would force sharp 0.32.6
 * (node_modules/sst/runtime/handlers/node.js), so the function carries the exact packages of our pinned
 * version instead: sharp stays external and these folders are copied into the function's package
 * (`copyFiles`), for Linux x64 with glibc, what Lambda's Node.js 20 x86_64 runtime is. The photo
 * function therefore runs on x86_64 (the others on arm64).
 */
export const SHARP_PACKAGES = ["sharp", "@img/colour", "detect-libc", "semver", "@img/sharp-linux-x64", "@img/sharp-libvips-linux-x64"];

/**
 * The photo function's build: sharp external, its packages copied beside the bundle. npm installs
 * only the build machine's platform package, so deploying from anything but Linux x64 first needs
 * (same versions as package-lock.json): `npm install --no-save --os=linux --cpu=x64 --libc=glibc
 * @img/sharp-linux-x64@0.34.5 @img/sharp-libvips-linux-x64@1.2.4`. Missing, this says so.
 */
export function photoFunctionBuild(root: string) {
  const missing = SHARP_PACKAGES.filter((p) => !existsSync(join(root, "node_modules", p, "package.json")));
  if (missing.length) {
    throw new Error(
      `The photo function needs sharp's Linux x64 packages in node_modules (missing: ${missing.join(", ")}). Run: npm install --no-save --os=linux --cpu=x64 --libc=glibc @img/sharp-linux-x64@0.34.5 @img/sharp-libvips-linux-x64@1.2.4`,
    );
  }
  return {
    architecture: "x86_64" as const,
    nodejs: { ...FUNCTION_NODEJS, esbuild: { ...FUNCTION_ESBUILD, external: [...FUNCTION_ESBUILD.external, "sharp"] } },
    copyFiles: [...FUNCTION_COPY_FILES, ...SHARP_PACKAGES.map((p) => ({ from: `node_modules/${p}`, to: `node_modules/${p}` }))],
  };
}
