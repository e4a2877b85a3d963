import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { measureDesign } from "@printhood/core/analysis/index";
import { isVisibleError } from "@printhood/core/shared/errors";
import { startAnalysisPool } from "@printhood/local/analysis-pool";
import { afterAll, describe, expect, it } from "vitest";

/** A binary STL of a torus in n × m quads: 2·n·m triangles (n = m = 600: 720,000 triangles, 36 MB). */
function torusStl(n: number, m: number, R = 40, r = 15): Uint8Array {
  const tris = 2 * n * m;
  const buf = new ArrayBuffer(84 + 50 * tris);
  const dv = new DataView(buf);
  dv.setUint32(80, tris, true);
  const p = (i: number, j: number) => {
    const u = (2 * Math.PI * i) / n,
      v = (2 * Math.PI * j) / m;
    return [(R + r * Math.cos(v)) * Math.cos(u), (R + r * Math.cos(v)) * Math.sin(u), r * Math.sin(v)];
  };
  let o = 84;
  const put = (a: number[], b: number[], c: number[]) => {
    for (const q of [a, b, c])
      for (const x of q) {
        dv.setFloat32(o + 12, x, true);
        o += 4;
      }
    o += 14;
  };
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) {
      const a = p(i, j),
        b = p(i + 1, j),
        c = p(i + 1, j + 1),
        d = p(i, j + 1);
      put(a, b, c);
      put(a, c, d);
    }
  return new Uint8Array(buf);
}

const pool = startAnalysisPool();
afterAll(() => pool.close());

describe("local analysis runs off the API's event loop", () => {
  it("answers a request promptly while a slow analysis runs", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const bytes = torusStl(600, 600);
      // the same analysis on this thread blocks it for this long: what a request would have waited
      const t0 = performance.now();
      measureDesign(bytes, "slow.stl");
      const blocking = performance.now() - t0;
      expect(blocking).toBeGreaterThan(200);

      let done = false;
      const analysis = pool.measure(bytes, "slow.stl").finally(() => {
        done = true;
      });
      const latencies: number[] = [];
      while (!done) {
        const s = performance.now();
        expect(await (await fetch(url)).text()).toBe("ok");
        latencies.push(performance.now() - s);
        await new Promise((r) => setTimeout(r, 10));
      }
      const g = await analysis;
      expect(g.triangles).toBe(720_000);
      // several requests were answered during the analysis, each far faster than the analysis itself
      expect(latencies.length).toBeGreaterThanOrEqual(3);
      // (relative to the blocking time, measured on the same machine at the same load: CI machines are shared)
      const sorted = [...latencies].sort((a, b) => a - b);
      expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(blocking / 4);
      expect(sorted[sorted.length - 1]!).toBeLessThan(blocking * 0.6);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("passes a refusal back as the same clear error", async () => {
    const e = await pool.measure(new Uint8Array([1, 2, 3]), "x.stl").catch((x: unknown) => x);
    expect(isVisibleError(e)).toBe(true);
    expect((e as Error).message).toMatch(/STL|triangle|size/i);
  });

  it("ends an analysis that runs too long and keeps serving the next", async () => {
    const quick = startAnalysisPool({ timeoutMs: 1 });
    try {
      const e = await quick.measure(torusStl(300, 300), "slow.stl").catch((x: unknown) => x);
      expect(isVisibleError(e) && e.code).toBe("analysis_timeout");
    } finally {
      await quick.close();
    }
    const g = await pool.measure(torusStl(20, 20), "small.stl");
    expect(g.triangles).toBe(800);
  });

  it("shares a large file's passes with a helper thread and gives the same geometry", async () => {
    const threaded = startAnalysisPool({ helpers: 1 });
    try {
      const bytes = torusStl(300, 300);
      expect(JSON.stringify(await threaded.measure(bytes, "rings.stl"))).toBe(JSON.stringify(measureDesign(bytes, "rings.stl")));
    } finally {
      await threaded.close();
    }
  }, 60_000);
});
