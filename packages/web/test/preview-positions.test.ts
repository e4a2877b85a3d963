import { describe, expect, it } from "vitest";
import { previewPositions } from "../src/upload/positions";

/** A finely tessellated sphere: 2·seg·rings triangles. */
function sphere(seg: number, rings: number, r = 20): Float32Array {
  const pt = (i: number, j: number) => {
    const th = (j / rings) * Math.PI,
      ph = (i / seg) * 2 * Math.PI;
    return [r * Math.sin(th) * Math.cos(ph), r * Math.sin(th) * Math.sin(ph), r * Math.cos(th)];
  };
  const out: number[] = [];
  for (let j = 0; j < rings; j++)
    for (let i = 0; i < seg; i++) {
      const a = pt(i, j),
        b = pt(i + 1, j),
        c = pt(i + 1, j + 1),
        d = pt(i, j + 1);
      out.push(...a, ...b, ...c, ...a, ...c, ...d);
    }
  return new Float32Array(out);
}

describe("preview simplification", () => {
  it("leaves ordinary designs untouched", () => {
    const t = sphere(40, 20);
    expect(previewPositions(t)).toBe(t);
  });

  it("brings a large mesh under the cap while keeping its size and shape", () => {
    const t = sphere(600, 300); // 360,000 triangles
    const p = previewPositions(t, 50_000);
    expect(p.length / 9).toBeLessThanOrEqual(50_000);
    expect(p.length / 9).toBeGreaterThan(5_000);
    let maxR = 0,
      minR = Infinity;
    for (let i = 0; i < p.length; i += 3) {
      const r = Math.hypot(p[i]!, p[i + 1]!, p[i + 2]!);
      maxR = Math.max(maxR, r);
      minR = Math.min(minR, r);
    }
    // every kept corner is an original vertex: still on the sphere
    expect(maxR).toBeCloseTo(20, 3);
    expect(minR).toBeCloseTo(20, 3);
  });
});
