/**
 * Mesh builders for the calibration corpus: every shape is made in code, so the corpus is a
 * program, not a folder of files. A mesh is a triangle soup (9 floats per triangle, mm, outward
 * winding), the same layout the analysis reads. Builders make closed surfaces; shapes that should
 * be one solid are made as one surface (extrusions with holes, solids of revolution, signed
 * distance fields meshed by surface nets, voxel models) rather than as overlapping boxes, because
 * real designs are mostly clean single shells and overlapping parts would double-count.
 */
import { ShapeUtils, Vector2 } from "three";

export type Soup = number[];
export type P2 = [number, number];
export type P3 = [number, number, number];

export function tri(out: Soup, a: P3, b: P3, c: P3): void {
  out.push(a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]);
}

function quad(out: Soup, a: P3, b: P3, c: P3, d: P3): void {
  tri(out, a, b, c);
  tri(out, a, c, d);
}

export function signedVolume(s: Soup): number {
  let v = 0;
  for (let o = 0; o + 8 < s.length; o += 9) {
    const ax = s[o]!,
      ay = s[o + 1]!,
      az = s[o + 2]!;
    const bx = s[o + 3]!,
      by = s[o + 4]!,
      bz = s[o + 5]!;
    const cx = s[o + 6]!,
      cy = s[o + 7]!,
      cz = s[o + 8]!;
    v += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return v / 6;
}

/** Reverse the winding of every triangle (swap b and c). */
export function flip(s: Soup): Soup {
  const out: Soup = new Array(s.length);
  for (let o = 0; o < s.length; o += 9) {
    for (let k = 0; k < 3; k++) {
      out[o + k] = s[o + k]!;
      out[o + 3 + k] = s[o + 6 + k]!;
      out[o + 6 + k] = s[o + 3 + k]!;
    }
  }
  return out;
}

/** Make a single closed shell face outward (its signed volume positive). */
export function outward(s: Soup): Soup {
  return signedVolume(s) < 0 ? flip(s) : s;
}

export function box(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): Soup {
  return extrude(
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    [],
    z0,
    z1,
  );
}

function area2(poly: P2[]): number {
  let a = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) a += poly[j]![0] * poly[i]![1] - poly[i]![0] * poly[j]![1];
  return a / 2;
}

/**
 * A prism: a simple polygon with holes, from z0 to z1. Caps are triangulated by three's earcut;
 * walls are quads along each edge, outer contour counter-clockwise and holes clockwise so every
 * wall faces out of the solid.
 */
export function extrude(outer: P2[], holes: P2[][], z0: number, z1: number): Soup {
  const o = area2(outer) < 0 ? [...outer].reverse() : outer;
  const hs = holes.map((h) => (area2(h) > 0 ? [...h].reverse() : h));
  const all = [o, ...hs].flat();
  const faces = ShapeUtils.triangulateShape(
    o.map(([x, y]) => new Vector2(x, y)),
    hs.map((h) => h.map(([x, y]) => new Vector2(x, y))),
  );
  const out: Soup = [];
  for (const f of faces) {
    const a = all[f[0]!]!,
      b = all[f[1]!]!,
      c = all[f[2]!]!;
    const ccw = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) > 0;
    const [p, q] = ccw ? [b, c] : [c, b];
    tri(out, [a[0], a[1], z1], [p[0], p[1], z1], [q[0], q[1], z1]);
    tri(out, [a[0], a[1], z0], [q[0], q[1], z0], [p[0], p[1], z0]);
  }
  for (const ring of [o, ...hs]) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!,
        b = ring[(i + 1) % ring.length]!;
      quad(out, [a[0], a[1], z0], [b[0], b[1], z0], [b[0], b[1], z1], [a[0], a[1], z1]);
    }
  }
  return out;
}

export function circle(r: number, n: number, cx = 0, cy = 0, phase = 0): P2[] {
  const pts: P2[] = [];
  for (let i = 0; i < n; i++) {
    const t = phase + (2 * Math.PI * i) / n;
    pts.push([cx + r * Math.cos(t), cy + r * Math.sin(t)]);
  }
  return pts;
}

/** Segments for a circle of radius r: about 0.5 mm chords, 16–128. */
export const segs = (r: number) => Math.max(16, Math.min(128, Math.round((2 * Math.PI * r) / 0.5)));

