/**
 * The functions' bundles (issue 13 point 5): SST is given the settings `npm run build:functions`
 * measures, the API's minified bundle stays within its 1 MB budget, and the Stripe resources the
 * code calls survive the trim.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { App, getStack, Function as SstFunction } from "sst/constructs";
import { initProject } from "sst/project.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BUDGET_BYTES, bundle, lazyPackagesLoadedAtStart, overBudget } from "../../packages/functions/scripts/build-functions";
import config from "../../sst.config";
import { API_HANDLER, Api } from "../Api";
import { API_ESBUILD, API_LAZY_PACKAGES, apiFunctionBuild, FUNCTION_ESBUILD, STRIPE_ALWAYS, STRIPE_RESOURCES } from "../function-build";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), "printhood-bundles-"));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

describe("Lambda bundles", () => {
  it("SST builds every function with the settings build:functions measures (stacks/function-build.ts)", async () => {
    await initProject({ stage: "bundle-test" });
    const app = new App({ mode: "deploy", stage: "bundle-test", name: "printhood", region: "us-east-1", account: "123456789012" });
    config.stacks(app);
    const fns = getStack(Api)
      .node.findAll()
      .filter((c): c is SstFunction => c instanceof SstFunction);
    const api = fns.find((f) => f.getConstructMetadata().data.handler === API_HANDLER);
    expect(api).toBeDefined();
    const props = (api as unknown as { props: { nodejs?: { esbuild?: unknown; minify?: boolean }; copyFiles?: unknown } }).props;
    expect(props.nodejs?.minify).toBe(true);
    expect(props.nodejs?.esbuild).toBe(API_ESBUILD);
    // The lazy packages travel in the package, beside the bundle that leaves them out.
    expect(props.copyFiles).toEqual(apiFunctionBuild().copyFiles);
    for (const p of API_LAZY_PACKAGES) expect(props.copyFiles).toContainEqual({ from: `node_modules/${p}`, to: `node_modules/${p}` });
  });

  it("the API's minified bundle is within its 1 MB budget", async () => {
    const api = await bundle(API_HANDLER, out);
    expect(api.bytes).toBeGreaterThan(100 * 1024);
    expect(overBudget(api.bytes), `the API bundle is ${(api.bytes / 1024).toFixed(0)} KB`).toBe(false);
    // Nothing the runtime provides is inside; no zod locale but English.
    const inputs = Object.keys(api.metafile.inputs);
    expect(inputs.filter((p) => /node_modules\/@aws-sdk\//.test(p))).toEqual([]);
    expect(inputs.filter((p) => /zod\/v4\/locales\/(?!en\.js)/.test(p))).toEqual([]);
    // The zip writer is not parsed at a cold start: reached only by a dynamic import().
    expect(inputs.filter((p) => /node_modules\/fflate\//.test(p))).toEqual([]);
    expect(lazyPackagesLoadedAtStart(api.metafile)).toEqual([]);
    const dynamic = Object.values(api.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.kind === "dynamic-import"));
    expect(dynamic.map((i) => i.path)).toContain("fflate");
  });

  it("finds a lazy package imported at start", async () => {
    const eager = await build({
      stdin: {
        contents: `import { Zip } from "fflate"; export const z = Zip;`,
        resolveDir: join(ROOT, "packages/functions"),
        loader: "js",
      },
      bundle: true,
      write: false,
      metafile: true,
      format: "esm",
      platform: "node",
      logLevel: "silent",
      external: API_ESBUILD.external,
    });
    expect(lazyPackagesLoadedAtStart(eager.metafile)).toEqual(["fflate"]);
  });

  it("the gate fails over the budget", () => {
    expect(overBudget(API_BUDGET_BYTES)).toBe(false);
    expect(overBudget(API_BUDGET_BYTES + 1)).toBe(true);
  });

  it("keeps every Stripe resource the code calls, and they work once bundled", async () => {
    // `stripe.paymentIntents.create(` and the like, wherever the code calls Stripe's SDK.
    const calls = new Set<string>();
    for (const file of [...sourceFiles(join(ROOT, "packages/functions/src")), ...sourceFiles(join(ROOT, "packages/core/src"))]) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bstripe\.([a-zA-Z]+)\.([a-zA-Z]+)\(/g)) calls.add(`${m[1]}.${m[2]}`);
    }
    const called = new Set([...calls].map((c) => c.split(".")[0] ?? ""));
    expect(called.size).toBeGreaterThan(0);
    for (const name of called) expect([...Object.keys(STRIPE_RESOURCES), ...STRIPE_ALWAYS], `stripe.${name}`).toContain(name);

    const probe = join(out, "stripe-probe.mjs");
    await build({
      stdin: {
        contents: `import Stripe from "stripe";
const s = new Stripe("sk_test_probe");
export const kept = Object.fromEntries(${JSON.stringify([...calls])}.map((c) => { const [r, m] = c.split("."); return [c, typeof s[r][m]]; }));
export const trimmed = typeof s.customers.list;`,
        resolveDir: join(ROOT, "packages/functions"),
        loader: "js",
      },
      outfile: probe,
      bundle: true,
      platform: "node",
      format: "esm",
      logLevel: "silent",
      ...FUNCTION_ESBUILD,
    });
    const { kept, trimmed } = (await import(probe)) as { kept: Record<string, string>; trimmed: string };
    // Every method the code calls is there once bundled; an unused resource is an empty class.
    for (const call of calls) expect(kept[call], `stripe.${call}`).toBe("function");
    expect(trimmed).toBe("undefined");
  });
});
