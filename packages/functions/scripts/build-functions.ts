/**
 * `npm run build:functions`: bundles every Lambda the stacks deploy the way SST does (esbuild,
 * bundled, ESM with SST's banner, minified as sst.config.ts asks, Node 20), prints each bundle's
 * size, measures the API's cold start (a fresh Node process loading its bundle and answering
 * GET /api/health), and fails when the API bundle is over its budget (issue 13 point 5).
 *
 * Options: --no-cold-start (sizes only), --cold-runs N (fresh processes, default 5), --out DIR
 * (default .build/functions, kept for inspection).
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { API_HANDLER } from "../../../stacks/Api.ts";
import {
  API_ESBUILD,
  API_LAZY_PACKAGES,
  FUNCTION_COPY_FILES,
  FUNCTION_ESBUILD,
  RUNTIME_EXTERNALS,
} from "../../../stacks/function-build.ts";
import { ANALYSIS_HANDLER, PHOTOS_HANDLER } from "../../../stacks/Storage.ts";
import { EVENT_RULES, SCHEDULES } from "../../core/src/events/rules.ts";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
/** The API function's budget, minified (issue 13 point 5). */
export const API_BUDGET_BYTES = 1024 * 1024;

/** Every handler the stacks deploy, each once. */
export function handlers(): string[] {
  return [
    ...new Set([API_HANDLER, ANALYSIS_HANDLER, PHOTOS_HANDLER, ...EVENT_RULES.map((r) => r.handler), ...SCHEDULES.map((s) => s.handler)]),
  ];
}

/** SST v2's banner for ESM bundles (node_modules/sst/runtime/handlers/node.js). */
const BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
].join("\n");

/** Bundles one handler as SST v2 does for ESM (node_modules/sst/runtime/handlers/node.js) with sst.config.ts's options. */
export async function bundle(
  handler: string,
  outDir: string,
  options: { external?: string[]; plugins?: import("esbuild").Plugin[] } = handler === API_HANDLER ? API_ESBUILD : FUNCTION_ESBUILD,
) {
  const modulePath = handler.slice(0, handler.lastIndexOf("."));
  const outfile = join(outDir, `${modulePath.replace(/^packages\/functions\/src\//, "").replace(/\//g, "-")}.mjs`);
  const result = await build({
    entryPoints: [join(ROOT, `${modulePath}.ts`)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    banner: { js: BANNER },
    keepNames: true,
    minify: true,
    sourcemap: false,
    metafile: true,
    logLevel: "silent",
    external: ["sharp", "pg-native", ...(options.external ?? [])],
    plugins: options.plugins ?? [],
  });
  return { handler, outfile, bytes: statSync(outfile).size, metafile: result.metafile };
}

/**
 * The API's lazy packages (stacks/function-build.ts) that its bundle would load at start: a static
 * import of one would put it back on every cold start, outside the budget's count. Empty when each
 * is reached only by a dynamic import().
 */
export function lazyPackagesLoadedAtStart(metafile: import("esbuild").Metafile): string[] {
  const loaded = Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external && i.kind === "import-statement"));
  return API_LAZY_PACKAGES.filter((p) => loaded.some((i) => i.path === p || i.path.startsWith(`${p}/`)));
}

