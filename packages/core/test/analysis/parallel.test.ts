import { describe, expect, it } from "vitest";
import { measureDesign } from "../../src/analysis/index.ts";
import {
  measureDesignParallel,
  measureStreamParallel,
  PARALLEL_MIN_TRIANGLES,
  STAGES,
  type StageName,
  type Threads,
} from "../../src/analysis/parallel.ts";
import { binaryStl, type Tri } from "./fixtures.ts";

/**
 * The analysis shared among threads (parallel.ts) gives exactly the sequential analysis. Helpers
 * here run the same stage functions in this thread, on copies of their arguments made by the
 * structured clone a worker's message makes (shared memory stays shared), so ranges, cursors and
 * merges are what they are with real threads; the bench (npm run bench:analyze) runs real ones.
 */
function threadsHere(helpers: number): Threads & { calls: StageName[] } {
  const calls: StageName[] = [];
  return {
    helpers,
    calls,
    run(_helper, stage, args) {
      calls.push(stage);
      return Promise.resolve(structuredClone((STAGES[stage] as (a: unknown) => unknown)(structuredClone(args)))) as never;
    },
  };
}

/** A bumpy torus of n × m quads (2·n·m triangles), with a second, separate ring, a hole and an overhang. */
function torus(n: number, m: number, cx = 60): Tri[] {
  const P = (i: number, j: number): [number, number, number] => {
    const u = (2 * Math.PI * i) / n,
      v = (2 * Math.PI * j) / m;
    const r = 15 + 1.5 * Math.sin(5 * u) * Math.cos(3 * v);
    return [(40 + r * Math.cos(v)) * Math.cos(u) + cx, (40 + r * Math.cos(v)) * Math.sin(u) + 60, r * Math.sin(v) + 18];
  };
  const out: Tri[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) {
      const a = P(i, j),
        b = P(i + 1, j),
        c = P(i + 1, j + 1),
        d = P(i, j + 1);
      out.push([...a, ...b, ...c] as Tri, [...a, ...c, ...d] as Tri);
    }
  return out;
}

describe("the analysis shared among threads", () => {
  const bytes = binaryStl([...torus(400, 200), ...torus(100, 60, 170)]);
  const sequential = measureDesign(bytes, "rings.stl");

  for (const helpers of [1, 2, 3]) {
    it(`with ${helpers} helper${helpers > 1 ? "s" : ""}: the same geometry as the sequential analysis`, async () => {
      const t = threadsHere(helpers);
      const g = await measureDesignParallel(bytes, "rings.stl", t);
      expect(t.calls.filter((c) => c === "scan")).toHaveLength(helpers);
      expect(JSON.stringify(g)).toBe(JSON.stringify(sequential));
    });
  }

  /** The file in pieces of `size` bytes, as a file stream hands them. */
  async function* piecesOf(b: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
    for (let at = 0; at < b.length; at += size) yield b.slice(at, at + size);
  }

  for (const helpers of [1, 3]) {
    it(`read as it arrives, with ${helpers} helper${helpers > 1 ? "s" : ""}: the same geometry as the sequential analysis`, async () => {
      const t = threadsHere(helpers);
      const g = await measureStreamParallel(piecesOf(bytes, 65_536 + 7), bytes.length, "rings.stl", t);
      expect(t.calls.filter((c) => c === "scan")).toHaveLength(helpers);
      expect(JSON.stringify(g)).toBe(JSON.stringify(sequential));
    });
  }

  it("small files and other formats stay on the calling thread", async () => {
    const t = threadsHere(1);
    const small = binaryStl(torus(40, 20));
    expect(40 * 20 * 2).toBeLessThan(PARALLEL_MIN_TRIANGLES);
    expect(await measureDesignParallel(small, "s.stl", t)).toEqual(measureDesign(small, "s.stl"));
    expect(t.calls).toEqual([]);
  });

  it("a bad coordinate is refused with the sequential analysis's own message", async () => {
    const tris = torus(400, 200);
    tris[123_456]![4] = Number.NaN;
    const bad = binaryStl(tris);
    await expect(measureDesignParallel(bad, "bad.stl", threadsHere(1))).rejects.toThrow("Triangle 123,457");
    await expect(measureStreamParallel(piecesOf(bad, 1 << 20), bad.length, "bad.stl", threadsHere(1))).rejects.toThrow("Triangle 123,457");
  });
});
