/**
 * The corpus's second part (issue 25): shapes the first part lacked and real uploads have —
 * mechanical parts with holes, bosses and ribs; bodies that overlap (exports that were never
 * merged); open meshes (holes where a scan saw nothing, faces an export lost); noisy scan-like
 * surfaces; small figures that need supports; strut lattices; thin walls; twisted towers; reliefs;
 * small parts. Some designs are written in inches or metres (`unit`): the analysis reads them in that
 * unit and prints them at the scale the customer confirms, while the slicer gets the millimetre part.
 * Every random choice is drawn when the design is declared, never inside `make` (a draw there would
 * depend on how often and in which order designs are made).
 */
import {
  box,
  circle,
  cylinder,
  extrude,
  gearOutline,
  lathe,
  merge,
  type P2,
  placeOnBed,
  rng,
  rotateX,
  rotateY,
  roundedRect,
  type Sdf,
  type Soup,
  sdCapsule,
  sdRoundBox,
  sdSphere,
  segs,
  smoothUnion,
  sphere,
  starOutline,
  surfaceNets,
  translate,
  tube,
} from "./builders.ts";
import { bumpy, heightField, noise3, removeTriangles, twistLoft } from "./shapes.ts";

export type Unit = "mm" | "in" | "m";
export interface Design {
  id: string;
  family: string;
  make: () => Soup;
  /** The unit the file is written in (the part itself is `make()`'s, in millimetres). */
  unit?: Unit;
}
export const UNIT_MM: Record<Unit, number> = { mm: 1, in: 25.4, m: 1000 };

const designs: Design[] = [];
function add(family: string, make: () => Soup, unit: Unit = "mm"): void {
  const n = designs.filter((d) => d.family === family).length + 1;
  designs.push({ id: `${family}-${String(n).padStart(2, "0")}`, family, make: () => placeOnBed(make()), unit });
}
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const between = (r: () => number, a: number, b: number) => a + (b - a) * r();
/** One design in five is written in inches and one in ten in metres. */
const unitOf = (r: () => number): Unit => {
  const u = r();
  return u < 0.2 ? "in" : u < 0.3 ? "m" : "mm";
};

// mechanical parts: plates with bolt holes and bosses, flanges, ribbed brackets, pulleys, knobs, nuts
{
  const r = rng(101);
  for (let i = 0; i < 18; i++) {
    const s = pick(r, [25, 40, 60, 90]);
    const t = pick(r, [3, 5, 8, 12]);
    const hole = pick(r, [1.6, 2.5, 3.5]);
    const boss = between(r, 0.08, 0.16) * s;
    const bossH = t * between(r, 1.5, 4);
    const unit = unitOf(r);
    const kind = i % 6;
    if (kind === 0) {
      // plate with four bolt holes and two bosses standing on it (touching bodies)
      const w = s,
        d = s * 0.7;
      const holes = [-1, 1].flatMap((a) => [-1, 1].map((b) => circle(hole, 24, (a * w) / 2.6, (b * d) / 2.6)));
      add(
        "mech",
        () =>
          merge(
            extrude(roundedRect(w, d, s * 0.06), holes, 0, t),
            extrude(circle(boss, segs(boss), -w / 5, 0), [circle(hole * 0.8, 24, -w / 5, 0)], t, t + bossH),
            extrude(circle(boss, segs(boss), w / 5, 0), [circle(hole * 0.8, 24, w / 5, 0)], t, t + bossH),
          ),
        unit,
      );
    } else if (kind === 1) {
      // flange: a disc with a bolt circle and a hub, one profile with holes plus a tube on top
      const R = s / 2;
      const holes = Array.from({ length: 6 }, (_, k) =>
        circle(hole, 24, R * 0.7 * Math.cos((k * Math.PI) / 3), R * 0.7 * Math.sin((k * Math.PI) / 3)),
      );
      add(
        "mech",
        () => merge(extrude(circle(R, segs(R)), [...holes, circle(R * 0.25, segs(R * 0.25))], 0, t), tube(R * 0.4, R * 0.25, t + bossH)),
        unit,
      );
    } else if (kind === 2) {
      // L bracket with a triangular rib overlapping both legs
      const prof: P2[] = [
        [0, 0],
        [s, 0],
        [s, t],
        [t, t],
        [t, s],
        [0, s],
      ];
      const w = s * 0.6;
      const rib: P2[] = [
        [t * 0.5, t * 0.5],
        [s * 0.7, t * 0.5],
        [t * 0.5, s * 0.7],
      ];
      add("mech", () => merge(extrude(prof, [], 0, w), extrude(rib, [], w / 2 - t / 2, w / 2 + t / 2)), unit);
    } else if (kind === 3) {
      // pulley: a revolved profile with a V groove and a bore
      const R = s / 2,
        H = Math.max(t, s * 0.3);
      const bore = R * 0.15;
      add(
        "mech",
        () =>
          lathe(
            [
              [bore, 0],
              [R, 0],
              [R, H * 0.3],
              [R * 0.8, H * 0.5],
              [R, H * 0.7],
              [R, H],
              [bore, H],
              [bore, 0],
            ],
            segs(R),
            true,
          ),
        unit,
      );
    } else if (kind === 4) {
      // knob: a knurled disc (star outline) with a stem and a blind hole
      const R = s / 3;
      add(
        "mech",
        () =>
          merge(
            extrude(starOutline(18, R * 0.92, R), [], 0, t * 1.5),
            extrude(circle(R * 0.35, segs(R * 0.35)), [circle(hole, 24)], t * 1.5, t * 1.5 + bossH),
          ),
        unit,
      );
    } else {
      // hex nut and a bolt lying beside it
      const R = Math.max(4, s / 6);
      const hex = circle(R, 6, 0, 0, Math.PI / 6);
      add(
        "mech",
        () =>
          merge(
            extrude(hex, [circle(R * 0.55, segs(R * 0.55))], 0, R * 0.8),
            translate(merge(extrude(hex, [], 0, R * 0.6), cylinder(R * 0.5, s * 0.6)), 3 * R, 0, 0),
          ),
        unit,
      );
    }
  }
}