/**
 * Solid of revolution about z: `profile` is a polyline of (r, z) points. When it starts and
 * ends on the axis (r = 0) it closes a solid (sphere, cone, vase); when `closed`, the profile is a
 * loop away from the axis (tube, torus). Triangles that collapse on the axis are dropped.
 */
export function lathe(profile: P2[], n: number, closed = false): Soup {
  const out: Soup = [];
  const m = closed ? profile.length : profile.length - 1;
  for (let i = 0; i < m; i++) {
    const [r0, z0] = profile[i]!;
    const [r1, z1] = profile[(i + 1) % profile.length]!;
    for (let k = 0; k < n; k++) {
      const t0 = (2 * Math.PI * k) / n,
        t1 = (2 * Math.PI * (k + 1)) / n;
      const a: P3 = [r0 * Math.cos(t0), r0 * Math.sin(t0), z0];
      const b: P3 = [r0 * Math.cos(t1), r0 * Math.sin(t1), z0];
      const c: P3 = [r1 * Math.cos(t1), r1 * Math.sin(t1), z1];
      const d: P3 = [r1 * Math.cos(t0), r1 * Math.sin(t0), z1];
      if (r0 > 0) tri(out, a, b, c);
      if (r1 > 0) tri(out, a, c, d);
    }
  }
  return outward(out);
}

export function cylinder(r: number, h: number, n = segs(r)): Soup {
  return extrude(circle(r, n), [], 0, h);
}

export function tube(ro: number, ri: number, h: number): Soup {
  return extrude(circle(ro, segs(ro)), [circle(ri, segs(ri))], 0, h);
}

export function sphere(r: number, n = segs(r)): Soup {
  const rings = Math.max(8, Math.round(n / 2));
  const prof: P2[] = [];
  for (let i = 0; i <= rings; i++) {
    const a = -Math.PI / 2 + (Math.PI * i) / rings;
    prof.push([i === 0 || i === rings ? 0 : r * Math.cos(a), r * Math.sin(a)]);
  }
  return lathe(prof, n);
}

// ---------------------------------------------------------------- transforms

export function map(s: Soup, f: (p: P3) => P3): Soup {
  const out: Soup = new Array(s.length);
  for (let o = 0; o < s.length; o += 3) {
    const q = f([s[o]!, s[o + 1]!, s[o + 2]!]);
    out[o] = q[0];
    out[o + 1] = q[1];
    out[o + 2] = q[2];
  }
  return out;
}

export const translate = (s: Soup, dx: number, dy: number, dz: number) => map(s, ([x, y, z]) => [x + dx, y + dy, z + dz]);
export const scale3 = (s: Soup, sx: number, sy: number, sz: number) => outward(map(s, ([x, y, z]) => [x * sx, y * sy, z * sz]));

export function rotateX(s: Soup, deg: number): Soup {
  const c = Math.cos((deg * Math.PI) / 180),
    sn = Math.sin((deg * Math.PI) / 180);
  return map(s, ([x, y, z]) => [x, c * y - sn * z, sn * y + c * z]);
}
export function rotateY(s: Soup, deg: number): Soup {
  const c = Math.cos((deg * Math.PI) / 180),
    sn = Math.sin((deg * Math.PI) / 180);
  return map(s, ([x, y, z]) => [c * x + sn * z, y, -sn * x + c * z]);
}
export function rotateZ(s: Soup, deg: number): Soup {
  const c = Math.cos((deg * Math.PI) / 180),
    sn = Math.sin((deg * Math.PI) / 180);
  return map(s, ([x, y, z]) => [c * x - sn * y, sn * x + c * y, z]);
}

