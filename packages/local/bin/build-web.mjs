// Builds packages/web into dist/ when the build is missing or older than its sources: the web's own and
// core's, which the bundle includes (core/shared and core/analysis: the quote and the estimate the upload
// page runs). A bundle older than core would price with an old estimate while the server prices with the new.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const WEB = join(ROOT, "packages/web");

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const name of readdirSync(path)) if (name !== "node_modules" && name !== "dist") max = Math.max(max, newest(join(path, name)));
  return max;
}

export function buildWebIfStale() {
  const built = join(WEB, "dist/index.html");
  const sources = [
    ...["src", "scripts", "public", "index.html", "vite.config.ts", "package.json", "tsconfig.json"].map((p) => join(WEB, p)),
    join(ROOT, "packages/core/src"),
    join(ROOT, "package-lock.json"),
  ].filter(existsSync);
  const fresh = existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newest));
  if (fresh) return;
  console.log("Building the site (packages/web)...");
  // Always a production build, whatever NODE_ENV the shell (or a test runner: vitest sets "test") passes
  // down: with another, React's JSX is compiled for development and the pages' prerender fails
  // ("jsxDEV is not a function").
  const r = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
    cwd: WEB,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) {
    console.error("The site failed to build.");
    process.exit(r.status ?? 1);
  }
}
