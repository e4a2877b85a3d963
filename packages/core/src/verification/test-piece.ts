import { QUALITY_TEST, TEST_PIECE_STEPS, type TestPieceStep } from "../shared/quality-test.ts";

/**
 * The quality test piece as a binary STL, made from its steps (shared/quality-test.ts) so the file
 * owners print and the nominal sizes they are judged against cannot disagree. The mesh is one closed,
 * manifold shell: each step's walls, the ring of each step's top that the next step does not cover,
 * the base's bottom and the top step's top. Every edge is shared by exactly two triangles, all
 * facing outwards, so every slicer reads it as one solid. `npm run generate:quality-test` writes it
 * to packages/web/public (QUALITY_TEST.downloadPath); a test checks the committed file is this one.
 */

type Vec = readonly [number, number, number];
type Triangle = readonly [Vec, Vec, Vec];

/** A step's corners at height z, counter-clockwise seen from above, centred on the origin. */
function corners(step: TestPieceStep, z: number): [Vec, Vec, Vec, Vec] {
  const hx = step.x / 2;
  const hy = step.y / 2;
  return [
    [-hx, -hy, z],
    [hx, -hy, z],
    [hx, hy, z],
    [-hx, hy, z],
  ];
}

/** Two triangles of the quad a→b→c→d (counter-clockwise as seen from the side the normal points to). */
const quad = (a: Vec, b: Vec, c: Vec, d: Vec): Triangle[] => [
  [a, b, c],
  [a, c, d],
];

/** The piece's triangles, its footprint centred on the origin and its base on z = 0. */
export function testPieceTriangles(steps: readonly TestPieceStep[] = TEST_PIECE_STEPS): Triangle[] {
  const out: Triangle[] = [];
  const first = steps[0];
  const last = steps[steps.length - 1];
  if (!first || !last) return out;
  // The base's bottom faces down: clockwise seen from above.
  const [b0, b1, b2, b3] = corners(first, first.z0);
  out.push(...quad(b0, b3, b2, b1));
  steps.forEach((step, i) => {
    const low = corners(step, step.z0);
    const high = corners(step, step.z1);
    // Walls: each side from its bottom edge to its top edge, facing out.
    for (let k = 0; k < 4; k++) {
      const n = (k + 1) % 4;
      out.push(...quad(low[k]!, low[n]!, high[n]!, high[k]!));
    }
    const next = steps[i + 1];
    if (!next) {
      const [t0, t1, t2, t3] = high;
      out.push(...quad(t0, t1, t2, t3));
      return;
    }
    // The ring of this step's top around the next step's footprint, facing up.
    const inner = corners(next, step.z1);
    for (let k = 0; k < 4; k++) {
      const n = (k + 1) % 4;
      out.push(...quad(high[k]!, high[n]!, inner[n]!, inner[k]!));
    }
  });
  return out;
}

function normal([a, b, c]: Triangle): Vec {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
  const len = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
  return [n[0]! / len, n[1]! / len, n[2]! / len];
}

/** The binary STL: an 80-byte header naming the piece, the triangle count, then 50 bytes per triangle. */
export function testPieceStl(): Uint8Array {
  // Moved so the piece sits in the positive octant with its corner at the origin, as slicers expect.
  const [first] = TEST_PIECE_STEPS;
  const dx = (first?.x ?? 0) / 2;
  const dy = (first?.y ?? 0) / 2;
  const triangles = testPieceTriangles().map((t) => t.map(([x, y, z]) => [x + dx, y + dy, z] as Vec) as unknown as Triangle);
  const bytes = new Uint8Array(84 + triangles.length * 50);
  const view = new DataView(bytes.buffer);
  const header = `${QUALITY_TEST.name} - printhood`;
  for (let i = 0; i < Math.min(80, header.length); i++) bytes[i] = header.charCodeAt(i) & 0x7f;
  view.setUint32(80, triangles.length, true);
  triangles.forEach((t, i) => {
    const at = 84 + i * 50;
    [normal(t), ...t].forEach((v, j) => {
      for (let k = 0; k < 3; k++) view.setFloat32(at + j * 12 + k * 4, v[k]!, true);
    });
  });
  return bytes;
}
