import { describe, expect, it } from "vitest";
import { FILL_BUDGET, renderThumbnail, THUMBNAIL_SIZE } from "../../src/thumbnails/render.ts";

/** A closed tetrahedron, 9 floats a triangle. */
const tetra = new Float32Array([
  0, 0, 0, 0, 10, 0, 10, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 10, 0, 10, 0, 10, 0, 0, 0, 10, 0, 0, 0, 10,
]);

const covered = (rgba: Uint8Array) => {
  let k = 0;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! > 0) k++;
  return k;
};

describe("renderThumbnail", () => {
  it("draws a part in the middle of a transparent square", () => {
    const p = renderThumbnail(tetra);
    expect([p.width, p.height]).toEqual([THUMBNAIL_SIZE, THUMBNAIL_SIZE]);
    expect(covered(p.rgba)).toBeGreaterThan(THUMBNAIL_SIZE * THUMBNAIL_SIZE * 0.2);
    // the corners stay transparent (the margin)
    expect(p.rgba[3]).toBe(0);
    expect(p.rgba[p.rgba.length - 1]).toBe(0);
  });

  it("draws nothing for a mesh with no extent or no finite corner", () => {
    expect(covered(renderThumbnail(new Float32Array(9)).rgba)).toBe(0);
    expect(covered(renderThumbnail(new Float32Array(18).fill(Number.NaN)).rgba)).toBe(0);
  });

  it("stays within its fill budget for a file of many triangles as large as the picture (a hostile upload)", () => {
    // 300,000 copies of the tetrahedron: every copy covers the whole part's picture, so drawing each
    // would visit ~10^10 pixels (minutes); the budget draws every k-th and the picture is the same.
    const copies = 300_000;
    const many = new Float32Array(tetra.length * copies);
    for (let c = 0; c < copies; c++) many.set(tetra, c * tetra.length);
    expect(copies * 4 * (THUMBNAIL_SIZE * 2) ** 2 * 0.3).toBeGreaterThan(FILL_BUDGET * 100);
    const one = renderThumbnail(tetra);
    const drawn = renderThumbnail(many);
    expect(covered(drawn.rgba)).toBe(covered(one.rgba));
  }, 10_000);
});
