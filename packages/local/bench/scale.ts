/**
 * `npm run bench:scale` (issue 23 point 3): what the finder and the long lists cost at the size of
 * the country, and whether that cost is flat in the size of the marketplace.
 *
 * It starts local mode twice on its own ports (temporary data, DynamoDB Local in memory), seeds
 * the scale data (scale/seed.ts) at `--small` printers (default 1,000) and then at `--printers`
 * (default 100,000; `--orders` likewise), and drives each route with autocannon from a second
 * process (load.ts) at `--rate` requests/s (100) beside a bare Hono peer answering the same JSON
 * (bench:api's method). For each route: p50/p99, the body's size, DynamoDB's consumed read capacity
 * for one request (ReturnConsumedCapacity TOTAL on every call the API makes), with the counts per
 * cell cached as a busy instance keeps them and cold, and the large run's p99 over the small one's.
 * Budget: p99 < 100 ms, body < 64 KB, large ÷ small ≤ 1.5.
 *
 *   npm run bench:scale
 *   npm run bench:scale -- --printers 20000 --orders 20000 --seconds 5
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SCALE_CUSTOMER, SCALE_OWNER, type ScaleData, seedScale } from "../src/scale/seed.ts";
import { DEMO_PASSWORD } from "../src/seed.ts";
import { startLocalStack } from "../src/stack.ts";
import { bareApp } from "./bare.ts";
import { cookieOf } from "./demo-order.ts";
import type { LoadJob, LoadResult } from "./load.ts";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PRINTERS = arg("printers", 100_000);
const ORDERS = arg("orders", 100_000);
const SMALL = arg("small", 1000);
const RATE = arg("rate", 100);
const SECONDS = arg("seconds", 10);
const WARM_UP_SECONDS = arg("warm-up", 3);
const P99_BUDGET_MS = 100;
const BODY_BUDGET_BYTES = 64 * 1024;
const FLAT_RATIO = 1.5;
/** How long the API keeps the counts of listed printers per cell (api/deps.ts cellCountsSeconds). */
const COUNTS_SECONDS = 5;

interface Measured {
  name: string;
  p50: number;
  p99: number;
  errors: number;
  bareP99: number;
  bytes: number;
  rcu: number;
  /** The same request's with the counts' cache cold (once per instance every few seconds). */
  coldRcu: number;
  /** Printers, clusters or orders the answer holds: a page of 24 at 100,000 printers may be a page of 3 at 1,000. */
  items: number;
}

