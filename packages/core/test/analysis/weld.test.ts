import { describe, expect, it } from "vitest";
import { binaryStlWelder } from "../../src/analysis/stl.ts";
import { cornerIds, type Welded, weldSoup } from "../../src/analysis/welded.ts";

/** The ids a plain Map gives: each corner's exact f32 bits (-0 as +0), numbered in order of first appearance. */
function bruteForce(t: Float32Array, scale = 1): { ids: number[]; vertices: number } {
  const seen = new Map<string, number>();
  const bits = new Uint32Array(1);
  const f = new Float32Array(bits.buffer);
  const ids: number[] = [];
  for (let r = 0; r < t.length / 3; r++) {
    const key = [0, 1, 2]
      .map((k) => {
        f[0] = scale === 1 ? t[3 * r + k]! : t[3 * r + k]! * scale;
        return bits[0] === 0x80000000 ? 0 : bits[0]!;
      })
      .join(",");
    if (!seen.has(key)) seen.set(key, seen.size);
    ids.push(seen.get(key)!);
  }
  return { ids, vertices: seen.size };
}

const idsOf = (m: Welded) => {
  const id = cornerIds(m);
  return Array.from({ length: 3 * m.n }, (_, k) => id(k));
};

/** Each corner's kept position, spelled out again as 9 floats a triangle. */
function soupOf(m: Welded): Float32Array {
  const ids = idsOf(m),
    pos = m.arena.f32(m.pos, 3 * m.vertices);
  return Float32Array.from({ length: 9 * m.n }, (_, k) => pos[3 * ids[Math.floor(k / 3)]! + (k % 3)]!);
}

/** n triangles whose corners are drawn from `distinct` positions (a seeded generator), some of them -0. */
function soup(n: number, distinct: number, seed = 1): Float32Array {
  let s = seed;
  const rnd = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
  const pool = Array.from({ length: distinct }, (_, i) => [i % 7 === 0 ? -0 : rnd() * 100 - 50, rnd() * 100, i % 5 === 0 ? 0 : rnd()]);
  const t = new Float32Array(9 * n);
  for (let c = 0; c < 3 * n; c++) t.set(pool[Math.floor(rnd() * distinct)]!, 3 * c);
  return t;
}

/** A binary STL of the soup, each facet's attribute word given by `attr`. */
function stl(t: Float32Array, attr: (i: number) => number = () => 0): Uint8Array {
  const n = t.length / 9;
  const b = new Uint8Array(84 + 50 * n);
  const dv = new DataView(b.buffer);
  dv.setUint32(80, n, true);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 9; k++) dv.setFloat32(84 + 50 * i + 12 + 4 * k, t[9 * i + k]!, true);
    dv.setUint16(84 + 50 * i + 48, attr(i), true);
  }
  return b;
}

describe("welding as the triangles are read", () => {
  it.each([
    ["a closed-mesh-like soup (few positions, met again and again)", 20_000, 9_000],
    ["a soup of separate triangles (every corner new: the table grows as it fills)", 12_000, 36_000 * 4],
    ["more vertices than 16 bits number (ids are 3 bytes: the third is used)", 30_000, 90_000 * 4],
    ["one triangle", 1, 3],
    ["a degenerate soup (one position)", 500, 1],
  ])("gives the same ids as a brute-force map: %s", (_name, n, distinct) => {
    const t = soup(n, distinct);
    const m = weldSoup(t);
    const want = bruteForce(t);
    expect(m.vertices).toBe(want.vertices);
    expect(idsOf(m)).toEqual(want.ids);
    // and every corner's position is kept (with -0 read as +0)
    expect([...soupOf(m)]).toEqual([...t].map((x) => (Object.is(x, -0) ? 0 : x)));
  });

  it("scales the coordinates first (a chosen unit), welding on the scaled bits", () => {
    const t = soup(3_000, 1_500, 7);
    const m = weldSoup(t, 25.4);
    const want = bruteForce(t, 25.4);
    expect(m.vertices).toBe(want.vertices);
    expect(idsOf(m)).toEqual(want.ids);
    expect(soupOf(m)[3]).toBe(Math.fround(t[3]! * 25.4) || 0);
  });

  it("gives the same mesh for a binary STL pushed in pieces cut anywhere, records split between them", () => {
    const t = soup(5_000, 2_000, 3);
    const file = stl(t);
    const whole = binaryStlWelder(5_000, file);
    whole.pushRecords(file.subarray(84));
    const a = whole.finish().mesh;
    for (const cut of [1, 7, 49, 50, 51, 4096, 1 << 20]) {
      const w = binaryStlWelder(5_000, file);
      for (let at = 84; at < file.length; at += cut) w.pushRecords(file.subarray(at, Math.min(file.length, at + cut)));
      expect(w.count).toBe(5_000);
      const b = w.finish().mesh;
      expect(b.vertices).toBe(a.vertices);
      expect(idsOf(b)).toEqual(idsOf(a));
      expect([...b.arena.f64(b.blocks, 12)]).toEqual([...a.arena.f64(a.blocks, 12)]);
    }
  });

  it("flags a NaN or infinite coordinate, also one that scaling overflows", () => {
    const t = soup(100, 50);
    t[40] = Number.NaN;
    const w = binaryStlWelder(100, stl(t));
    w.pushRecords(stl(t).subarray(84));
    expect(w.finish().bad).toBe(true);
    const big = soup(100, 50);
    big[4] = 3e38;
    const ok = binaryStlWelder(100, stl(big));
    ok.pushRecords(stl(big).subarray(84));
    expect(ok.finish().bad).toBe(false);
    const over = binaryStlWelder(100, stl(big), 25.4);
    over.pushRecords(stl(big).subarray(84));
    expect(over.finish().bad).toBe(true);
  });

  it("counts facets carrying a colour and the distinct colours (at most 64): VisCAM's bit 15 set, Materialise's clear", () => {
    const t = soup(1_000, 600);
    const viscam = stl(t, (i) => 0x8000 | (i % 100));
    const w = binaryStlWelder(1_000, viscam);
    w.pushRecords(viscam.subarray(84));
    expect(w.finish()).toMatchObject({ colourFlags: 1_000, colours: 64 });
    const few = stl(t, (i) => (i % 2 === 0 ? 0x8000 | (i % 3) : 0));
    const f = binaryStlWelder(1_000, few);
    f.pushRecords(few.subarray(84));
    expect(f.finish()).toMatchObject({ colourFlags: 500, colours: 3 });
    const materialise = stl(t, (i) => i % 5);
    materialise.set(new TextEncoder().encode("COLOR="), 0);
    const m = binaryStlWelder(1_000, materialise);
    m.pushRecords(materialise.subarray(84));
    expect(m.finish()).toMatchObject({ colourFlags: 800, colours: 4 });
  });
});
