/**
 * npm run bench:analyze [-- --runs 7]
 *
 * Whole process, in the same run, on a generated ~1M-triangle ~48 MB binary STL (and
 * ../shared/models/huge_benchy_x4.stl when it is there), each command minus the same command on a
 * 12-triangle file (so starting the program is not counted, only what the file costs):
 *   ours      the full analysis and estimate (scripts/analyze-file.ts bundled by esbuild to plain
 *             JavaScript; one helper thread per core beyond the first), and the same with no helpers
 *   admesh    Debian's admesh (C): parse, exact edge connection, shells, volume (`admesh -e -d -v`)
 *   three     three.js's STLLoader.parse and a signed-volume loop (scripts/three-volume.ts, bundled)
 * Runs are interleaved (every tool on the big and the tiny file in each round) and medians are
 * reported: the machine is shared and its load moves. Peak memory is each process's maximum
 * resident size (/usr/bin/time), minus the tiny file's, against the file's size.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf("--runs") + 1] || 7);

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const haveTime = existsSync("/usr/bin/time");
const haveAdmesh = spawnSync("admesh", ["--version"]).status === 0;

/** Wall milliseconds and peak resident kilobytes of one run (its stdout kept for the checks). */
function once(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): { ms: number; kb: number; out: string } {
  const t0 = process.hrtime.bigint();
  const r = haveTime
    ? spawnSync("/usr/bin/time", ["-f", "%M", cmd, ...args], { encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 1 << 24 })
    : spawnSync(cmd, args, { encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 1 << 24 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stderr}`);
  const kb = haveTime ? Number(r.stderr.trim().split("\n").pop()) : Number.NaN;
  return { ms, kb, out: r.stdout };
}

const tmp = mkdtempSync(join(tmpdir(), "printhood-bench-"));
try {
  // plain JavaScript, as a deployed program would run (and the helper threads' code)
  const bundle = (entry: string, out: string) =>
    buildSync({
      entryPoints: [join(here, entry)],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: join(tmp, out),
      logLevel: "warning",
    });
  bundle("analyze-file.ts", "analyze-file.mjs");
  bundle("three-volume.ts", "three-volume.mjs");
  const ours = join(tmp, "analyze-file.mjs"),
    three = join(tmp, "three-volume.mjs");
  const torus = join(tmp, "torus_1m.stl");
  const big = torusStl(1000, 500);
  writeFileSync(torus, big);
  // the tiny file: the torus's first 12 triangles
  const tiny = join(tmp, "tiny.stl");
  const t = big.slice(0, 84 + 50 * 12);
  new DataView(t.buffer).setUint32(80, 12, true);
  writeFileSync(tiny, t);
  const files: Array<[string, string]> = [["generated torus, 1,000,000 triangles", torus]];
  const benchy = resolve(here, "../../../../shared/models/huge_benchy_x4.stl");
  if (existsSync(benchy)) files.push(["huge_benchy_x4.stl, 900,616 triangles", benchy]);
  // as the CLI decides (none on a 2-core machine), and with one helper per core beyond the first
  const helpers = Math.max(1, availableParallelism() - 1);
  const tools: Array<{ name: string; run: (f: string) => { ms: number; kb: number; out: string } }> = [
    { name: "ours, full analysis (as shipped)", run: (f) => once(process.execPath, [ours, f]) },
    {
      name: `ours, full analysis (${helpers} helper thread${helpers === 1 ? "" : "s"})`,
      run: (f) => once(process.execPath, [ours, f], { ANALYSIS_THREADS: String(helpers) }),
    },
    ...(haveAdmesh ? [{ name: "admesh -e -d -v (C)", run: (f: string) => once("admesh", ["-e", "-d", "-v", f]) }] : []),
    { name: "three.js STLLoader + volume loop", run: (f) => once(process.execPath, [three, f]) },
  ];
  let ok = true;
  for (const [label, file] of files) {
    const size = readFileSync(file).length;
    const samples = tools.map(() => ({
      big: [] as number[],
      tiny: [] as number[],
      bigKb: [] as number[],
      tinyKb: [] as number[],
      out: "",
    }));
    for (let round = 0; round < RUNS; round++) {
      tools.forEach((tool, i) => {
        const b = tool.run(file),
          s = tool.run(tiny);
        samples[i]!.big.push(b.ms);
        samples[i]!.tiny.push(s.ms);
        samples[i]!.bigKb.push(b.kb);
        samples[i]!.tinyKb.push(s.kb);
        samples[i]!.out = b.out;
      });
    }
    const net = samples.map((s) => median(s.big) - median(s.tiny));
    const mem = samples.map((s) => (median(s.bigKb) - median(s.tinyKb)) * 1024);
    console.log(
      `\n${label} (${(size / 1048576).toFixed(1)} MB); whole process, median of ${RUNS} interleaved runs minus the same command on a 12-triangle file; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs`,
    );
    console.log(`${"".padEnd(48)} ${"file".padStart(9)} ${"tiny".padStart(9)} ${"net".padStart(9)}   peak memory beyond the tiny file's`);
    tools.forEach((tool, i) => {
      const s = samples[i]!;
      console.log(
        `${tool.name.padEnd(48)} ${median(s.big).toFixed(0).padStart(6)} ms ${median(s.tiny).toFixed(0).padStart(6)} ms ${net[i]!.toFixed(0).padStart(6)} ms   ${Number.isFinite(mem[i]!) ? `${(mem[i]! / 1048576).toFixed(0)} MB = ${(mem[i]! / size).toFixed(2)}× the file` : "n/a"}`,
      );
    });
    const oursNet = net[0]!;
    const admeshAt = tools.findIndex((x) => x.name.startsWith("admesh"));
    const threeNet = net[tools.length - 1]!;
    if (admeshAt >= 0) {
      const ratio = net[admeshAt]! / oursNet;
      console.log(`  admesh's time / ours: ${ratio.toFixed(2)}× (target ≥ 1.5)`);
      if (ratio < 1.5) ok = false;
    } else console.log("  admesh not installed (apt-get install -y admesh): no comparison");
    console.log(`  three.js's parse + volume / our full analysis: ${(threeNet / oursNet).toFixed(2)}× (three.js measures volume only)`);
    console.log(
      `  peak memory of the full analysis beyond the tiny file's: ${(mem[0]! / size).toFixed(2)}× the file, the file's own bytes included (target ≤ 2)`,
    );
    if (mem[0]! / size > 2) ok = false;
    const o = JSON.parse(samples[0]!.out) as { volumeMm3: number };
    const p = JSON.parse(samples[tools.length - 1]!.out) as { volumeMm3: number };
    console.log(`  volumes agree: ours ${o.volumeMm3.toFixed(1)} mm³, three.js ${p.volumeMm3.toFixed(1)} mm³`);
  }
  console.log(ok ? "\nall speed and memory targets met" : "\nsome targets NOT met (see above)");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