// overlapping bodies: boxes, cylinders and spheres placed through each other, never merged
{
  const r = rng(102);
  for (let i = 0; i < 14; i++) {
    const s = pick(r, [12, 20, 35, 60]);
    const n = 2 + Math.floor(r() * 4);
    const parts: Array<{ k: number; x: number; y: number; z: number; a: number; b: number; c: number }> = [];
    for (let k = 0; k < n; k++)
      parts.push({
        k: Math.floor(r() * 3),
        x: between(r, -0.3, 0.3) * s,
        y: between(r, -0.3, 0.3) * s,
        z: between(r, 0, 0.4) * s,
        a: between(r, 0.3, 0.7) * s,
        b: between(r, 0.3, 0.7) * s,
        c: between(r, 0.3, 0.8) * s,
      });
    const unit = unitOf(r);
    add(
      "overlap",
      () =>
        merge(
          ...parts.map((p) =>
            p.k === 0
              ? box(p.x - p.a / 2, p.y - p.b / 2, p.z, p.x + p.a / 2, p.y + p.b / 2, p.z + p.c)
              : p.k === 1
                ? translate(cylinder(p.a / 2, p.c), p.x, p.y, p.z)
                : translate(sphere(p.a / 2), p.x, p.y, p.z + p.a / 2),
          ),
        ),
      unit,
    );
  }
}

// open meshes: caps left off, faces lost, a scan's hole at its base
{
  const r = rng(103);
  for (let i = 0; i < 14; i++) {
    const s = pick(r, [15, 25, 40, 60]);
    const seed = Math.floor(r() * 1e6);
    const share = between(r, 0.002, 0.02);
    const unit = unitOf(r);
    const kind = i % 4;
    if (kind === 0) {
      // a vase-like body of revolution whose top cap is missing (a closed floor, open at the top)
      const R = s / 2;
      add(
        "open",
        () =>
          lathe(
            [
              [0, 0],
              [R, 0],
              [R * 1.1, s * 0.4],
              [R * 0.7, s],
              [R * 0.5, s],
            ],
            segs(R),
          ),
        unit,
      );
    } else if (kind === 1) {
      // a sphere with scattered faces lost (which ones, from the seed and the face's index)
      add("open", () => removeTriangles(sphere(s / 2), (_x, _y, _z, i) => rng(seed + i)() < share), unit);
    } else if (kind === 2) {
      // a box with one side face missing
      add("open", () => removeTriangles(box(0, 0, 0, s, s * 0.6, s * 0.4), (x) => x > s - 1e-6), unit);
    } else {
      // a blob whose underside has a hole (a scan standing on a table)
      const f = smoothUnion(
        [sdSphere(s * 0.35), sdSphere(s * 0.25, s * 0.2, 0, s * 0.25), sdSphere(s * 0.2, -s * 0.15, s * 0.1, s * 0.3)],
        s * 0.1,
      );
      add("open", () => removeTriangles(surfaceNets(f, [-s, -s, -s], [s, s, s], Math.max(0.4, s / 60)), (_x, _y, z) => z < -s * 0.3), unit);
    }
  }
}

