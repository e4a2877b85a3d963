// `npm run size:web`: the gzipped JavaScript each route of the built site loads on its first visit,
// against its budget (./page-budgets.ts); exits 1 when a route is over budget or a screen or library
// is loaded where it must not be. Reads packages/web/dist (build it first: `npm run build:web`).
// The web tests run the same check on the build (test/page-weight.node.test.ts), so CI fails too.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { ON_DEMAND, PAGE_BUDGETS, SHELL_LATER_KB } from "./page-budgets.ts";
import { formatReport, type Manifest, type PageWeightReport, weighPages } from "./page-weight.ts";

export const DIST = resolve(dirname(fileURLToPath(import.meta.url)), "../dist");

/** Weighs the build in `dist` (Vite's manifest and the files it names, gzipped as a server would). */
export function weighBuild(dist = DIST): PageWeightReport {
  const manifestPath = join(dist, ".vite/manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`No build manifest at ${manifestPath}: build the site first (npm run build:web).`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const sizes = new Map<string, number>();
  const gzipBytes = (file: string) => {
    const known = sizes.get(file);
    if (known !== undefined) return known;
    const n = gzipSync(readFileSync(join(dist, file))).length;
    sizes.set(file, n);
    return n;
  };
  return weighPages(manifest, gzipBytes, PAGE_BUDGETS, ON_DEMAND, SHELL_LATER_KB);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = weighBuild(process.argv[2] ? resolve(process.argv[2]) : DIST);
  console.log(formatReport(report));
  process.exit(report.problems.length ? 1 : 0);
}