export function bounds(s: Soup): { min: P3; max: P3 } {
  const min: P3 = [Infinity, Infinity, Infinity],
    max: P3 = [-Infinity, -Infinity, -Infinity];
  for (let o = 0; o < s.length; o += 3) {
    for (let k = 0; k < 3; k++) {
      const v = s[o + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  return { min, max };
}

/** Put the part on the bed (min z = 0) with its footprint centred on the origin. */
export function placeOnBed(s: Soup): Soup {
  const { min, max } = bounds(s);
  return translate(s, -(min[0] + max[0]) / 2, -(min[1] + max[1]) / 2, -min[2]);
}

export const merge = (...parts: Soup[]): Soup => parts.flat();

/** n copies of a part in a grid with a gap between them (several parts in one file). */
export function array(part: Soup, n: number, gap: number): Soup {
  const { min, max } = bounds(part);
  const w = max[0] - min[0] + gap,
    d = max[1] - min[1] + gap;
  const cols = Math.ceil(Math.sqrt(n));
  const out: Soup[] = [];
  for (let i = 0; i < n; i++) out.push(translate(part, (i % cols) * w, Math.floor(i / cols) * d, 0));
  return merge(...out);
}

// ---------------------------------------------------------------- signed distance fields

export type Sdf = (x: number, y: number, z: number) => number;

/**
 * Surface nets: one vertex per grid cell the surface crosses (the mean of the edge crossings),
 * one quad per grid edge with a sign change. Closed and consistently wound for any field that is
 * positive on the grid's border; organic shapes (blobs, tori, shells, lattices) come out as a
 * slicer would see a sculpted or scanned model.
 */
export function surfaceNets(f: Sdf, min: P3, max: P3, step: number): Soup {
  const pad = 2 * step;
  const x0 = min[0] - pad,
    y0 = min[1] - pad,
    z0 = min[2] - pad;
  const nx = Math.ceil((max[0] - min[0] + 2 * pad) / step) + 1;
  const ny = Math.ceil((max[1] - min[1] + 2 * pad) / step) + 1;
  const nz = Math.ceil((max[2] - min[2] + 2 * pad) / step) + 1;
  const idx = (i: number, j: number, k: number) => (k * ny + j) * nx + i;
  const v = new Float64Array(nx * ny * nz);
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const border = i === 0 || j === 0 || k === 0 || i === nx - 1 || j === ny - 1 || k === nz - 1;
        const d = f(x0 + i * step, y0 + j * step, z0 + k * step);
        v[idx(i, j, k)] = border ? Math.max(d, step * 0.5) : d === 0 ? 1e-9 : d;
      }
  const cellVert = new Map<number, P3>();
  const corners: P3[] = [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
    [1, 1, 0],
    [0, 0, 1],
    [1, 0, 1],
    [0, 1, 1],
    [1, 1, 1],
  ];
  const edges: [number, number][] = [
    [0, 1],
    [2, 3],
    [4, 5],
    [6, 7],
    [0, 2],
    [1, 3],
    [4, 6],
    [5, 7],
    [0, 4],
    [1, 5],
    [2, 6],
    [3, 7],
  ];
  const vert = (i: number, j: number, k: number): P3 => {
    const key = idx(i, j, k);
    const hit = cellVert.get(key);
    if (hit) return hit;
    let sx = 0,
      sy = 0,
      sz = 0,
      cnt = 0;
    for (const [a, b] of edges) {
      const ca = corners[a]!,
        cb = corners[b]!;
      const va = v[idx(i + ca[0], j + ca[1], k + ca[2])]!,
        vb = v[idx(i + cb[0], j + cb[1], k + cb[2])]!;
      if (va < 0 === vb < 0) continue;
      const t = va / (va - vb);
      sx += ca[0] + t * (cb[0] - ca[0]);
      sy += ca[1] + t * (cb[1] - ca[1]);
      sz += ca[2] + t * (cb[2] - ca[2]);
      cnt++;
    }
    const p: P3 = [x0 + (i + sx / cnt) * step, y0 + (j + sy / cnt) * step, z0 + (k + sz / cnt) * step];
    cellVert.set(key, p);
    return p;
  };
  const out: Soup = [];
  const emit = (inside0: boolean, a: P3, b: P3, c: P3, d: P3) => (inside0 ? quad(out, a, b, c, d) : quad(out, a, d, c, b));
  for (let k = 1; k < nz - 1; k++)
    for (let j = 1; j < ny - 1; j++)
      for (let i = 1; i < nx - 1; i++) {
        const here = v[idx(i, j, k)]! < 0;
        if (here !== v[idx(i + 1, j, k)]! < 0) emit(here, vert(i, j - 1, k - 1), vert(i, j, k - 1), vert(i, j, k), vert(i, j - 1, k));
        if (here !== v[idx(i, j + 1, k)]! < 0) emit(here, vert(i - 1, j, k - 1), vert(i - 1, j, k), vert(i, j, k), vert(i, j, k - 1));
        if (here !== v[idx(i, j, k + 1)]! < 0) emit(here, vert(i - 1, j - 1, k), vert(i, j - 1, k), vert(i, j, k), vert(i - 1, j, k));
      }
  return outward(out);
}

export const sdSphere =
  (r: number, cx = 0, cy = 0, cz = 0): Sdf =>
  (x, y, z) =>
    Math.hypot(x - cx, y - cy, z - cz) - r;
export const sdTorus =
  (R: number, r: number): Sdf =>
  (x, y, z) =>
    Math.hypot(Math.hypot(x, y) - R, z) - r;
export const sdRoundBox =
  (hx: number, hy: number, hz: number, r: number): Sdf =>
  (x, y, z) => {
    const qx = Math.abs(x) - hx + r,
      qy = Math.abs(y) - hy + r,
      qz = Math.abs(z) - hz + r;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0), Math.max(qz, 0)) + Math.min(Math.max(qx, qy, qz), 0) - r;
  };
