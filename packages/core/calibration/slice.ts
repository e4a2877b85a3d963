/**
 * Slices the calibration corpus with PrusaSlicer and writes the reference table.
 *
 *   npx tsx packages/core/calibration/slice.ts [--jobs 2] [--family NAME] [--work DIR] [--limit N] [--settings 20,20s,15,15s] [--config FILE]
 *
 * Needs Debian's `prusa-slicer` (2.5.0). Each design (corpus.ts) is written as a binary STL to a
 * scratch folder and sliced with the reference PrusaSlicer profile (`--config`, by default the shared
 * models' `slicer/base.ini` beside the repository: it is not ours to copy) at 15 % and 20 % gyroid infill, with and
 * without automatic supports (the supports settings only for designs with faces steeper than the
 * support threshold: without them the slicer prints the same as without supports). From each G-code it keeps the slicer's own figures (filament grams
 * and the normal-mode print time from the closing comments) and, per feature type (`;TYPE:`), the
 * filament and the path length, which show where a model and the slicer part ways. Resumable: rows
 * already in the table are skipped; the table is rewritten sorted after every finished job.
 * Neither the STL files nor the G-code are kept.
 */
import { spawn } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { measureDesign } from "../src/analysis/index.ts";
import { binaryStl } from "./builders.ts";
import { CORPUS } from "./corpus.ts";
import { FEATURES, readTable, rowKey, SETTINGS, TABLE_COLUMNS, type TableRow } from "./table.ts";

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const jobs = Number(arg("--jobs") ?? 2);
const family = arg("--family");
const limit = Number(arg("--limit") ?? Infinity);
const work = arg("--work") ?? join(tmpdir(), "printhood-corpus");
const config = arg("--config") ?? join(here, "../../../../shared/models/slicer/base.ini");
if (!existsSync(config)) {
  console.error(
    `No slicer profile at ${config}: pass --config FILE (the reference profile described in packages/core/src/analysis/README.md).`,
  );
  process.exit(1);
}
const tablePath = join(here, "reference.tsv");
mkdirSync(work, { recursive: true });

const done = new Map<string, TableRow>(existsSync(tablePath) ? readTable(readFileSync(tablePath, "utf8")).map((r) => [rowKey(r), r]) : []);
const designs = CORPUS.filter((d) => !family || d.family === family);

interface Job {
  id: string;
  family: string;
  infill: number;
  supports: boolean;
}
// every design at one setting before the next setting, so a partial run still covers all shapes
const order = (arg("--settings") ?? "20,15,20s,15s").split(",").map((k) => ({ infill: Number.parseInt(k, 10), supports: k.endsWith("s") }));
const overhangs = new Map<string, boolean>();
const hasOverhang = (id: string): boolean => {
  if (!overhangs.has(id)) {
    const g = measureDesign(binaryStl(CORPUS.find((x) => x.id === id)!.make()), `${id}.stl`);
    overhangs.set(id, g.overhangProjectedMm2 > 0);
  }
  return overhangs.get(id)!;
};
const queue: Job[] = [];
for (const s of order) {
  if (!SETTINGS.some((x) => x.infill === s.infill && x.supports === s.supports)) throw new Error(`unknown setting ${JSON.stringify(s)}`);
  for (const d of designs)
    if (!done.has(rowKey({ id: d.id, ...s })) && (!s.supports || hasOverhang(d.id))) queue.push({ id: d.id, family: d.family, ...s });
}
const todo = queue.slice(0, limit);
console.log(
  `${designs.length} designs, ${todo.length} slices to do (${done.size} rows already in the table), ${jobs} at a time, work in ${work}`,
);

function stlFor(id: string): string {
  const path = join(work, `${id}.stl`);
  if (!existsSync(path)) {
    const d = CORPUS.find((x) => x.id === id)!;
    writeFileSync(path, binaryStl(d.make()));
  }
  return path;
}

function run(cmd: string, args: string[], timeoutMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (b: Buffer) => (out = (out + b.toString()).slice(-4000)));
    p.stderr.on("data", (b: Buffer) => (out = (out + b.toString()).slice(-4000)));
    const timer = setTimeout(() => p.kill("SIGKILL"), timeoutMs);
    p.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** Seconds from PrusaSlicer's "1d 2h 3m 4s" style. */
function parseDuration(s: string): number {
  let t = 0;
  for (const m of s.matchAll(/(\d+)\s*([dhms])/g)) t += Number(m[1]) * { d: 86400, h: 3600, m: 60, s: 1 }[m[2] as "d" | "h" | "m" | "s"];
  return t;
}

