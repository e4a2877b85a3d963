/**
 * More mesh builders for the second part of the corpus (families.ts): open meshes, noisy scan-like
 * fields, height fields, twisted lofts. Same conventions as builders.ts (a triangle soup of 9 floats
 * per triangle, mm, outward winding).
 */
import { type P2, type P3, type Sdf, type Soup, tri } from "./builders.ts";

/** Drops the triangles `drop` picks (an open mesh: holes where a scan saw nothing or an export lost faces). */
export function removeTriangles(s: Soup, drop: (cx: number, cy: number, cz: number, i: number) => boolean): Soup {
  const out: Soup = [];
  for (let o = 0, i = 0; o < s.length; o += 9, i++) {
    const cx = (s[o]! + s[o + 3]! + s[o + 6]!) / 3,
      cy = (s[o + 1]! + s[o + 4]! + s[o + 7]!) / 3,
      cz = (s[o + 2]! + s[o + 5]! + s[o + 8]!) / 3;
    if (!drop(cx, cy, cz, i)) for (let k = 0; k < 9; k++) out.push(s[o + k]!);
  }
  return out;
}

/** Smooth value noise in 3D (seeded lattice, smoothstep-interpolated), about ±1. */
export function noise3(seed: number): (x: number, y: number, z: number) => number {
  const hash = (i: number, j: number, k: number) => {
    let h = Math.imul(i, 374761393) ^ Math.imul(j, 668265263) ^ Math.imul(k, 2147483647) ^ Math.imul(seed, 1274126177);
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    return ((h ^ (h >>> 16)) >>> 0) / 2147483648 - 1;
  };
  const sm = (t: number) => t * t * (3 - 2 * t);
  return (x, y, z) => {
    const i = Math.floor(x),
      j = Math.floor(y),
      k = Math.floor(z);
    const u = sm(x - i),
      v = sm(y - j),
      w = sm(z - k);
    let acc = 0;
    for (let a = 0; a < 2; a++)
      for (let b = 0; b < 2; b++)
        for (let c = 0; c < 2; c++) acc += hash(i + a, j + b, k + c) * (a ? u : 1 - u) * (b ? v : 1 - v) * (c ? w : 1 - w);
    return acc;
  };
}

/** A field with bumps: two octaves of noise of wavelength `wave` (mm) and amplitude `amp` added to it. */
export function bumpy(f: Sdf, seed: number, wave: number, amp: number): Sdf {
  const n = noise3(seed);
  return (x, y, z) => f(x, y, z) + amp * (n(x / wave, y / wave, z / wave) + 0.5 * n((2 * x) / wave + 17, (2 * y) / wave, (2 * z) / wave));
}

/**
 * A solid under a height field: a grid of nx × ny cells of side `cell` whose top is at base + h(i, j)
 * (h ≥ 0), a flat bottom at 0 and walls around (relief maps, lithophane-like plates, terrain).
 */
export function heightField(nx: number, ny: number, cell: number, base: number, h: (i: number, j: number) => number): Soup {
  const out: Soup = [];
  const z = (i: number, j: number) => base + Math.max(0, h(i, j));
  const P = (i: number, j: number, zz: number): P3 => [i * cell, j * cell, zz];
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      const a = P(i, j, z(i, j)),
        b = P(i + 1, j, z(i + 1, j)),
        c = P(i + 1, j + 1, z(i + 1, j + 1)),
        d = P(i, j + 1, z(i, j + 1));
      tri(out, a, b, c);
      tri(out, a, c, d);
      tri(out, P(i, j, 0), P(i + 1, j + 1, 0), P(i + 1, j, 0));
      tri(out, P(i, j, 0), P(i, j + 1, 0), P(i + 1, j + 1, 0));
    }
  // walls: along each border edge, a quad from the bottom to the top
  const wall = (p: [number, number], q: [number, number]) => {
    const a = P(p[0], p[1], 0),
      b = P(q[0], q[1], 0),
      c = P(q[0], q[1], z(q[0], q[1])),
      d = P(p[0], p[1], z(p[0], p[1]));
    tri(out, a, b, c);
    tri(out, a, c, d);
  };
  for (let i = 0; i < nx; i++) {
    wall([i, 0], [i + 1, 0]);
    wall([i + 1, ny], [i, ny]);
  }
  for (let j = 0; j < ny; j++) {
    wall([nx, j], [nx, j + 1]);
    wall([0, j + 1], [0, j]);
  }
  return out;
}

/**
 * A loft of a convex-ish outline (counter-clockwise, around the origin) from z = 0 to h in `steps`
 * slices, each scaled by taper(t) and turned by twist·t degrees (twisted vases and towers). Capped.
 */
export function twistLoft(outline: P2[], h: number, steps: number, twist: number, taper: (t: number) => number): Soup {
  const out: Soup = [];
  const n = outline.length;
  const ring = (s: number): P3[] => {
    const t = s / steps;
    const a = (twist * t * Math.PI) / 180,
      k = taper(t);
    const c = Math.cos(a),
      sn = Math.sin(a);
    return outline.map(([x, y]) => [k * (c * x - sn * y), k * (sn * x + c * y), h * t] as P3);
  };
  let prev = ring(0);
  for (let s = 1; s <= steps; s++) {
    const cur = ring(s);
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      tri(out, prev[i]!, prev[j]!, cur[j]!);
      tri(out, prev[i]!, cur[j]!, cur[i]!);
    }
    prev = cur;
  }
  // caps: fans from the centre (the outline is star-shaped around the origin)
  const bottom = ring(0),
    top = ring(steps);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    tri(out, [0, 0, 0], bottom[j]!, bottom[i]!);
    tri(out, [0, 0, h], top[i]!, top[j]!);
  }
  return out;
}