export const sdCapsule =
  (a: P3, b: P3, r: number): Sdf =>
  (x, y, z) => {
    const px = x - a[0],
      py = y - a[1],
      pz = z - a[2];
    const bx = b[0] - a[0],
      by = b[1] - a[1],
      bz = b[2] - a[2];
    const h = Math.max(0, Math.min(1, (px * bx + py * by + pz * bz) / (bx * bx + by * by + bz * bz)));
    return Math.hypot(px - bx * h, py - by * h, pz - bz * h) - r;
  };
export function smoothUnion(fs: Sdf[], k: number): Sdf {
  return (x, y, z) => {
    let d = fs[0]!(x, y, z);
    for (let i = 1; i < fs.length; i++) {
      const e = fs[i]!(x, y, z);
      const h = Math.max(0, Math.min(1, 0.5 + (0.5 * (e - d)) / k));
      d = e * (1 - h) + d * h - k * h * (1 - h);
    }
    return d;
  };
}
export const intersect =
  (a: Sdf, b: Sdf): Sdf =>
  (x, y, z) =>
    Math.max(a(x, y, z), b(x, y, z));
export const subtract =
  (a: Sdf, b: Sdf): Sdf =>
  (x, y, z) =>
    Math.max(a(x, y, z), -b(x, y, z));
export const shell =
  (a: Sdf, t: number): Sdf =>
  (x, y, z) =>
    Math.abs(a(x, y, z)) - t / 2;

// ---------------------------------------------------------------- voxels

/**
 * A voxel model: `filled(i, j, k)` on an nx × ny × nz grid of cubes of side `v` (mm). One quad
 * per face between a filled and an empty cell: closed, axis-aligned, crisp (embossed text, pixel
 * art, lattices of bars).
 */
export function voxels(nx: number, ny: number, nz: number, v: number, filled: (i: number, j: number, k: number) => boolean): Soup {
  const grid = new Uint8Array(nx * ny * nz);
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) grid[(k * ny + j) * nx + i] = filled(i, j, k) ? 1 : 0;
  const at = (i: number, j: number, k: number) =>
    i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz ? 0 : grid[(k * ny + j) * nx + i]!;
  const out: Soup = [];
  const P = (i: number, j: number, k: number): P3 => [i * v, j * v, k * v];
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        if (!at(i, j, k)) continue;
        if (!at(i + 1, j, k)) quad(out, P(i + 1, j, k), P(i + 1, j + 1, k), P(i + 1, j + 1, k + 1), P(i + 1, j, k + 1));
        if (!at(i - 1, j, k)) quad(out, P(i, j, k), P(i, j, k + 1), P(i, j + 1, k + 1), P(i, j + 1, k));
        if (!at(i, j + 1, k)) quad(out, P(i, j + 1, k), P(i, j + 1, k + 1), P(i + 1, j + 1, k + 1), P(i + 1, j + 1, k));
        if (!at(i, j - 1, k)) quad(out, P(i, j, k), P(i + 1, j, k), P(i + 1, j, k + 1), P(i, j, k + 1));
        if (!at(i, j, k + 1)) quad(out, P(i, j, k + 1), P(i + 1, j, k + 1), P(i + 1, j + 1, k + 1), P(i, j + 1, k + 1));
        if (!at(i, j, k - 1)) quad(out, P(i, j, k), P(i, j + 1, k), P(i + 1, j + 1, k), P(i + 1, j, k));
      }
  return out;
}

