/**
 * The calibration corpus: a few hundred designs made in code, in shape families, at several sizes.
 * The estimate's few physical constants are fitted on these (sliced by PrusaSlicer, see slice.ts)
 * and judged by leaving whole families out, so a constant that only suits one kind of shape shows.
 * Everything is deterministic (seeded), so the committed reference table always matches the meshes.
 */
import {
  array,
  box,
  circle,
  cylinder,
  extrude,
  gearOutline,
  intersect,
  lathe,
  merge,
  type P2,
  placeOnBed,
  rng,
  rotateX,
  rotateY,
  rotateZ,
  roundedRect,
  type Sdf,
  type Soup,
  scale3,
  sdCapsule,
  sdRoundBox,
  sdSphere,
  sdTorus,
  segs,
  shell,
  smoothUnion,
  sphere,
  starOutline,
  subtract,
  surfaceNets,
  textMask,
  translate,
  tube,
  voxels,
} from "./builders.ts";
import { type Design, MORE_DESIGNS } from "./families.ts";

export type { Design };

const designs: Design[] = [];
function add(family: string, make: () => Soup): void {
  const n = designs.filter((d) => d.family === family).length + 1;
  designs.push({ id: `${family}-${String(n).padStart(2, "0")}`, family, make: () => placeOnBed(make()) });
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const between = (r: () => number, a: number, b: number) => a + (b - a) * r();

// plates: rectangular and rounded, 0.6–6 mm thick, 15–150 mm wide
{
  const r = rng(1);
  for (const w of [15, 30, 60, 100, 150]) {
    for (const t of [0.6, 1.2, 2, 3.2, 6]) {
      const d = w * between(r, 0.4, 1);
      if (r() < 0.5) add("plate", () => box(0, 0, 0, w, d, t));
      else add("plate", () => extrude(roundedRect(w, d, Math.min(w, d) * 0.15), [], 0, t));
    }
  }
}

// thin flat parts: discs, washers, stars, flat gears, tags with holes
{
  const r = rng(2);
  for (let i = 0; i < 24; i++) {
    const D = pick(r, [8, 12, 20, 35, 60, 90]);
    const t = pick(r, [0.4, 0.8, 1, 1.5, 2, 2.4]);
    const kind = i % 4;
    if (kind === 0) add("flat", () => cylinder(D / 2, t));
    else if (kind === 1) add("flat", () => extrude(circle(D / 2, segs(D / 2)), [circle(D / 5, segs(D / 5))], 0, t));
    else if (kind === 2) add("flat", () => extrude(starOutline(5 + (i % 3), D / 4, D / 2), [], 0, t));
    else {
      const w = D,
        d = D * 0.5;
      add("flat", () => extrude(roundedRect(w, d, d * 0.2), [circle(d * 0.15, 24, -w * 0.35, 0), circle(d * 0.15, 24, w * 0.35, 0)], 0, t));
    }
  }
}

// thin walls: open-top boxes and cups, walls 0.45–2.4 mm
{
  const r = rng(3);
  for (let i = 0; i < 20; i++) {
    const w = pick(r, [15, 25, 40, 70, 110]);
    const h = pick(r, [8, 20, 40, 70]);
    const wall = pick(r, [0.45, 0.8, 1.2, 1.6, 2.4]);
    const floor = pick(r, [0.6, 1, 2]);
    if (i % 2 === 0) {
      const outer = roundedRect(w, w * 0.7, 3);
      const inner = roundedRect(w - 2 * wall, w * 0.7 - 2 * wall, Math.max(0.5, 3 - wall));
      add("wall", () => merge(extrude(outer, [], 0, floor), extrude(outer, [inner], floor, h)));
    } else {
      const R = w / 2;
      add("wall", () =>
        lathe(
          [
            [0, 0],
            [R, 0],
            [R, h],
            [R - wall, h],
            [R - wall, floor],
            [0, floor],
          ],
          segs(R),
        ),
      );
    }
  }
}

// tubes: hollow cylinders standing up, some lying down
{
  const r = rng(4);
  for (let i = 0; i < 20; i++) {
    const ro = pick(r, [2, 4, 7, 12, 20, 35]);
    const wall = Math.min(ro * 0.6, pick(r, [0.8, 1.2, 2, 3, 5]));
    const h = pick(r, [5, 12, 25, 50, 90]);
    if (i % 4 === 3) add("tube", () => rotateX(tube(ro, ro - wall, h), 90));
    else add("tube", () => tube(ro, ro - wall, h));
  }
}

// pins: solid cylinders, standing and lying, with and without a head
{
  const r = rng(5);
  for (let i = 0; i < 20; i++) {
    const rad = pick(r, [0.8, 1.5, 2.5, 4, 6]);
    const h = pick(r, [4, 10, 20, 40, 60]);
    if (i % 3 === 0) add("pin", () => rotateX(cylinder(rad, h), 90));
    else if (i % 3 === 1)
      add("pin", () =>
        lathe(
          [
            [0, 0],
            [rad * 2, 0],
            [rad * 2, 1.6],
            [rad, 1.6],
            [rad, h],
            [0, h],
          ],
          segs(rad * 2),
        ),
      );
    else add("pin", () => cylinder(rad, h));
  }
}

// overhangs: T shapes, mushrooms, shelves, wedges at 20–70°, sideways L
{
  const r = rng(6);
  const q = rng(1006);
  for (let i = 0; i < 28; i++) {
    const s = pick(r, [10, 20, 35, 60]);
    const kind = i % 4;
    if (kind === 0) {
      // T: a stem under a wide cap (one extruded T profile, lying on its side so the cap overhangs)
      const st = s * 0.25;
      const prof: P2[] = [
        [-st / 2, 0],
        [st / 2, 0],
        [st / 2, s * 0.7],
        [s / 2, s * 0.7],
        [s / 2, s],
        [-s / 2, s],
        [-s / 2, s * 0.7],
        [-st / 2, s * 0.7],
      ];
      const depth = s * between(q, 0.3, 1);
      add("overhang", () => rotateX(extrude(prof, [], 0, depth), 90));
    } else if (kind === 1) {
      // mushroom: a revolved stem and cap
      const R = s / 2;
      add("overhang", () =>
        lathe(
          [
            [0, 0],
            [R * 0.3, 0],
            [R * 0.3, R],
            [R, R],
            [R * 0.9, R * 1.3],
            [0, R * 1.4],
          ],
          segs(R),
        ),
      );
    } else if (kind === 2) {
      // wedge whose one face leans out at an angle from vertical (overhang angle)
      const ang = pick(r, [20, 35, 45, 55, 65, 75]);
      const h = s * 0.8;
      const off = h * Math.tan((ang * Math.PI) / 180);
      add("overhang", () =>
        rotateX(
          extrude(
            [
              [0, 0],
              [s * 0.4, 0],
              [s * 0.4 + off, h],
              [0, h],
            ],
            [],
            0,
            s * 0.6,
          ),
          90,
        ),
      );
    } else {
      // shelf: a wall with a horizontal shelf sticking out
      const prof: P2[] = [
        [0, 0],
        [s * 0.2, 0],
        [s * 0.2, s * 0.6],
        [s * 0.8, s * 0.6],
        [s * 0.8, s * 0.75],
        [0, s * 0.75],
      ];
      add("overhang", () => rotateX(extrude(prof, [], 0, s * 0.5), 90));
    }
  }
}

// bridges: two pillars and a deck, arches
{
  const r = rng(7);
  for (let i = 0; i < 16; i++) {
    const span = pick(r, [8, 15, 25, 40, 60]);
    const h = pick(r, [5, 10, 20]);
    const t = pick(r, [1, 2, 3]);
    const p = pick(r, [3, 5, 8]);
    const d = pick(r, [5, 10, 20]);
    if (i % 2 === 0) {
      const prof: P2[] = [
        [0, 0],
        [p, 0],
        [p, h],
        [p + span, h],
        [p + span, 0],
        [2 * p + span, 0],
        [2 * p + span, h + t],
        [0, h + t],
      ];
      add("bridge", () => rotateX(extrude(prof, [], 0, d), 90));
    } else {
      // arch: a rectangle with a semicircular opening
      const R = span / 2;
      const prof: P2[] = [
        [-R - p, 0],
        [-R, 0],
      ];
      for (let k = 0; k <= 24; k++) {
        const a = Math.PI - (Math.PI * k) / 24;
        prof.push([R * Math.cos(a), R * Math.sin(a)]);
      }
      prof.push([R, 0], [R + p, 0], [R + p, R + t], [-R - p, R + t]);
      add("bridge", () => rotateX(extrude(prof, [], 0, d), 90));
    }
  }
}

// lattices: voxel grids of bars, and gyroid sheets in a box
{
  const r = rng(8);
  for (let i = 0; i < 8; i++) {
    const cells = pick(r, [3, 4, 6]);
    const bar = pick(r, [1, 1.5, 2]);
    const pitch = pick(r, [5, 8, 12]);
    const v = bar;
    const k = Math.round(pitch / v);
    const n = cells * k + 1;
    add("lattice", () => voxels(n, n, n, v, (a, b, c) => (a % k === 0 ? 1 : 0) + (b % k === 0 ? 1 : 0) + (c % k === 0 ? 1 : 0) >= 2));
  }
  for (let i = 0; i < 8; i++) {
    const size = pick(r, [15, 25, 35]);
    const per = pick(r, [6, 10]);
    const th = pick(r, [0.2, 0.35]);
    const w = (2 * Math.PI) / per;
    const g: Sdf = (x, y, z) =>
      (Math.abs(Math.sin(w * x) * Math.cos(w * y) + Math.sin(w * y) * Math.cos(w * z) + Math.sin(w * z) * Math.cos(w * x)) - th) / w;
    add("lattice", () =>
      surfaceNets(
        intersect(g, sdRoundBox(size / 2, size / 2, size / 2, 0.01)),
        [-size / 2, -size / 2, -size / 2],
        [size / 2, size / 2, size / 2],
        0.5,
      ),
    );
  }
}

// embossed and engraved text on plates (pixel font)
{
  const r = rng(9);
  const words = ["PRINT", "HOOD", "ABC", "LOVE", "TEST 123", "OK", "MAKER", "HI"];
  for (let i = 0; i < 16; i++) {
    const word = words[i % words.length]!;
    const px = pick(r, [0.5, 0.8, 1.2]);
    const base = pick(r, [1, 2, 3]); // plate thickness in pixels-ish (mm via px)
    const relief = pick(r, [1, 2]);
    const engraved = i % 4 === 3;
    const m = textMask(word);
    const margin = 2;
    const W = m.w + 2 * margin,
      H = m.h + 2 * margin;
    const layersBase = Math.max(1, Math.round(base / px));
    add("text", () =>
      voxels(W, H, layersBase + relief, px, (x, y, z) => {
        const ink = m.ink(x - margin, y - margin);
        if (engraved) return z < layersBase || (z < layersBase + relief && !ink);
        return z < layersBase || (ink && z < layersBase + relief);
      }),
    );
  }
}

// large solids
{
  const r = rng(10);
  const q = rng(1010);
  for (let i = 0; i < 16; i++) {
    const s = pick(r, [40, 60, 80, 110]);
    const kind = i % 4;
    if (kind === 0) {
      const d = s * between(q, 0.5, 1),
        h = s * between(q, 0.3, 1);
      add("solid", () => box(0, 0, 0, s, d, h));
    } else if (kind === 1) {
      const h = s * between(q, 0.3, 1.2);
      add("solid", () => cylinder(s / 2, h));
    } else if (kind === 2)
      add("solid", () =>
        lathe(
          [
            [0, 0],
            [s / 2, 0],
            [s / 4, s * 0.9],
            [0, s * 0.9],
          ],
          segs(s / 2),
        ),
      );
    else add("solid", () => extrude(starOutline(6, s * 0.3, s / 2), [], 0, s * 0.4));
  }
}

// several parts in one file
{
  const r = rng(11);
  const q = rng(1011);
  const parts: (() => Soup)[] = [
    () => box(0, 0, 0, 10, 10, 10),
    () => cylinder(4, 15),
    () => sphere(6),
    () => tube(6, 4, 8),
    () => extrude(starOutline(5, 3, 7), [], 0, 3),
    () => box(0, 0, 0, 25, 8, 2),
  ];
  for (let i = 0; i < 16; i++) {
    const part = parts[i % parts.length]!;
    const n = pick(r, [2, 3, 4, 6, 9]);
    const sc = pick(r, [0.6, 1, 1.8]);
    const gap = pick(q, [3, 8]);
    add("multi", () => array(scale3(part(), sc, sc, sc), n, gap));
  }
}

// tiny parts (a few mm)
{
  const r = rng(12);
  for (let i = 0; i < 20; i++) {
    const s = pick(r, [2, 3, 4, 6, 8]);
    const kind = i % 5;
    if (kind === 0) add("tiny", () => box(0, 0, 0, s, s, s));
    else if (kind === 1) add("tiny", () => cylinder(s / 2, s * 1.5));
    else if (kind === 2) add("tiny", () => sphere(s / 2, 32));
    else if (kind === 3) add("tiny", () => tube(s / 2, s / 4, s));
    else add("tiny", () => extrude(starOutline(5, s / 4, s / 2), [], 0, s / 2));
  }
}

// tall thin parts: towers, needles, fins
{
  const r = rng(13);
  const q = rng(1013);
  for (let i = 0; i < 16; i++) {
    const h = pick(r, [30, 60, 100, 150]);
    const kind = i % 4;
    if (kind === 0) {
      const w = pick(r, [3, 5, 8, 12]);
      add("tall", () => box(0, 0, 0, w, w, h));
    } else if (kind === 1) {
      const rad = pick(q, [1.5, 2.5, 4]);
      add("tall", () => cylinder(rad, h));
    } else if (kind === 2) {
      const t = pick(q, [0.8, 1.2, 2]),
        w = pick(q, [20, 40]);
      add("tall", () => box(0, 0, 0, t, w, h * 0.6));
    } else {
      const base = pick(q, [4, 6, 8]);
      add("tall", () =>
        lathe(
          [
            [0, 0],
            [base, 0],
            [0.8, h],
            [0, h],
          ],
          48,
        ),
      );
    }
  }
}

// spheres and ellipsoids, whole (resting on a point) and cut flat
{
  const r = rng(14);
  const q = rng(1014);
  for (let i = 0; i < 14; i++) {
    const R = pick(r, [4, 8, 15, 25, 40]);
    if (i % 3 === 0) add("sphere", () => sphere(R));
    else if (i % 3 === 1) {
      const sy = between(q, 0.6, 1),
        sz = between(q, 0.4, 1.3);
      add("sphere", () => scale3(sphere(R), 1, sy, sz));
    } else {
      // cut flat at the bottom (a dome on the bed)
      const cut = R * between(r, -0.6, 0.3);
      const n = Math.max(16, Math.round(segs(R) / 2));
      const prof: P2[] = [[0, cut]];
      const a0 = Math.asin(cut / R);
      for (let k = 0; k <= n; k++) {
        const a = a0 + ((Math.PI / 2 - a0) * k) / n;
        prof.push([k === n ? 0 : R * Math.cos(a), R * Math.sin(a)]);
      }
      add("sphere", () => lathe(prof, segs(R)));
    }
  }
}

// tori: standing and lying
{
  const r = rng(15);
  for (let i = 0; i < 12; i++) {
    const R = pick(r, [8, 15, 25, 40]);
    const rr = R * between(r, 0.15, 0.45);
    const prof: P2[] = [];
    const n = Math.max(16, segs(rr));
    for (let k = 0; k < n; k++) prof.push([R + rr * Math.cos((2 * Math.PI * k) / n), rr * Math.sin((2 * Math.PI * k) / n)]);
    if (i % 3 === 2) add("torus", () => rotateX(lathe(prof, segs(R), true), 90));
    else add("torus", () => lathe(prof, segs(R), true));
  }
}

// blobs: smooth unions of random spheres and capsules (organic, sculpted shapes)
{
  const r = rng(16);
  for (let i = 0; i < 16; i++) {
    const size = pick(r, [10, 20, 35, 55]);
    const parts: Sdf[] = [];
    const n = 3 + Math.floor(r() * 5);
    for (let k = 0; k < n; k++) {
      const c: [number, number, number] = [between(r, -0.3, 0.3) * size, between(r, -0.3, 0.3) * size, between(r, -0.3, 0.3) * size];
      if (r() < 0.6) parts.push(sdSphere(size * between(r, 0.12, 0.3), ...c));
      else
        parts.push(
          sdCapsule(
            c,
            [c[0] + between(r, -0.3, 0.3) * size, c[1] + between(r, -0.3, 0.3) * size, c[2] + between(r, -0.3, 0.3) * size],
            size * between(r, 0.06, 0.15),
          ),
        );
    }
    const f = smoothUnion(parts, size * 0.1);
    const step = Math.max(0.3, size / 60);
    add("blob", () => surfaceNets(f, [-size, -size, -size], [size, size, size], step));
  }
}

// rounded boxes
{
  const r = rng(17);
  for (let i = 0; i < 12; i++) {
    const s = pick(r, [10, 20, 40, 70]);
    const hx = s / 2,
      hy = (s / 2) * between(r, 0.5, 1),
      hz = (s / 2) * between(r, 0.2, 1);
    const rad = Math.min(hx, hy, hz) * between(r, 0.1, 0.8);
    add("roundbox", () => surfaceNets(sdRoundBox(hx, hy, hz, rad), [-hx, -hy, -hz], [hx, hy, hz], Math.max(0.25, s / 80)));
  }
}

// hollow shells: closed parts with an inner void (the slicer prints the walls only)
{
  const r = rng(18);
  for (let i = 0; i < 10; i++) {
    const s = pick(r, [15, 25, 40, 60]);
    const t = pick(r, [1, 2, 3]);
    if (i % 2 === 0) add("hollow", () => hollowSphere(s / 2, t));
    else add("hollow", () => merge(box(0, 0, 0, s, s, s * 0.7), invert(box(t, t, t, s - t, s - t, s * 0.7 - t))));
  }
}
function invert(s: Soup): Soup {
  const out = s.slice();
  for (let o = 0; o < s.length; o += 9) for (let k = 0; k < 3; k++) [out[o + 3 + k], out[o + 6 + k]] = [s[o + 6 + k]!, s[o + 3 + k]!];
  return out;
}
function hollowSphere(R: number, t: number): Soup {
  return merge(sphere(R), invert(sphere(R - t)));
}

// brackets: L and corner brackets with screw holes
{
  const r = rng(19);
  for (let i = 0; i < 14; i++) {
    const a = pick(r, [15, 25, 40, 60]);
    const t = pick(r, [2, 3, 5]);
    const w = pick(r, [10, 15, 25]);
    const hole = Math.min(w, a) * 0.15;
    if (i % 2 === 0) {
      // L profile extruded along y, lying on its back (flat leg on the bed)
      const prof: P2[] = [
        [0, 0],
        [a, 0],
        [a, t],
        [t, t],
        [t, a],
        [0, a],
      ];
      add("bracket", () => extrude(prof, [], 0, w));
    } else {
      // flat leg with holes plus an upright leg with holes: an L standing on one leg
      const base = extrude(roundedRect(a, w, 1), [circle(hole, 24, -a / 4, 0), circle(hole, 24, a / 4, 0)], 0, t);
      const upright = translate(rotateX(extrude(roundedRect(a, a, 1), [circle(hole, 24, 0, a / 4)], 0, t), 90), 0, -w / 2 + t, 0);
      add("bracket", () => merge(base, translate(upright, 0, 0, a / 2 + t)));
    }
  }
}

// gears: spur gears with a bore, flat and thick
{
  const r = rng(20);
  for (let i = 0; i < 14; i++) {
    const R = pick(r, [6, 10, 18, 30, 45]);
    const teeth = pick(r, [8, 12, 20, 32]);
    const h = pick(r, [2, 5, 10, 20]);
    const tip = R * 1.12;
    add("gear", () => extrude(gearOutline(teeth, R, tip), [circle(Math.max(1, R * 0.2), 24)], 0, h));
  }
}

// vases: revolved profiles with a wall, open at the top
{
  const r = rng(21);
  for (let i = 0; i < 12; i++) {
    const H = pick(r, [20, 40, 80, 120]);
    const R = pick(r, [8, 15, 25, 35]);
    const wall = pick(r, [0.8, 1.2, 2]);
    const bulge = between(r, 0.6, 1.4);
    const outer: P2[] = [];
    const n = 24;
    for (let k = 0; k <= n; k++) {
      const z = (H * k) / n;
      outer.push([R * (0.7 + 0.3 * Math.sin((Math.PI * k) / n) * bulge), z]);
    }
    const inner = outer
      .slice(1)
      .map(([rr, z]) => [rr - wall, z] as P2)
      .reverse();
    const floor = Math.max(wall, 1);
    inner[inner.length - 1] = [inner[inner.length - 1]![0], floor];
    const prof: P2[] = [[0, 0], ...outer, ...inner.filter(([, z]) => z >= floor), [0, floor]];
    add("vase", () => lathe(prof, segs(R)));
  }
}

// cones, pyramids, wedges, stairs
{
  const r = rng(22);
  const q = rng(1022);
  for (let i = 0; i < 16; i++) {
    const s = pick(r, [10, 25, 45, 70]);
    const kind = i % 4;
    const k = between(q, 0.4, 1.5),
      k2 = between(q, 0.2, 0.8);
    if (kind === 0)
      add("cone", () =>
        lathe(
          [
            [0, 0],
            [s / 2, 0],
            [0, s * k],
          ],
          segs(s / 2),
        ),
      );
    else if (kind === 1)
      add("cone", () =>
        lathe(
          [
            [0, 0],
            [s / 2, 0],
            [s / 2, s * 0.1],
            [0, s * 0.8],
          ],
          4,
        ),
      );
    else if (kind === 2)
      add("cone", () =>
        rotateX(
          extrude(
            [
              [0, 0],
              [s, 0],
              [0, s * k2],
            ],
            [],
            0,
            s * 0.5,
          ),
          90,
        ),
      );
    else {
      const steps = 3 + Math.floor(r() * 5);
      const prof: P2[] = [
        [0, 0],
        [s, 0],
      ];
      for (let k = steps; k >= 1; k--)
        prof.push([(s * k) / steps, (s * 0.8 * (steps - k + 1)) / steps], [(s * (k - 1)) / steps, (s * 0.8 * (steps - k + 1)) / steps]);
      add("cone", () => rotateX(extrude(prof.slice(0, -1).concat([[0, s * 0.8]]), [], 0, s * 0.4), 90));
    }
  }
}

// tilted parts: boxes and cylinders rotated off-axis (every wall sloped)
{
  const r = rng(23);
  for (let i = 0; i < 12; i++) {
    const s = pick(r, [10, 20, 35]);
    const ax = between(r, 10, 50),
      ay = between(r, 0, 40);
    if (i % 2 === 0) add("tilted", () => rotateY(rotateX(box(-s / 2, -s / 2, -s / 2, s / 2, s / 2, s / 2), ax), ay));
    else add("tilted", () => rotateY(rotateX(cylinder(s / 3, s), ax), ay));
  }
}

// hollow-sculpted: shells of organic shapes (open bowls and closed hulls)
{
  const r = rng(24);
  for (let i = 0; i < 10; i++) {
    const R = pick(r, [12, 20, 30]);
    const t = pick(r, [1.2, 2, 3]);
    const cutZ = i % 2 === 0 ? R * 0.3 : -R * 0.2;
    const f = intersect(shell(sdSphere(R), t), (_x, _y, z) => z - cutZ);
    add("bowl", () => rotateZ(surfaceNets(f, [-R - t, -R - t, -R - t], [R + t, R + t, R + t], Math.max(0.3, R / 60)), 0));
  }
}

// donut-like and capsule organic parts standing, tori subtracted from boxes (fillets, grooves)
{
  const r = rng(25);
  for (let i = 0; i < 10; i++) {
    const s = pick(r, [15, 30, 50]);
    const f = subtract(sdRoundBox(s / 2, s / 2, s / 4, s * 0.08), sdTorus(s * 0.3, s * between(r, 0.06, 0.12)));
    add("groove", () => surfaceNets(f, [-s / 2, -s / 2, -s / 4], [s / 2, s / 2, s / 4], Math.max(0.3, s / 70)));
  }
}

/** The first part (above) and the second (families.ts). */
export const CORPUS: readonly Design[] = [...designs, ...MORE_DESIGNS];
export const FAMILIES: readonly string[] = [...new Set(designs.map((d) => d.family))];
