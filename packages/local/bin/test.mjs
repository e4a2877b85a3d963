#!/usr/bin/env node
// `npm test`: every tier (unit, integration, infra, web, browser) in one vitest run, then the
// plain closing line CI reads: "N passed, N failed". Installs Debian's Chromium when missing.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, buildWebIfStale } from "./build-web.mjs";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("Installing Debian's Chromium for the browser journeys...");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args) => spawnSync(sudo.length ? "sudo" : args[0], sudo.length ? args : args.slice(1), { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  run(["apt-get", "update", "-qq"]);
  const r = run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"]);
  if (r.status !== 0 || !existsSync(CHROMIUM)) {
    console.error("Could not install Chromium (apt-get install chromium failed); the browser journeys need it.");
    process.exit(1);
  }
}

ensureChromium();
buildWebIfStale();

const out = join(ROOT, ".build");
mkdirSync(out, { recursive: true });
const report = join(out, "vitest-report.json");
rmSync(report, { force: true });
const args = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)];
const r = spawnSync("npx", args, { cwd: ROOT, stdio: "inherit", env: process.env });

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const j = JSON.parse(readFileSync(report, "utf8"));
  passed = j.numPassedTests ?? 0;
  failed = j.numFailedTests ?? 0;
  // A file that failed to load counts as a failure even when it reported no tests.
  for (const f of j.testResults ?? []) if (f.status === "failed" && (f.assertionResults ?? []).length === 0) failed += 1;
} else {
  failed = 1;
}
if (r.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(r.status === 0 && failed === 0 ? 0 : 1);