// scan-like organic parts: noisy smooth unions meshed finely, some cut flat to stand
{
  const r = rng(104);
  for (let i = 0; i < 14; i++) {
    const s = pick(r, [20, 35, 55, 80]);
    const parts: Sdf[] = [];
    const n = 3 + Math.floor(r() * 4);
    for (let k = 0; k < n; k++) {
      const c: [number, number, number] = [between(r, -0.25, 0.25) * s, between(r, -0.25, 0.25) * s, between(r, -0.25, 0.35) * s];
      parts.push(sdSphere(s * between(r, 0.15, 0.3), ...c));
    }
    const seed = Math.floor(r() * 1e6);
    const wave = s * between(r, 0.08, 0.2);
    const amp = s * between(r, 0.01, 0.03);
    const cut = i % 2 === 0 ? -s * between(r, 0.1, 0.25) : -Infinity;
    const unit = unitOf(r);
    const f0 = bumpy(smoothUnion(parts, s * 0.12), seed, wave, amp);
    const f: Sdf = (x, y, z) => Math.max(f0(x, y, z), cut - z);
    const e = 0.75 * s;
    add("scan", () => surfaceNets(f, [-e, -e, -e], [e, e, e], Math.max(0.35, s / 90)), unit);
  }
}

// small figures that need supports: heads on bodies with arms out, mushrooms, anchors, small arches
{
  const r = rng(105);
  for (let i = 0; i < 16; i++) {
    const s = pick(r, [12, 18, 25, 35]);
    const arm = between(r, 0.3, 0.6) * s;
    const tilt = between(r, -0.3, 0.3);
    const unit = unitOf(r);
    const kind = i % 4;
    if (kind === 0) {
      const f = smoothUnion(
        [
          sdCapsule([0, 0, s * 0.15], [0, 0, s * 0.55], s * 0.16),
          sdSphere(s * 0.17, 0, 0, s * 0.8),
          sdCapsule([0, 0, s * 0.5], [arm, s * tilt, s * 0.55], s * 0.06),
          sdCapsule([0, 0, s * 0.5], [-arm, -s * tilt, s * 0.5], s * 0.06),
          sdCapsule([s * 0.07, 0, s * 0.2], [s * 0.1, 0, 0], s * 0.07),
          sdCapsule([-s * 0.07, 0, s * 0.2], [-s * 0.1, 0, 0], s * 0.07),
        ],
        s * 0.04,
      );
      add("figurine", () => surfaceNets(f, [-s, -s, -s * 0.1], [s, s, s * 1.1], Math.max(0.25, s / 70)), unit);
    } else if (kind === 1) {
      const R = s / 2;
      add(
        "figurine",
        () =>
          lathe(
            [
              [0, 0],
              [R * 0.25, 0],
              [R * 0.2, R * 0.9],
              [R, R],
              [R * 0.8, R * 1.3],
              [0, R * 1.45],
            ],
            segs(R),
          ),
        unit,
      );
    } else if (kind === 2) {
      // an anchor: a shank, a crossbar at the top and curved flukes
      const f = smoothUnion(
        [
          sdCapsule([0, 0, s * 0.1], [0, 0, s * 0.9], s * 0.08),
          sdCapsule([-s * 0.25, 0, s * 0.75], [s * 0.25, 0, s * 0.75], s * 0.06),
          sdCapsule([0, 0, s * 0.1], [arm * 0.8, 0, s * 0.35], s * 0.07),
          sdCapsule([0, 0, s * 0.1], [-arm * 0.8, 0, s * 0.35], s * 0.07),
        ],
        s * 0.03,
      );
      add("figurine", () => surfaceNets(f, [-s, -s * 0.3, -s * 0.1], [s, s * 0.3, s * 1.1], Math.max(0.2, s / 80)), unit);
    } else {
      // a small arch or table: two legs and a top
      const t = Math.max(1, s * 0.1);
      add(
        "figurine",
        () => merge(box(0, 0, 0, t, t, s * 0.6), box(s - t, 0, 0, s, t, s * 0.6), box(-s * 0.1, -t, s * 0.6, s * 1.1, 2 * t, s * 0.6 + t)),
        unit,
      );
    }
  }
}

