import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { measureDesign } from "../../src/analysis/index.ts";
import { QUALITY_TEST, TEST_PIECE_STEPS } from "../../src/shared/quality-test.ts";
import { testPieceStl, testPieceTriangles } from "../../src/verification/test-piece.ts";

const committed = new URL(`../../../web/public${QUALITY_TEST.downloadPath}`, import.meta.url);

describe("the quality test piece", () => {
  it("is the committed STL the site serves (run `npm run generate:quality-test` after changing the steps)", () => {
    expect(new Uint8Array(readFileSync(committed))).toEqual(testPieceStl());
  });

  it("measures, in our own analysis, as its nominal steps: one closed shell of the expected size and volume", () => {
    const g = measureDesign(testPieceStl(), QUALITY_TEST.fileName);
    const top = TEST_PIECE_STEPS.at(-1)!;
    expect(g.size).toEqual({ x: TEST_PIECE_STEPS[0]!.x, y: TEST_PIECE_STEPS[0]!.y, z: top.z1 });
    expect(g.shells).toBe(1);
    expect(g.watertight).toBe(true);
    expect(g.invertedShells).toBe(0);
    expect(g.nonManifoldEdges).toBe(0);
    const volume = TEST_PIECE_STEPS.reduce((sum, s) => sum + s.x * s.y * (s.z1 - s.z0), 0);
    expect(g.volumeMm3).toBeCloseTo(volume, 6);
    expect(g.supportsNeeded).toBe(false);
  });

  it("is manifold: every edge is shared by exactly two triangles, in opposite directions", () => {
    const edges = new Map<string, number>();
    const key = (a: readonly number[], b: readonly number[]) => `${a.join(",")}>${b.join(",")}`;
    for (const t of testPieceTriangles()) {
      for (let i = 0; i < 3; i++) {
        const k = key(t[i]!, t[(i + 1) % 3]!);
        edges.set(k, (edges.get(k) ?? 0) + 1);
      }
    }
    for (const [k, n] of edges) {
      expect(n, k).toBe(1);
      const [a, b] = k.split(">");
      expect(edges.get(`${b}>${a}`), `the opposite of ${k}`).toBe(1);
    }
  });
});
