#!/usr/bin/env node
// `npm test`: the guard rails (typecheck, then lint with the format check), then every tier
// (unit, integration, infra, web, browser) in one vitest run, then the plain closing line CI
// reads: "N passed, N failed". Each guard rail counts as one check; any finding fails the run.
// Installs Debian's Chromium when missing.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildKernels } from "../../core/scripts/build-kernels.mjs";
import { buildWebIfStale, ROOT } from "./build-web.mjs";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("Installing Debian's Chromium for the browser journeys...");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args) =>
    spawnSync(sudo.length ? "sudo" : args[0], sudo.length ? args : args.slice(1), {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  run(["apt-get", "update", "-qq"]);
  const r = run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"]);
  if (r.status !== 0 || !existsSync(CHROMIUM)) {
    console.error("Could not install Chromium (apt-get install chromium failed); the browser journeys need it.");
    process.exit(1);
  }
}

/** Runs an npm script as one check of the run; its output is shown as it happens. */
function guardRail(script) {
  console.log(`\n> npm run ${script}`);
  const r = spawnSync("npm", ["run", "-s", script], { cwd: ROOT, stdio: "inherit", env: process.env });
  if (r.status !== 0) console.error(`npm run ${script} found problems (see above).`);
  return r.status === 0;
}

// the analysis kernels (compiled from packages/core/assembly) before anything reads them
await buildKernels();
const rails = ["typecheck", "lint"].map(guardRail);

ensureChromium();
buildWebIfStale();

const out = join(ROOT, ".build");
mkdirSync(out, { recursive: true });
const report = join(out, "vitest-report.json");
rmSync(report, { force: true });
const args = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)];
const r = spawnSync("npx", args, { cwd: ROOT, stdio: "inherit", env: process.env });

let passed = rails.filter(Boolean).length;
let failed = rails.length - passed;
if (existsSync(report)) {
  const j = JSON.parse(readFileSync(report, "utf8"));
  passed += j.numPassedTests ?? 0;
  failed += j.numFailedTests ?? 0;
  // A file that failed to load counts as a failure even when it reported no tests.
  for (const f of j.testResults ?? []) if (f.status === "failed" && (f.assertionResults ?? []).length === 0) failed += 1;
} else {
  failed += 1;
}
if (r.status !== 0 && failed === 0) failed = 1;
const ok = r.status === 0 && failed === 0;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