// strut lattices: cubic and diagonal struts (one smooth surface) and overlapping bars (many bodies)
{
  const r = rng(106);
  for (let i = 0; i < 10; i++) {
    const cells = pick(r, [2, 3, 4]);
    const pitch = pick(r, [6, 8, 12]);
    const rad = pick(r, [0.6, 0.9, 1.3]);
    const unit = unitOf(r);
    const L = cells * pitch;
    if (i % 2 === 0) {
      const struts: Sdf[] = [];
      for (let a = 0; a <= cells; a++)
        for (let b = 0; b <= cells; b++) {
          struts.push(sdCapsule([a * pitch, b * pitch, 0], [a * pitch, b * pitch, L], rad));
          struts.push(sdCapsule([a * pitch, 0, b * pitch], [a * pitch, L, b * pitch], rad));
          struts.push(sdCapsule([0, a * pitch, b * pitch], [L, a * pitch, b * pitch], rad));
        }
      for (let a = 0; a < cells; a++)
        for (let c = 0; c < cells; c++) struts.push(sdCapsule([a * pitch, 0, c * pitch], [(a + 1) * pitch, L, (c + 1) * pitch], rad * 0.8));
      const f: Sdf = (x, y, z) => {
        let d = Infinity;
        for (const g of struts) d = Math.min(d, g(x, y, z));
        return d;
      };
      add("strut", () => surfaceNets(f, [-rad, -rad, -rad], [L + rad, L + rad, L + rad], Math.max(0.3, rad / 1.8)), unit);
    } else {
      const bars: Soup[] = [];
      for (let a = 0; a <= cells; a++)
        for (let b = 0; b <= cells; b++) {
          bars.push(box(a * pitch - rad, b * pitch - rad, 0, a * pitch + rad, b * pitch + rad, L));
          bars.push(box(a * pitch - rad, -rad, b * pitch - rad, a * pitch + rad, L + rad, b * pitch + rad));
        }
      add("strut", () => merge(...bars), unit);
    }
  }
}

// thin walls: cookie cutters, honeycomb panels, fins on a plate, boxes with 0.8 mm walls
{
  const r = rng(107);
  for (let i = 0; i < 12; i++) {
    const s = pick(r, [30, 50, 80]);
    const wall = pick(r, [0.5, 0.8, 1.2]);
    const h = pick(r, [8, 15, 25]);
    const unit = unitOf(r);
    const kind = i % 4;
    if (kind === 0) {
      const out = starOutline(5, s * 0.25, s * 0.5);
      const inn = starOutline(5, s * 0.25 - wall * 1.6, s * 0.5 - wall * 2.4);
      add("thin", () => merge(extrude(out, [inn], 0, h), extrude(starOutline(5, s * 0.25 + 2, s * 0.5 + 3), [out], 0, 1.2)), unit);
    } else if (kind === 1) {
      // honeycomb: a plate of hexagonal holes with walls `wall` thick
      const cell = pick(r, [4, 6, 8]);
      const holes: P2[][] = [];
      const dx = cell * Math.sqrt(3);
      for (let y = -s / 2 + cell; y < s / 2 - cell; y += cell * 1.5)
        for (let x = -s / 2 + cell + (Math.round((y + s) / (cell * 1.5)) % 2) * (dx / 2); x < s / 2 - cell; x += dx)
          holes.push(circle(cell - wall, 6, x, y, Math.PI / 6));
      add("thin", () => extrude(roundedRect(s, s, 2), holes, 0, h * 0.4), unit);
    } else if (kind === 2) {
      const fins = Array.from({ length: Math.floor(s / 5) }, (_, k) =>
        box(-s / 2 + 2 + k * 5, -s / 3, 2, -s / 2 + 2 + k * 5 + wall, s / 3, 2 + h),
      );
      add("thin", () => merge(box(-s / 2, -s / 2.5, 0, s / 2, s / 2.5, 2), ...fins), unit);
    } else {
      const outer = roundedRect(s, s * 0.6, 2);
      const inner = roundedRect(s - 2 * wall, s * 0.6 - 2 * wall, Math.max(0.3, 2 - wall));
      add("thin", () => merge(extrude(outer, [], 0, 1), extrude(outer, [inner], 1, h)), unit);
    }
  }
}