/** The biggest inputs of a bundle, by bytes they add to the output. */
function topInputs(metafile: import("esbuild").Metafile, n: number) {
  const byPackage = new Map<string, number>();
  for (const out of Object.values(metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(out.inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
      const key = m?.[1] ?? path.replace(/^.*?packages\//, "packages/").replace(/\/[^/]+$/, "/");
      byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
    }
  }
  return [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
}

const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;

/**
 * Cold start: a fresh Node process imports the bundle and invokes its handler with an API
 * Gateway (HTTP API v2) event for GET /api/health; the time is from spawning to its answer.
 * The health check's DynamoDB call goes to a closed local port, so it answers fast (503) without AWS.
 */
export async function coldStart(apiBundle: string): Promise<{ ms: number; status: number; importMs: number }> {
  const probe = join(resolve(apiBundle, ".."), "cold-start-probe.mjs");
  writeFileSync(
    probe,
    `const t0 = performance.now();
const { handler } = await import(${JSON.stringify(`./${apiBundle.split("/").pop()}`)});
const importMs = performance.now() - t0;
const res = await handler({
  version: "2.0", routeKey: "ANY /api/{proxy+}", rawPath: "/api/health", rawQueryString: "",
  headers: { host: "localhost" }, isBase64Encoded: false,
  requestContext: { http: { method: "GET", path: "/api/health", protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "probe" },
    domainName: "localhost", requestId: "cold", routeKey: "ANY /api/{proxy+}", stage: "$default", timeEpoch: Date.now() },
}, {});
process.stdout.write(JSON.stringify({ status: res.statusCode, importMs }));
process.exit(0);
`,
  );
  const env = {
    PATH: process.env.PATH ?? "",
    TABLE_NAME: "cold-start",
    BUCKET_NAME: "cold-start",
    EVENT_BUS_NAME: "cold-start",
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "cold",
    AWS_SECRET_ACCESS_KEY: "cold",
    AWS_ENDPOINT_URL_DYNAMODB: "http://127.0.0.1:9",
    AWS_MAX_ATTEMPTS: "1",
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    STRIPE_SECRET_KEY: "sk_test_cold",
    STRIPE_WEBHOOK_SECRET: "whsec_cold",
  };
  const t0 = performance.now();
  const out = await new Promise<string>((ok, fail) => {
    const child = spawn(process.execPath, [probe], { env, stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (d: Buffer) => {
      text += d.toString();
    });
    child.on("error", fail);
    child.on("exit", (code) => (code === 0 ? ok(text) : fail(new Error(`the cold-start probe exited with ${code}`))));
  });
  const ms = performance.now() - t0;
  // The function's own log lines (JSON, on stdout as in Lambda) come first; the probe's answer is the last line.
  const { status, importMs } = JSON.parse(out.trim().split("\n").at(-1) ?? "") as { status: number; importMs: number };
  return { ms, status, importMs };
}

/**
 * Beside the bundles: the data files SST copies into every function's package, and a node_modules
 * holding only what the Lambda runtime provides (the AWS SDK v3), so the cold-start probe resolves
 * what the runtime would and nothing else. Returns the data files' bytes.
 */
function packageExtras(outDir: string): number {
  let bytes = 0;
  for (const f of FUNCTION_COPY_FILES) {
    copyFileSync(join(ROOT, f.from), join(outDir, f.to));
    bytes += statSync(join(outDir, f.to)).size;
  }
  for (const pattern of RUNTIME_EXTERNALS) {
    const scope = pattern.replace(/\/\*$/, "");
    const link = join(outDir, "node_modules", scope);
    if (existsSync(link)) continue;
    mkdirSync(join(outDir, "node_modules"), { recursive: true });
    symlinkSync(join(ROOT, "node_modules", scope), link, "dir");
  }
  return bytes;
}

/** The budget is the API's bundle: the minified JavaScript a cold start loads (its data files are printed beside it). */
export function overBudget(apiBytes: number): boolean {
  return apiBytes > API_BUDGET_BYTES;
}

async function main() {
  const args = process.argv.slice(2);
  const outDir = resolve(ROOT, args.includes("--out") ? (args[args.indexOf("--out") + 1] ?? "") : ".build/functions");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const results = [];
  for (const h of handlers()) results.push(await bundle(h, outDir));
  const dataBytes = packageExtras(outDir);
  console.log(
    "Lambda bundles (esbuild as SST builds them from sst.config.ts and stacks/function-build.ts: bundled, ESM, minified,\n" +
      `the AWS SDK from the runtime); each package also carries ${FUNCTION_COPY_FILES.map((f) => f.to).join(", ")} (${kb(dataBytes)})`,
  );
  for (const r of results) console.log(`  ${kb(r.bytes).padStart(8)}  ${r.handler}  (package ${kb(r.bytes + dataBytes)})`);
  const api = results.find((r) => r.handler === API_HANDLER);
  if (!api) throw new Error("no API bundle");
  const eager = lazyPackagesLoadedAtStart(api.metafile);
  if (eager.length)
    throw new Error(
      `The API bundle imports ${eager.join(", ")} at start; reach it by a dynamic import() (stacks/function-build.ts API_LAZY_PACKAGES)`,
    );
  console.log(`\nAPI bundle's biggest inputs:`);
  for (const [name, bytes] of topInputs(api.metafile, Number(process.env.TOP_INPUTS ?? 8)))
    console.log(`  ${kb(bytes).padStart(8)}  ${name}`);
  // What the trims of stacks/function-build.ts save: the API bundled with none of them (the AWS SDK inside).
  const whole = await bundle(API_HANDLER, join(outDir, "untrimmed"), {});
  console.log(`\n(For comparison: the API bundle with the AWS SDK, every zod locale and all of Stripe: ${kb(whole.bytes)})`);
  if (!args.includes("--no-cold-start")) {
    const n = args.includes("--cold-runs") ? Number(args[args.indexOf("--cold-runs") + 1]) : 5;
    const runs = [];
    const wholeRuns = [];
    // Interleaved, so both see the same machine.
    for (let i = 0; i < n; i++) {
      runs.push(await coldStart(api.outfile));
      wholeRuns.push(await coldStart(whole.outfile));
    }
    const mid = <T extends { ms: number }>(xs: T[]) => [...xs].sort((a, b) => a.ms - b.ms)[Math.floor((xs.length - 1) / 2)];
    const median = mid(runs);
    const wholeMedian = mid(wholeRuns);
    if (median && wholeMedian) {
      console.log(
        `\nAPI cold start (a fresh node process → the first answer of GET /api/health through the Lambda handler, status ${median.status}):\n` +
          `  median of ${runs.length} ${median.ms.toFixed(0)} ms (importing the bundle ${median.importMs.toFixed(0)} ms); runs ${runs.map((r) => r.ms.toFixed(0)).join(", ")} ms\n` +
          `  untrimmed bundle, same runs interleaved: ${wholeMedian.ms.toFixed(0)} ms (import ${wholeMedian.importMs.toFixed(0)} ms)\n` +
          `  load average ${loadavg()
            .map((l) => l.toFixed(2))
            .join(" ")} (2 cores shared: figures on an idle machine are lower)`,
      );
    }
  }
  const over = overBudget(api.bytes);
  console.log(
    `\nAPI bundle ${kb(api.bytes)} of its ${kb(API_BUDGET_BYTES)} budget (minified JavaScript): ${over ? "OVER" : "within"}` +
      ` (its package with ${FUNCTION_COPY_FILES.map((f) => f.to).join(", ")}: ${kb(api.bytes + dataBytes)})`,
  );
  if (over) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