/** Sums ConsumedCapacity over every DynamoDB call the API's client makes, asking for it on each. */
function countCapacity(client: { middlewareStack: { add: (m: unknown, o: unknown) => void } }) {
  const meter = { units: 0 };
  client.middlewareStack.add(
    (next: (a: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>) =>
      async (a: { input: Record<string, unknown> }) => {
        a.input.ReturnConsumedCapacity = "TOTAL";
        const out = await next(a);
        const consumed = out.output.ConsumedCapacity as { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
        for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) meter.units += c.CapacityUnits ?? 0;
        return out;
      },
    { step: "initialize", name: "scaleBenchCapacity" },
  );
  return meter;
}

async function login(base: string, email: string) {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return { cookie: cookieOf(res), id: String(((await res.json()) as { id: string }).id) };
}

/** How many things an answer holds: the spec's array, or a page's or a map view's `items`. */
function itemsOf(text: string): number {
  const body = JSON.parse(text) as unknown[] | { items?: unknown[] };
  return Array.isArray(body) ? body.length : (body.items?.length ?? 0);
}

/** The path of the `n`th page (0: the first) of a paged list. */
async function pageAt(base: string, path: string, cookie: string, n: number): Promise<string> {
  let at = path;
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${base}${at}`, { headers: { cookie } });
    const body = (await res.json()) as { nextCursor?: string };
    if (!body.nextCursor) return at;
    at = `${path}&cursor=${encodeURIComponent(body.nextCursor)}`;
  }
  return at;
}

async function routes(base: string, data: ScaleData) {
  const customer = await login(base, SCALE_CUSTOMER);
  const owner = await login(base, SCALE_OWNER);
  const pub = (name: string, path: string) => ({ name, path, cookie: "" });
  const zips: [string, string][] = [
    ["New York", "10001"],
    ["Chicago", "60601"],
    ["Loveland", "80537"],
    ["San Francisco", "94103"],
    ["Houston", "77002"],
  ];
  const orders = `/api/users/${customer.id}/jobs?limit=24`;
  const jobs = `/api/users/${owner.id}/printer-jobs?limit=24`;
  const thread = `/api/print-jobs/${data.threadJobId}/messages?limit=50`;
  return [
    ...zips.map(([city, zip]) => pub(`finder ${city}`, `/api/printers?zip=${zip}&limit=24`)),
    pub("finder map: Front Range", "/api/printers?bbox=-105.3,40.2,-104.8,40.7&zoom=11"),
    pub("finder map: whole US", "/api/printers?bbox=-125,24,-66,50&zoom=4"),
    pub("finder material PETG", "/api/printers?zip=80537&material=PETG&limit=24"),
    pub("finder second page", await pageAt(base, "/api/printers?zip=10001&limit=24", "", 1)),
    { name: "customer orders p1", path: orders, cookie: customer.cookie },
    { name: "customer orders p20", path: await pageAt(base, orders, customer.cookie, 19), cookie: customer.cookie },
    { name: "owner jobs p1", path: jobs, cookie: owner.cookie },
    { name: "owner jobs p20", path: await pageAt(base, jobs, owner.cookie, 19), cookie: owner.cookie },
    { name: "thread (2,000 messages)", path: thread, cookie: customer.cookie },
    { name: "thread, older page", path: await pageAt(base, thread, customer.cookie, 10), cookie: customer.cookie },
  ];
}

async function measureAt(printers: number, orders: number, load: (job: LoadJob) => Promise<LoadResult>): Promise<Measured[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "printhood-scale-"));
  // No in-function cache of the public answers: every request walks the cells and reads the printers
  // it answers with, as visitors' distinct queries (each ZIP, filter and page) do. The counts per cell
  // stay as a busy instance keeps them (a few small partitions every query of a region shares); the
  // RCU of a request that reads them too is reported beside ("RCU cold").
  const stack = await startLocalStack({ dataDir, port: 0, dynamoInMemory: true, publicCacheSeconds: 0, cellCountsSeconds: COUNTS_SECONDS });
  let bare: { url: string; close: () => void } | undefined;
  try {
    console.log(
      `\nSeeding ${printers.toLocaleString("en-US")} printers and ${orders.toLocaleString("en-US")} orders (DynamoDB Local in memory)...`,
    );
    const data = await seedScale(stack.store, { printers, orders });
    if (!data) throw new Error("fresh data was already seeded");
    const base = `http://127.0.0.1:${stack.port}`;
    const list = await routes(base, data);
    const meter = countCapacity(stack.store.client as never);
    const answers = new Map<string, string>();
    const probe: Record<string, { bytes: number; rcu: number; coldRcu: number; items: number }> = {};
    for (const r of list) {
      // Twice: the first with the counts' cache cold (their seconds past), the second as a steady load sees it.
      if (r.path.startsWith("/api/printers")) await new Promise((ok) => setTimeout(ok, COUNTS_SECONDS * 1000 + 100));
      meter.units = 0;
      await fetch(`${base}${r.path}`, { headers: { cookie: r.cookie } });
      const coldRcu = meter.units;
      meter.units = 0;
      const res = await fetch(`${base}${r.path}`, { headers: { cookie: r.cookie } });
      const text = await res.text();
      if (!res.ok) throw new Error(`${r.name} answered ${res.status}: ${text.slice(0, 200)}`);
      probe[r.name] = { bytes: Buffer.byteLength(text), rcu: meter.units, coldRcu, items: itemsOf(text) };
      answers.set(`GET ${r.path}`, text);
    }
    bare = await bareApp(answers);
    const out: Measured[] = [];
    for (const r of list) {
      const job = (server: string, seconds: number): LoadJob => ({
        url: `${server}${r.path}`,
        method: "GET",
        headers: r.cookie ? { cookie: r.cookie } : {},
        rate: RATE,
        seconds,
        connections: Math.min(RATE, 10),
        limitSeconds: seconds * 3 + 30,
      });
      if (WARM_UP_SECONDS > 0) await load(job(base, WARM_UP_SECONDS));
      const ours = await load(job(base, SECONDS));
      const peer = await load(job(bare.url, SECONDS));
      const p = probe[r.name] ?? { bytes: 0, rcu: 0, coldRcu: 0, items: 0 };
      out.push({ name: r.name, p50: ours.p50, p99: ours.p99, errors: ours.errors, bareP99: peer.p99, ...p });
      console.log(`  measured ${r.name} (load avg ${(loadavg()[0] ?? 0).toFixed(1)})`);
    }
    return out;
  } finally {
    bare?.close();
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const loader = fork(fileURLToPath(new URL("./load.ts", import.meta.url)), { execArgv: ["--import", "tsx"], stdio: "inherit" });
  const load = (job: LoadJob) =>
    new Promise<LoadResult>((ok) => {
      loader.once("message", (m) => ok(m as LoadResult));
      loader.send(job);
    });
  try {
    const small = await measureAt(SMALL, Math.min(ORDERS, 6000), load);
    const large = await measureAt(PRINTERS, ORDERS, load);
    const head = [
      "route",
      "p50 ms",
      "p99 ms",
      "errors",
      "bare p99",
      "body KB",
      "items",
      "RCU/req",
      "RCU cold",
      `p99 at ${SMALL}`,
      `items at ${SMALL}`,
      `RCU at ${SMALL}`,
      "p99 ratio",
      "verdict",
    ];
    const rows = large.map((l) => {
      const s = small.find((x) => x.name === l.name);
      const ratio = s ? l.p99 / Math.max(s.p99, 1) : Number.NaN;
      const ok = l.p99 < P99_BUDGET_MS && l.errors === 0 && l.bytes < BODY_BUDGET_BYTES && ratio <= FLAT_RATIO;
      return [
        l.name,
        `${l.p50}`,
        `${l.p99}`,
        `${l.errors}`,
        `${l.bareP99}`,
        (l.bytes / 1024).toFixed(1),
        `${l.items}`,
        l.rcu.toFixed(1),
        l.coldRcu.toFixed(1),
        `${s?.p99 ?? "-"}`,
        `${s?.items ?? "-"}`,
        `${s?.rcu.toFixed(1) ?? "-"}`,
        ratio.toFixed(2),
        ok ? "PASS" : "FAIL",
      ];
    });
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
    console.log(
      `\nAt ${PRINTERS.toLocaleString("en-US")} printers and ${ORDERS.toLocaleString("en-US")} orders, ${RATE} requests/s, ${SECONDS} s per route:`,
    );
    console.log(`${line(head)}\n${line(widths.map((w) => "-".repeat(w)))}`);
    for (const r of rows) console.log(line(r));
    console.log(
      `Budget: p99 < ${P99_BUDGET_MS} ms, body < ${BODY_BUDGET_BYTES / 1024} KB, p99 no more than ${FLAT_RATIO}× the same route at ${SMALL} printers. ` +
        "RCU/req: DynamoDB's consumed read capacity for one request with the counts' cache warm; RCU cold: the same with it cold (ReturnConsumedCapacity TOTAL).",
    );
    if (rows.some((r) => r[r.length - 1] === "FAIL")) process.exitCode = 1;
  } finally {
    loader.kill();
  }
}

await main();
