/**
 * The demo customer's designs, made in code as binary STLs (no third-party models): solids of
 * stacked tiers, each a regular polygon stretched to its width × depth and centred on one axis
 * (a gear with its hub, a planter with its rim, a box with its lid). Each is one closed shell
 * whose triangles face outwards, as the quality test piece is (core verification/test-piece.ts),
 * so the analysis measures its volume and prices it like any upload.
 */

/** One tier, stacked on the one below; every tier of a design has the same number of sides. */
export interface Tier {
  width: number;
  depth: number;
  height: number;
}

export interface DesignShape {
  /** 4: a box; 6: a hexagonal prism; 24 or more: round. */
  sides: number;
  tiers: Tier[];
}

type Vec = readonly [number, number, number];
type Triangle = readonly [Vec, Vec, Vec];

/** The outline's unit points, counter-clockwise seen from above (a square's sides are axis-aligned). */
function unitOutline(sides: number): [number, number][] {
  const points = Array.from({ length: sides }, (_, k): [number, number] => {
    const a = (2 * Math.PI * k) / sides + Math.PI / sides;
    return [Math.cos(a), Math.sin(a)];
  });
  // Scaled so the outline spans exactly -1..1 on each axis.
  const sx = Math.max(...points.map(([x]) => Math.abs(x)));
  const sy = Math.max(...points.map(([, y]) => Math.abs(y)));
  return points.map(([x, y]) => [x / sx, y / sy]);
}

/** The shape's triangles, its widest tier's corner at the origin, standing on z = 0. */
export function designTriangles(shape: DesignShape): Triangle[] {
  const unit = unitOutline(shape.sides);
  const cx = Math.max(...shape.tiers.map((t) => t.width)) / 2;
  const cy = Math.max(...shape.tiers.map((t) => t.depth)) / 2;
  const ring = (t: Tier, z: number): Vec[] => unit.map(([x, y]) => [cx + (x * t.width) / 2, cy + (y * t.depth) / 2, z] as const);
  const out: Triangle[] = [];
  const n = shape.sides;
  let z = 0;
  let below: Vec[] | null = null;
  for (const tier of shape.tiers) {
    const low = ring(tier, z);
    const high = ring(tier, z + tier.height);
    if (below === null) {
      // The bottom faces down: clockwise seen from above.
      const c: Vec = [cx, cy, z];
      for (let k = 0; k < n; k++) out.push([c, low[(k + 1) % n]!, low[k]!]);
    } else {
      // The step between the tier below's top and this one's bottom: up where this tier is narrower, down where it overhangs.
      for (let k = 0; k < n; k++) {
        const m = (k + 1) % n;
        out.push([below[k]!, below[m]!, low[m]!], [below[k]!, low[m]!, low[k]!]);
      }
    }
    for (let k = 0; k < n; k++) {
      const m = (k + 1) % n;
      out.push([low[k]!, low[m]!, high[m]!], [low[k]!, high[m]!, high[k]!]);
    }
    below = high;
    z += tier.height;
  }
  if (below) {
    const c: Vec = [cx, cy, z];
    for (let k = 0; k < n; k++) out.push([c, below[k]!, below[(k + 1) % n]!]);
  }
  return out;
}

function normal([a, b, c]: Triangle): Vec {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]] as const;
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]] as const;
  const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]] as const;
  const len = Math.hypot(...n) || 1;
  return [n[0] / len, n[1] / len, n[2] / len];
}

/** The design as a binary STL: an 80-byte header naming it, the triangle count, 50 bytes per triangle. */
export function designStl(name: string, shape: DesignShape): Uint8Array {
  const triangles = designTriangles(shape);
  const buf = Buffer.alloc(84 + triangles.length * 50);
  buf.write(`Printhood demo: ${name}`.slice(0, 80), 0, "ascii");
  buf.writeUInt32LE(triangles.length, 80);
  triangles.forEach((t, i) => {
    const o = 84 + i * 50;
    [normal(t), ...t].forEach((v, j) => {
      for (let axis = 0; axis < 3; axis++) buf.writeFloatLE(v[axis]!, o + j * 12 + axis * 4);
    });
  });
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
}