// towers: twisted and tapered extrusions, tall hollow tubes
{
  const r = rng(108);
  for (let i = 0; i < 10; i++) {
    const h = pick(r, [40, 80, 120, 160]);
    const w = pick(r, [8, 15, 25, 40]);
    const twist = between(r, 30, 240);
    const taper = between(r, 0.3, 1);
    const tw = pick(r, [1.2, 2, 3]);
    const unit = unitOf(r);
    const kind = i % 3;
    if (kind === 0)
      add("tower", () => twistLoft(circle(w / 2, 4, 0, 0, Math.PI / 4), h, Math.round(h / 1.5), twist, (t) => 1 - (1 - taper) * t), unit);
    else if (kind === 1) add("tower", () => twistLoft(starOutline(6, w * 0.3, w / 2), h, Math.round(h / 2), twist, () => 1), unit);
    else add("tower", () => tube(w / 2, w / 2 - tw, h), unit);
  }
}

// flat reliefs and plaques: coasters with grooves, terrain tiles, large thin plates with hole grids
{
  const r = rng(109);
  for (let i = 0; i < 10; i++) {
    const s = pick(r, [40, 70, 100, 150]);
    const base = pick(r, [1, 2, 3]);
    const relief = pick(r, [1, 3, 6]);
    const seed = Math.floor(r() * 1e6);
    const unit = unitOf(r);
    const kind = i % 3;
    if (kind === 0) {
      const R = s / 2;
      const prof: P2[] = [[0, 0]];
      const rings = Math.max(3, Math.floor(R / 6));
      prof.push([R, 0], [R, base + 1]);
      for (let k = rings; k >= 1; k--) {
        const rr = (R * k) / (rings + 1);
        prof.push([rr + 1, base + 1], [rr + 1, base], [rr, base], [rr, base + 1]);
      }
      prof.push([0, base + 1]);
      add("plaque", () => lathe(prof, segs(R)), unit);
    } else if (kind === 1) {
      const n = noise3(seed);
      const cells = Math.round(s / 1.5);
      add("plaque", () => heightField(cells, cells, s / cells, base, (a, b) => relief * (0.5 + 0.5 * n(a / 8, b / 8, 0.5))), unit);
    } else {
      const holes: P2[][] = [];
      const pitch = pick(r, [6, 10]);
      for (let x = -s / 2 + pitch; x < s / 2 - pitch / 2; x += pitch)
        for (let y = -s / 3 + pitch; y < s / 3 - pitch / 2; y += pitch) holes.push(circle(pitch * 0.3, 16, x, y));
      add("plaque", () => extrude(roundedRect(s, (s * 2) / 3, 3), holes, 0, base), unit);
    }
  }
}

// small parts printed without supports: dice, keycaps, buttons, small gears and washers
{
  const r = rng(110);
  for (let i = 0; i < 12; i++) {
    const s = pick(r, [6, 9, 12, 16]);
    const unit = unitOf(r);
    const kind = i % 4;
    if (kind === 0)
      add(
        "small",
        () =>
          surfaceNets(sdRoundBox(s / 2, s / 2, s / 2, s * 0.15), [-s / 2, -s / 2, -s / 2], [s / 2, s / 2, s / 2], Math.max(0.15, s / 60)),
        unit,
      );
    else if (kind === 1) {
      const outer = roundedRect(s * 1.2, s * 1.2, 1);
      const inner = roundedRect(s * 1.2 - 2.4, s * 1.2 - 2.4, 0.4);
      add(
        "small",
        () =>
          merge(
            extrude(outer, [inner], 0, s * 0.5),
            extrude(outer, [], s * 0.5, s * 0.65),
            translate(extrude(roundedRect(5.5, 1.3, 0.2), [], 0, s * 0.5), 0, 0, 0),
          ),
        unit,
      );
    } else if (kind === 2) {
      const holes = [0, 1, 2, 3].map((k) =>
        circle(s * 0.07, 16, s * 0.18 * Math.cos((k * Math.PI) / 2), s * 0.18 * Math.sin((k * Math.PI) / 2)),
      );
      add("small", () => extrude(circle(s / 2, segs(s / 2)), holes, 0, Math.max(1.2, s * 0.15)), unit);
    } else add("small", () => extrude(gearOutline(10, s * 0.42, s * 0.5), [circle(s * 0.12, 16)], 0, s * 0.3), unit);
  }
}