const typeKey: Record<string, (typeof FEATURES)[number]> = {
  "External perimeter": "external",
  Perimeter: "perimeter",
  "Overhang perimeter": "overhang",
  "Internal infill": "infill",
  "Solid infill": "solid",
  "Top solid infill": "top",
  "Bridge infill": "bridge",
  "Gap fill": "gapfill",
  "Support material": "support",
  "Support material interface": "interface",
};

/** Reads the slicer's totals and sums filament (mm) and path (mm) per feature type. */
async function readGcode(path: string): Promise<Omit<TableRow, "id" | "family" | "infill" | "supports" | "triangles" | "volume_mm3">> {
  const fil: Record<string, number> = {};
  const len: Record<string, number> = {};
  let type = "other";
  let x = 0,
    y = 0;
  let grams = NaN,
    seconds = NaN,
    layers = 0,
    travel = 0;
  const rl = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.charCodeAt(0) === 59 /* ; */) {
      if (line.startsWith(";TYPE:")) type = typeKey[line.slice(6).trim()] ?? "other";
      else if (line.startsWith(";LAYER_CHANGE")) layers++;
      else if (line.startsWith("; filament used [g] =")) grams = Number(line.split("=")[1]);
      else if (line.startsWith("; estimated printing time (normal mode) =")) seconds = parseDuration(line.split("=")[1]!);
      continue;
    }
    if (!(line.startsWith("G1 ") || line.startsWith("G0 "))) continue;
    let nx = x,
      ny = y,
      e = 0;
    for (const w of line.split(";")[0]!.split(" ")) {
      const c = w.charCodeAt(0);
      if (c === 88) nx = Number(w.slice(1));
      else if (c === 89) ny = Number(w.slice(1));
      else if (c === 69) e = Number(w.slice(1));
    }
    const d = Math.hypot(nx - x, ny - y);
    x = nx;
    y = ny;
    if (e > 0 && d > 0) {
      fil[type] = (fil[type] ?? 0) + e;
      len[type] = (len[type] ?? 0) + d;
    } else if (d > 0) travel += d;
  }
  const row: Record<string, number> = { grams, seconds, layers, travel_mm: Math.round(travel) };
  for (const f of FEATURES) {
    row[`fil_${f}`] = Math.round((fil[f] ?? 0) * 10) / 10;
    row[`len_${f}`] = Math.round(len[f] ?? 0);
  }
  return row as never;
}

function save(): void {
  const rows = [...done.values()].sort((a, b) =>
    a.id === b.id ? a.infill - b.infill || Number(a.supports) - Number(b.supports) : a.id < b.id ? -1 : 1,
  );
  const lines = [
    TABLE_COLUMNS.join("\t"),
    ...rows.map((r) => TABLE_COLUMNS.map((c) => String((r as unknown as Record<string, unknown>)[c] ?? "")).join("\t")),
  ];
  writeFileSync(tablePath, `${lines.join("\n")}\n`);
}

let next = 0,
  finished = 0;
const t0 = Date.now();
async function worker(w: number): Promise<void> {
  while (next < todo.length) {
    const job = todo[next++]!;
    const stl = stlFor(job.id);
    const out = join(work, `w${w}.gcode`);
    rmSync(out, { force: true });
    const args = [
      "-n",
      "19",
      "prusa-slicer",
      "--export-gcode",
      "--load",
      config,
      "--fill-density",
      `${job.infill}%`,
      ...(job.supports ? ["--support-material"] : []),
      "--output",
      out,
      stl,
    ];
    const r = await run("nice", args, 600_000);
    const d = CORPUS.find((x) => x.id === job.id)!;
    const bytes = readFileSync(stl);
    const tris = bytes.readUInt32LE(80);
    if (r.code !== 0 || !existsSync(out)) {
      console.log(
        `FAILED ${job.id} ${job.infill}% ${job.supports ? "supports" : ""}: ${r.out
          .split("\n")
          .filter((l) => /error|fail/i.test(l))
          .slice(-2)
          .join(" | ")}`,
      );
      continue;
    }
    const g = await readGcode(out);
    rmSync(out, { force: true });
    done.set(rowKey(job), { id: job.id, family: d.family, infill: job.infill, supports: job.supports, triangles: tris, ...g } as TableRow);
    finished++;
    save();
    const el = (Date.now() - t0) / 1000;
    console.log(
      `${finished}/${todo.length} ${job.id} ${job.infill}%${job.supports ? " +sup" : ""}: ${g.grams} g ${g.seconds} s  (${el.toFixed(0)} s elapsed, ~${(((el / finished) * (todo.length - finished)) / 60).toFixed(0)} min left)`,
    );
  }
}
await Promise.all(Array.from({ length: jobs }, (_, w) => worker(w)));
save();
console.log(`done: ${finished} sliced, table has ${done.size} rows`);
