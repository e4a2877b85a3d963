import fc from "fast-check";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { analyzeDesign } from "../../src/analysis/index.ts";
import { VisibleError } from "../../src/shared/errors.ts";
import { asciiStl, binaryStl, box, cube, cube3mf, objBox, tetra } from "./fixtures.ts";

/**
 * Property: whatever bytes arrive, analysis either returns a finite, JSON-serialisable result or
 * throws a VisibleError, quickly. At least 10,000 mutated files per run.
 */
const BASES: Array<{ name: string; bytes: Uint8Array }> = [
  { name: "cube.stl", bytes: binaryStl(cube(10)) },
  { name: "two.stl", bytes: binaryStl([...tetra(), ...box(20, 0, 0, 5, 5, 5)]) },
  { name: "tetra.stl", bytes: asciiStl([{ name: "t", tris: tetra() }]) },
  { name: "box.obj", bytes: objBox(10, true) },
  { name: "cube.3mf", bytes: cube3mf("millimeter", 10) },
];

const XML_TOKENS = [
  "<!DOCTYPE x>",
  "<!ENTITY a 'b'>",
  "&a;",
  "&amp;",
  "NaN",
  "1e999",
  "-1",
  "1,5",
  '"',
  "'",
  "<",
  ">",
  "/>",
  "</model>",
  '<object id="1">',
  '<item objectid="9"/>',
  '<component objectid="1"/>',
  'transform="1 0 0 0 1 0 0 0 1 0 0 0"',
  'unit="inch"',
  'p:path="/x.model"',
  "\u0000",
  "\uFFFF",
  'v1="99999999"',
];
const TEXT_TOKENS = [
  "solid",
  "endsolid",
  "facet normal",
  "vertex",
  "outer loop",
  "endloop",
  "endfacet",
  "NaN",
  "inf",
  "1e400",
  "-0",
  "v 1 2 3",
  "f 1 2 3",
  "f -9 1 2",
  "f 1/1/1 2//2 3",
  "\r",
  "\n",
  "\r\n",
  " ",
  "\t",
  "#",
  "o x",
  "usemtl m",
];

type Mutation =
  | { kind: "flip"; edits: Array<[number, number]> }
  | { kind: "truncate"; at: number }
  | { kind: "splice"; at: number; del: number; insert: Uint8Array }
  | { kind: "count"; value: number }
  | { kind: "text"; at: number; del: number; token: string }
  | { kind: "zip"; at: number; del: number; token: string; entry: number; drop: boolean };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant("flip" as const),
    edits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("splice" as const), at: fc.nat(), del: fc.nat({ max: 64 }), insert: fc.uint8Array({ maxLength: 64 }) }),
  fc.record({
    kind: fc.constant("count" as const),
    value: fc.oneof(fc.nat({ max: 100 }), fc.constant(0xffffffff), fc.constant(0x7fffffff), fc.nat()),
  }),
  fc.record({ kind: fc.constant("text" as const), at: fc.nat(), del: fc.nat({ max: 16 }), token: fc.constantFrom(...TEXT_TOKENS) }),
  fc.record({
    kind: fc.constant("zip" as const),
    at: fc.nat(),
    del: fc.nat({ max: 32 }),
    token: fc.constantFrom(...XML_TOKENS),
    entry: fc.nat(),
    drop: fc.boolean(),
  }),
);

function apply(base: Uint8Array, m: Mutation): Uint8Array {
  const n = base.length;
  switch (m.kind) {
    case "flip": {
      const out = base.slice();
      for (const [p, v] of m.edits) out[p % n] = v;
      return out;
    }
    case "truncate":
      return base.subarray(0, m.at % (n + 1));
    case "splice": {
      const at = m.at % (n + 1);
      const out = new Uint8Array(n - Math.min(m.del, n - at) + m.insert.length);
      out.set(base.subarray(0, at));
      out.set(m.insert, at);
      out.set(base.subarray(Math.min(n, at + m.del)), at + m.insert.length);
      return out;
    }
    case "count": {
      const out = base.slice();
      if (n >= 84) new DataView(out.buffer).setUint32(80, m.value >>> 0, true);
      return out;
    }
    case "text": {
      const s = strFromU8(base, true);
      const at = m.at % (s.length + 1);
      return strToU8(s.slice(0, at) + m.token + s.slice(at + m.del));
    }
    case "zip": {
      let files: Record<string, Uint8Array>;
      try {
        // only well-formed small zips are re-packed; a zip already broken by an earlier mutation stays as it is
        let big = false;
        files = unzipSync(base, {
          filter: (f) => {
            const tooBig = f.originalSize > 1_000_000 || f.originalSize > 2000 * (f.size + 1);
            if (tooBig) big = true;
            return !tooBig;
          },
        });
        if (big) return base;
      } catch {
        return base;
      }
      const names = Object.keys(files);
      const name = names[m.entry % names.length]!;
      if (m.drop && names.length > 1) {
        delete files[name];
      } else {
        const s = strFromU8(files[name]!, true);
        const at = m.at % (s.length + 1);
        files[name] = strToU8(s.slice(0, at) + m.token + s.slice(at + m.del));
      }
      return zipSync(files);
    }
  }
}

function check(bytes: Uint8Array, name: string): void {
  const t0 = performance.now();
  try {
    const r = analyzeDesign(bytes, name);
    const json = JSON.stringify(r);
    expect(json.includes("null") ? JSON.parse(json) : r).toBeTruthy();
    for (const k of ["estimatedWeight", "estimatedTimeMinutes", "volume", "surfaceArea"] as const) {
      if (!Number.isFinite(r[k])) throw new Error(`${k} is not finite for a mutated ${name}`);
    }
  } catch (e) {
    if (!(e instanceof VisibleError)) throw e;
    expect(e.message.length).toBeGreaterThan(10);
  }
  const ms = performance.now() - t0;
  if (ms > 1000) throw new Error(`analysis of a mutated ${name} took ${ms.toFixed(0)} ms`);
}

describe("fuzz: mutated files never crash, hang or explode", () => {
  it("10,000 mutated files", () => {
    let runs = 0;
    let peakHeap = 0;
    const heap0 = process.memoryUsage().heapUsed;
    fc.assert(
      fc.property(
        fc.nat({ max: BASES.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (bi, muts, misname) => {
          const base = BASES[bi]!;
          let bytes = base.bytes;
          for (const m of muts) bytes = apply(bytes, m);
          // sometimes give the file another 3D extension (a file of another type with a 3D name)
          const name = misname ? ["x.stl", "x.obj", "x.3mf"][(bi + muts.length) % 3]! : base.name;
          runs++;
          check(bytes, name);
          if (runs % 500 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - heap0);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 10_000), seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), endOnFailure: true },
    );
    expect(runs).toBeGreaterThanOrEqual(Number(process.env.FUZZ_RUNS ?? 10_000));
    // bounded memory: nothing accumulates across runs, no single file balloons
    expect(peakHeap).toBeLessThan(512 * 1024 * 1024);
  });
});
