/**
 * `npm run audit:web` (issue 13 point 3): Lighthouse's performance, accessibility and best-practices
 * scores for the site's main pages, against local mode, in Debian's Chromium.
 *
 * It builds the site when it is stale, starts local mode on free ports (a temporary data directory,
 * the demo data), signs the demo customer in and places an order through the API (the upload, the
 * analysis, the draft, the submission) so /checkout has one to show, then runs Lighthouse on each
 * page with its defaults: a mid-range phone's screen and simulated slow 4G with a 4× slower CPU.
 * /checkout and /dashboard are audited signed in (the session cookie sent with every request), the
 * rest as a visitor. Each page is audited `--runs` times (default 3) and the medians are shown with
 * the targets; the run exits 1 when a median is under its target.
 *
 *   npm run audit:web                      # 3 runs per page
 *   npm run audit:web -- --runs 1          # a quick look
 *   npm run audit:web -- --only /upload    # one page
 *   npm run audit:web -- --details         # also list what each page lost points on
 *
 * The machine's load average is printed: the performance score is measured, not simulated, for the
 * CPU work of the page, so a busy machine lowers it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildWebIfStale } from "../bin/build-web.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../src/chromium.ts";
import { seedDemoData } from "../src/seed.ts";
import { startLocalStack } from "../src/stack.ts";
import { demoCustomerWithOrder } from "./demo-order.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option("runs") ?? 3);
const ONLY = option("only");
const DETAILS = args.includes("--details");

/** The targets of issue 13, per category (Lighthouse scores 0-100). */
const TARGETS = { performance: 90, accessibility: 95, "best-practices": 95 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];

interface PageToAudit {
  path: string;
  signedIn: boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: { items?: Record<string, unknown>[] };
}
interface LhResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LhAudit>;
  runtimeError?: { code: string; message: string };
}

/** Performance audits whose items (the element or file to blame) --details lists too. */
const PERFORMANCE_ITEMS = new Set([
  "layout-shifts",
  "largest-contentful-paint-element",
  "render-blocking-insight",
  "unused-javascript",
  "bootup-time",
  "long-tasks",
]);

/** One failing element, message or request of an audit, in a line. */
function describeItem(item: Record<string, unknown>): string {
  // A list of tables (the LCP element's audit): describe the rows of each.
  if (Array.isArray(item.items)) return (item.items as Record<string, unknown>[]).slice(0, 3).map(describeItem).filter(Boolean).join(" | ");
  const node = item.node as { snippet?: string; explanation?: string } | undefined;
  const parts = [
    node?.snippet,
    node?.explanation?.split("\n").slice(0, 2).join(" "),
    item.description,
    item.issueType,
    item.url,
    item.source,
    typeof item.wastedBytes === "number" ? `${Math.round(item.wastedBytes / 1024)} KiB unused` : undefined,
    typeof item.score === "number" && item.node ? `shift ${item.score.toFixed(3)}` : undefined,
    typeof item.phase === "string" ? `${item.phase} ${Math.round(Number(item.timing))} ms` : undefined,
    typeof item.scripting === "number" ? `${Math.round(item.scripting)} ms scripting` : undefined,
    typeof item.duration === "number" && !item.node ? `${Math.round(item.duration)} ms` : undefined,
  ].filter((x): x is string => typeof x === "string" && x.length > 0);
  return parts.join(" · ").slice(0, 400);
}

/** What a page lost points on: the failing audits of each category (weighted ones first), with the key metrics. */
function lostPoints(lhr: LhResult): string[] {
  const out: string[] = [];
  for (const cat of CATEGORIES) {
    const refs = lhr.categories[cat]?.auditRefs ?? [];
    for (const ref of refs) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9 || a.scoreDisplayMode === "notApplicable" || a.scoreDisplayMode === "manual") continue;
      if (a.scoreDisplayMode === "informative" && cat !== "performance") continue;
      out.push(`  ${cat}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}${ref.weight ? ` [weight ${ref.weight}]` : ""}`);
      if (cat === "performance" && !PERFORMANCE_ITEMS.has(ref.id)) continue;
      for (const item of (a.details?.items ?? []).slice(0, 6)) out.push(`      ${describeItem(item)}`);
    }
  }
  return out;
}

async function main() {
  buildWebIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), "printhood-audit-"));
  console.log(`Starting local mode (temporary data in ${dataDir}) and the demo data...`);
  const stack = await startLocalStack({ dataDir, port: 0 });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let failed = false;
  try {
    await seedDemoData(stack.store);
    const base = stack.url;
    const { cookie, orderId } = await demoCustomerWithOrder(base, () => stack.idle(), "audit.stl");
    const pages: PageToAudit[] = [
      { path: "/", signedIn: false },
      { path: "/printers", signedIn: false },
      { path: "/pricing", signedIn: false },
      { path: "/upload", signedIn: false },
      { path: `/checkout?orderId=${orderId}`, signedIn: true },
      { path: "/dashboard", signedIn: true },
    ].filter((p) => !ONLY || p.path.split("?")[0] === ONLY);
    if (!pages.length) throw new Error(`no audited page is ${ONLY}`);

    // Debian's Chromium, kept away from Google's services (this machine may be offline).
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: [...CHROMIUM_FLAGS, "--headless=new", "--disable-dev-shm-usage"],
      logLevel: "silent",
    });

    console.log(
      `Lighthouse ${RUNS} run(s) per page: mobile emulation, simulated throttling (its defaults). Load average at start: ${load()}\n`,
    );
    const rows: { page: string; scores: Record<Category, number>; runs: Record<Category, number[]> }[] = [];
    for (const p of pages) {
      const runs: Record<Category, number[]> = { performance: [], accessibility: [], "best-practices": [] };
      let last: LhResult | undefined;
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}${p.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          ...(p.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        const lhr = result?.lhr as unknown as LhResult | undefined;
        if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${p.path}: ${lhr?.runtimeError?.message ?? "no result"}`);
        for (const c of CATEGORIES) runs[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        last = lhr;
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs[c])])) as Record<Category, number>;
      const name = p.path.split("?")[0] ?? p.path;
      rows.push({ page: name, scores, runs });
      console.log(`${name}: ${CATEGORIES.map((c) => `${c} ${runs[c].join("/")}`).join(", ")} (load ${load()})`);
      if (DETAILS && last) for (const line of lostPoints(last)) console.log(line);
    }

    const header = ["Page", "Performance", "Accessibility", "Best practices", ""];
    const table = rows.map((r) => {
      const misses = CATEGORIES.filter((c) => r.scores[c] < TARGETS[c]);
      if (misses.length) failed = true;
      return [r.page, ...CATEGORIES.map((c) => `${r.scores[c]}${r.scores[c] < TARGETS[c] ? " ✗" : ""}`), misses.length ? "FAIL" : "ok"];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? "").length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
    console.log(`\nMedians of ${RUNS} run(s); targets: performance ≥ 90, accessibility ≥ 95, best practices ≥ 95.`);
    console.log(line(header));
    for (const row of table) console.log(line(row));
    console.log(`\nLoad average at the end: ${load()} (${failed ? "under target" : "all on target"})`);
  } finally {
    chrome?.kill();
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