// --- held-out-only families (split.ts): never in any fit; generated by other code than the families above

// teapots: a body, a spout and a handle through it, a lid and knob; some without a bottom
{
  const r = rng(201);
  for (let i = 0; i < 8; i++) {
    const s = pick(r, [30, 50, 80]);
    const open = i % 2 === 1;
    const spoutAngle = between(r, 30, 50);
    const unit = unitOf(r);
    const R = s / 2;
    const body: P2[] = [];
    for (let k = 0; k <= 16; k++) {
      const a = -Math.PI / 2 + (Math.PI * k) / 16;
      body.push([k === 0 || k === 16 ? 0 : R * Math.cos(a) * (k < 8 ? 0.95 : 1), R * 0.75 * (1 + Math.sin(a))]);
    }
    add(
      "teapot",
      () => {
        let b = lathe(body, segs(R));
        if (open) b = removeTriangles(b, (_x, _y, z) => z < s * 0.01);
        const spout = translate(rotateY(tube(R * 0.14, R * 0.08, R * 1.1), spoutAngle), R * 0.7, 0, R * 0.45);
        const ring: P2[] = circle(R * 0.07, 12, R * 0.32, 0);
        const handle = translate(rotateX(lathe(ring, 32, true), 90), -R * 0.95, 0, R * 0.8);
        const lid = translate(
          lathe(
            [
              [0, 0],
              [R * 0.45, 0],
              [R * 0.3, R * 0.15],
              [R * 0.08, R * 0.18],
              [R * 0.1, R * 0.28],
              [0, R * 0.3],
            ],
            segs(R * 0.45),
          ),
          0,
          0,
          R * 1.42,
        );
        return merge(b, spout, handle, lid);
      },
      unit,
    );
  }
}

// gadgets: enclosures with screw bosses inside, lids with a lip, phone stands, hinges
{
  const r = rng(202);
  for (let i = 0; i < 12; i++) {
    const s = pick(r, [40, 60, 90]);
    const wall = pick(r, [1.2, 1.6, 2.4]);
    const h = s * between(r, 0.25, 0.5);
    const unit = unitOf(r);
    const kind = i % 4;
    if (kind === 0) {
      const outer = roundedRect(s, s * 0.7, 4);
      const inner = roundedRect(s - 2 * wall, s * 0.7 - 2 * wall, 4 - wall);
      const bosses = [-1, 1].flatMap((a) =>
        [-1, 1].map((b) =>
          extrude(
            circle(3, 24, (a * (s - 10)) / 2, (b * (s * 0.7 - 10)) / 2),
            [circle(1.2, 16, (a * (s - 10)) / 2, (b * (s * 0.7 - 10)) / 2)],
            wall * 0.5,
            h * 0.8,
          ),
        ),
      );
      add("gadget", () => merge(extrude(outer, [], 0, wall), extrude(outer, [inner], wall, h), ...bosses), unit);
    } else if (kind === 1) {
      const outer = roundedRect(s, s * 0.7, 4);
      const lip = roundedRect(s - 2 * wall - 0.4, s * 0.7 - 2 * wall - 0.4, 3);
      const lipIn = roundedRect(s - 4 * wall - 0.4, s * 0.7 - 4 * wall - 0.4, 2);
      add("gadget", () => merge(extrude(outer, [], 0, wall * 1.5), extrude(lip, [lipIn], wall * 1.5, wall * 1.5 + 4)), unit);
    } else if (kind === 2) {
      const prof: P2[] = [
        [0, 0],
        [s, 0],
        [s, wall * 3],
        [s * 0.35, wall * 3],
        [s * 0.35 + wall * 2, s * 0.6],
        [s * 0.35, s * 0.62],
        [0, wall * 3],
      ];
      add("gadget", () => rotateX(extrude(prof, [], 0, s * 0.6), 90), unit);
    } else {
      const knuckle = Math.max(3, s / 12);
      add(
        "gadget",
        () =>
          merge(
            box(0, 0, 0, s, s * 0.4, wall * 2),
            ...[0, 2, 4].map((k) => translate(rotateY(tube(knuckle, knuckle * 0.45, s / 6), 90), (k * s) / 6, s * 0.4, knuckle)),
          ),
        unit,
      );
    }
  }
}

export const MORE_DESIGNS: readonly Design[] = designs;