/** 5×7 pixel glyphs for embossed text (rows top to bottom). */
export const GLYPHS: Record<string, string[]> = {
  A: ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
  B: ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
  C: ["01111", "10000", "10000", "10000", "10000", "10000", "01111"],
  D: ["11110", "10001", "10001", "10001", "10001", "10001", "11110"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  H: ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
  I: ["11111", "00100", "00100", "00100", "00100", "00100", "11111"],
  K: ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
  L: ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
  M: ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
  N: ["10001", "11001", "10101", "10011", "10001", "10001", "10001"],
  O: ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
  P: ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
  R: ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  T: ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
  X: ["10001", "10001", "01010", "00100", "01010", "10001", "10001"],
  "1": ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
  "2": ["01110", "10001", "00001", "00110", "01000", "10000", "11111"],
  "3": ["11110", "00001", "00001", "01110", "00001", "00001", "11110"],
  " ": ["00000", "00000", "00000", "00000", "00000", "00000", "00000"],
};

/** Text as a pixel mask (1 = ink), glyphs one pixel apart. */
export function textMask(text: string): { w: number; h: number; ink: (x: number, y: number) => boolean } {
  const chars = [...text.toUpperCase()].map((c) => GLYPHS[c] ?? GLYPHS[" "]!);
  const w = chars.length * 6 - 1;
  return {
    w,
    h: 7,
    ink: (x, y) => {
      if (x < 0 || y < 0 || x >= w || y >= 7) return false;
      const g = chars[Math.floor(x / 6)]!;
      const cx = x % 6;
      return cx < 5 && g[6 - y]![cx] === "1";
    },
  };
}

// ---------------------------------------------------------------- 2D outlines

export function gearOutline(teeth: number, rRoot: number, rTip: number): P2[] {
  const pts: P2[] = [];
  const per = 8;
  for (let t = 0; t < teeth; t++) {
    for (let s = 0; s < per; s++) {
      const u = s / per; // 0..1 around one tooth: root, flank up, tip, flank down
      const r =
        u < 0.2
          ? rRoot
          : u < 0.35
            ? rRoot + ((u - 0.2) / 0.15) * (rTip - rRoot)
            : u < 0.65
              ? rTip
              : u < 0.8
                ? rTip - ((u - 0.65) / 0.15) * (rTip - rRoot)
                : rRoot;
      const a = ((t + u) * 2 * Math.PI) / teeth;
      pts.push([r * Math.cos(a), r * Math.sin(a)]);
    }
  }
  return pts;
}

export function starOutline(n: number, rIn: number, rOut: number): P2[] {
  const pts: P2[] = [];
  for (let i = 0; i < 2 * n; i++) {
    const r = i % 2 ? rIn : rOut;
    const a = (i * Math.PI) / n;
    pts.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return pts;
}

export function roundedRect(w: number, d: number, r: number): P2[] {
  const pts: P2[] = [];
  const n = Math.max(4, Math.round(segs(r) / 4));
  const cs: P2[] = [
    [w / 2 - r, d / 2 - r],
    [-w / 2 + r, d / 2 - r],
    [-w / 2 + r, -d / 2 + r],
    [w / 2 - r, -d / 2 + r],
  ];
  cs.forEach(([cx, cy], q) => {
    for (let i = 0; i <= n; i++) {
      const a = ((q + i / n) * Math.PI) / 2;
      pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
  });
  return pts;
}

/** Deterministic pseudo-random numbers (mulberry32), so the corpus is the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function binaryStl(s: Soup): Uint8Array {
  const n = s.length / 9;
  const buf = new ArrayBuffer(84 + 50 * n);
  const dv = new DataView(buf);
  const head = "printhood calibration corpus";
  for (let i = 0; i < head.length; i++) dv.setUint8(i, head.charCodeAt(i));
  dv.setUint32(80, n, true);
  for (let t = 0; t < n; t++) {
    const o = 84 + 50 * t;
    for (let k = 0; k < 9; k++) dv.setFloat32(o + 12 + 4 * k, s[9 * t + k]!, true);
  }
  return new Uint8Array(buf);
}
