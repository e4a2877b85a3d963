import { describe, expect, it } from "vitest";
import { bucketRanges, topology } from "../../src/analysis/mesh.ts";
import { cornerIds, type Welded, weldSoup } from "../../src/analysis/welded.ts";

/**
 * topology() (shells by union-find, their heights from their vertices, edges bucketed a range of
 * vertices at a time) against a plain count over a Map of every undirected edge, a flood fill of the
 * shells and their triangles' corners, on meshes chosen for their edge cases: a hub vertex whose bucket alone is larger than a range, collapsed triangles,
 * open and non-manifold edges, shells met in any order.
 */

type Tri = [number, number, number][];

function welded(tris: Tri[]): Welded {
  const t = new Float32Array(9 * tris.length);
  for (const [i, tri] of tris.entries()) t.set(tri.flat(), 9 * i);
  return weldSoup(t);
}

/** The counts and each triangle's shell, the slow and obvious way, from the welded ids. */
function bruteForce(m: Welded) {
  const id = cornerIds(m);
  const ids = Array.from({ length: 3 * m.n }, (_, k) => id(k));
  const uses = new Map<string, number>();
  for (let i = 0; i < m.n; i++) {
    const [a, b, c] = [ids[3 * i]!, ids[3 * i + 1]!, ids[3 * i + 2]!];
    if (a === b || b === c || c === a) continue;
    for (const [x, y] of [
      [a, b],
      [b, c],
      [c, a],
    ] as const) {
      const key = `${Math.min(x, y)},${Math.max(x, y)}`;
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  const counts = [...uses.values()];
  // shells: triangles sharing a vertex, numbered by their first triangle
  const shellOf = new Int32Array(m.n).fill(-1);
  const byVertex = new Map<number, number[]>();
  for (let i = 0; i < m.n; i++) for (let v = 0; v < 3; v++) byVertex.set(ids[3 * i + v]!, [...(byVertex.get(ids[3 * i + v]!) ?? []), i]);
  let shells = 0;
  for (let i = 0; i < m.n; i++) {
    if (shellOf[i] !== -1) continue;
    const todo = [i];
    shellOf[i] = shells;
    while (todo.length) {
      const t = todo.pop()!;
      for (let v = 0; v < 3; v++)
        for (const u of byVertex.get(ids[3 * t + v]!)!)
          if (shellOf[u] === -1) {
            shellOf[u] = shells;
            todo.push(u);
          }
    }
    shells++;
  }
  // each shell's height from its triangles' corners
  const pos = m.arena.f32(m.pos, 3 * m.vertices);
  const lo = new Array<number>(shells).fill(Infinity),
    hi = new Array<number>(shells).fill(-Infinity);
  for (let k = 0; k < 3 * m.n; k++) {
    const sh = shellOf[Math.floor(k / 3)]!,
      z = pos[3 * ids[k]! + 2]!;
    lo[sh] = Math.min(lo[sh]!, z);
    hi[sh] = Math.max(hi[sh]!, z);
  }
  return {
    shellZ: { lo, hi },
    boundary: counts.filter((c) => c === 1).length,
    nonManifold: counts.filter((c) => c > 2).length,
    watertight: m.n > 0 && counts.every((c) => c % 2 === 0),
    shells,
    shellOf: [...shellOf],
  };
}

const tetra = (dx: number, flip = false): Tri[] => {
  const p: [number, number, number][] = [
    [dx, 0, 0],
    [dx + 1, 0, 0],
    [dx, 1, 0],
    [dx, 0, 1],
  ];
  const f = [
    [0, 2, 1],
    [0, 1, 3],
    [1, 2, 3],
    [0, 3, 2],
  ];
  return f.map(([a, b, c]) => (flip ? [p[a!]!, p[c!]!, p[b!]!] : [p[a!]!, p[b!]!, p[c!]!]));
};

/** A closed cone: a hub at the apex with k triangles around it, and a fan for the base. */
const cone = (k: number): Tri[] => {
  const ring = Array.from({ length: k }, (_, i): [number, number, number] => [
    Math.cos((2 * Math.PI * i) / k),
    Math.sin((2 * Math.PI * i) / k),
    0,
  ]);
  const out: Tri[] = [];
  for (let i = 0; i < k; i++) out.push([[0, 0, 2], ring[i]!, ring[(i + 1) % k]!]);
  for (let i = 1; i < k - 1; i++) out.push([ring[0]!, ring[i + 1]!, ring[i]!]);
  return out;
};

/** A grid of w × h quads (open: its border edges are used once). */
const sheet = (w: number, h: number): Tri[] => {
  const out: Tri[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      out.push([
        [x, y, 0],
        [x + 1, y, 0],
        [x + 1, y + 1, 0],
      ]);
      out.push([
        [x, y, 0],
        [x + 1, y + 1, 0],
        [x, y + 1, 0],
      ]);
    }
  return out;
};

const CASES: Array<[string, Tri[]]> = [
  ["one tetrahedron", tetra(0)],
  ["two tetrahedra, the second inside out", [...tetra(0), ...tetra(5, true)]],
  ["a cone of 3,000 faces round one apex (a bucket larger than a range)", cone(3000)],
  ["an open sheet", sheet(40, 30)],
  [
    "a collapsed triangle and a zero-area one with three corners",
    [
      ...tetra(0),
      [
        [0, 0, 0],
        [0, 0, 0],
        [1, 0, 0],
      ],
      [
        [0, 0, 0],
        [0.5, 0, 0],
        [1, 0, 0],
      ],
    ],
  ],
  [
    "three faces on one edge (non-manifold)",
    [
      ...tetra(0),
      [
        [0, 0, 0],
        [1, 0, 0],
        [0, -1, 0],
      ],
    ],
  ],
  [
    "shells met in an order unlike their lowest corners'",
    [tetra(0)[0]!, tetra(5)[0]!, tetra(10)[0]!, ...tetra(10).slice(1), ...tetra(0).slice(1), ...tetra(5).slice(1)],
  ],
  [
    "3,000 separate triangles (every corner its own vertex, every triangle its own shell: the most memory)",
    Array.from(
      { length: 3000 },
      (_, i): Tri => [
        [i, 0, 0],
        [i, 1, 0],
        [i, 0, 1 + (i % 7)],
      ],
    ),
  ],
  ["a sheet, a cone and tetrahedra together", [...sheet(20, 20), ...cone(500), ...tetra(9), ...tetra(-9)]],
];

describe("topology: shells and edges", () => {
  it.each(CASES)("%s: the same counts and shells as a plain count", (_, tris) => {
    const m = welded(tris);
    const t = topology(m);
    const b = bruteForce(m);
    expect({ boundary: t.boundaryEdges, nonManifold: t.nonManifoldEdges, watertight: t.watertight, shells: t.shells }).toEqual({
      boundary: b.boundary,
      nonManifold: b.nonManifold,
      watertight: b.watertight,
      shells: b.shells,
    });
    expect([...t.shellOfTriangle]).toEqual(b.shellOf);
    expect({ lo: [...t.shellZ.lo], hi: [...t.shellZ.hi] }).toEqual(b.shellZ);
  });

  it("gives each shell its own signed volume, an inside-out one negative", () => {
    const t = topology(welded([...tetra(0), ...tetra(5, true)]));
    expect(t.shellVolumes[0]).toBeCloseTo(1 / 6, 12);
    expect(t.shellVolumes[1]).toBeCloseTo(-1 / 6, 12);
    expect(t.invertedShells).toBe(1);
  });
});

describe("bucketRanges", () => {
  const ends = (counts: number[]) => Int32Array.from(counts.map((_, i) => counts.slice(0, i + 1).reduce((x, y) => x + y, 0)));
  it.each([
    ["all in one", [2, 3, 1], 100, [[0, 3]]],
    [
      "cut where a range is full",
      [2, 2, 2, 2],
      4,
      [
        [0, 2],
        [2, 4],
      ],
    ],
    [
      "a hub larger than the room has a range of its own",
      [1, 9, 1, 1],
      3,
      [
        [0, 1],
        [1, 2],
        [2, 4],
      ],
    ],
    [
      "empty buckets go with their neighbours",
      [0, 0, 3, 0, 3],
      3,
      [
        [0, 4],
        [4, 5],
      ],
    ],
  ] as const)("%s", (_, counts, room, want) => {
    const e = ends([...counts]);
    const got = bucketRanges(e, counts.length, room);
    expect(got.map((r) => [r.v0, r.v1])).toEqual(want);
    for (const r of got) {
      expect(r.base).toBe(r.v0 > 0 ? e[r.v0 - 1] : 0);
      expect(r.end).toBe(e[r.v1 - 1]);
    }
  });
});
