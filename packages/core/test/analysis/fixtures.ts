/** Test fixtures built in code: cubes, tetrahedra and their STL / OBJ / 3MF encodings. */
import { strToU8, zipSync } from "fflate";
import { analyzeDesign } from "../../src/analysis/index.ts";
import { isVisibleError, type VisibleError } from "../../src/shared/errors.ts";

/** The clear error the analysis refuses a file with (a test fails when the file is accepted). */
export function refusal(bytes: Uint8Array, name: string): VisibleError {
  try {
    analyzeDesign(bytes, name);
  } catch (e) {
    if (isVisibleError(e)) return e;
    throw e;
  }
  throw new Error(`${name} was accepted`);
}

export type Tri = [number, number, number, number, number, number, number, number, number];

/** Axis-aligned box, outward normals (counter-clockwise seen from outside). */
export function box(x0: number, y0: number, z0: number, sx: number, sy: number, sz: number): Tri[] {
  const x1 = x0 + sx,
    y1 = y0 + sy,
    z1 = z0 + sz;
  const v = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ] as const;
  const quads = [
    [0, 3, 2, 1], // bottom (-z)
    [4, 5, 6, 7], // top
    [0, 1, 5, 4], // -y
    [2, 3, 7, 6], // +y
    [1, 2, 6, 5], // +x
    [3, 0, 4, 7], // -x
  ];
  const out: Tri[] = [];
  for (const [a, b, c, d] of quads) {
    out.push([...v[a!]!, ...v[b!]!, ...v[c!]!] as Tri, [...v[a!]!, ...v[c!]!, ...v[d!]!] as Tri);
  }
  return out;
}

export const cube = (s = 20) => box(0, 0, 0, s, s, s);

export function tetra(): Tri[] {
  const p = [
    [0, 0, 0],
    [10, 0, 0],
    [0, 10, 0],
    [0, 0, 10],
  ] as const;
  const f = [
    [0, 2, 1],
    [0, 1, 3],
    [0, 3, 2],
    [1, 2, 3],
  ];
  return f.map(([a, b, c]) => [...p[a!]!, ...p[b!]!, ...p[c!]!] as Tri);
}

export const flip = (tris: Tri[]): Tri[] => tris.map((t) => [t[0], t[1], t[2], t[6], t[7], t[8], t[3], t[4], t[5]]);

export function binaryStl(tris: Tri[], header = "binary stl fixture", attr = 0): Uint8Array {
  const buf = new Uint8Array(84 + 50 * tris.length);
  const dv = new DataView(buf.buffer);
  for (let i = 0; i < Math.min(80, header.length); i++) buf[i] = header.charCodeAt(i) & 0xff;
  dv.setUint32(80, tris.length, true);
  tris.forEach((t, i) => {
    const o = 84 + 50 * i;
    for (let k = 0; k < 9; k++) dv.setFloat32(o + 12 + k * 4, t[k]!, true);
    dv.setUint16(o + 48, attr, true);
  });
  return buf;
}

export function asciiStl(solids: Array<{ name: string; tris: Tri[] }>, eol = "\n"): Uint8Array {
  const lines: string[] = [];
  for (const s of solids) {
    lines.push(`solid ${s.name}`);
    for (const t of s.tris) {
      lines.push("  facet normal 0 0 0", "    outer loop");
      for (let k = 0; k < 9; k += 3) lines.push(`      vertex ${t[k]} ${t[k + 1]} ${t[k + 2]}`);
      lines.push("    endloop", "  endfacet");
    }
    lines.push(`endsolid ${s.name}`);
  }
  return strToU8(lines.join(eol) + eol);
}

/** OBJ of a box with quads (indices positive or negative). */
export function objBox(s = 20, negative = false): Uint8Array {
  const v = [
    [0, 0, 0],
    [s, 0, 0],
    [s, s, 0],
    [0, s, 0],
    [0, 0, s],
    [s, 0, s],
    [s, s, s],
    [0, s, s],
  ];
  const quads = [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [2, 3, 7, 6],
    [1, 2, 6, 5],
    [3, 0, 4, 7],
  ];
  const lines = ["# box", "o box", ...v.map((p) => `v ${p.join(" ")}`), "vn 0 0 1", "vt 0 0"];
  for (const q of quads) lines.push(`f ${q.map((i) => (negative ? `${i - 8}/1/1` : `${i + 1}//1`)).join(" ")}`);
  return strToU8(`${lines.join("\n")}\n`);
}

export interface MeshXml {
  vertices: number[][];
  triangles: number[][];
}

export function meshOf(tris: Tri[]): MeshXml {
  const vertices: number[][] = [];
  const key = new Map<string, number>();
  const triangles = tris.map((t) => {
    const idx: number[] = [];
    for (let k = 0; k < 9; k += 3) {
      const kk = `${t[k]},${t[k + 1]},${t[k + 2]}`;
      let i = key.get(kk);
      if (i === undefined) {
        i = vertices.length;
        vertices.push([t[k]!, t[k + 1]!, t[k + 2]!]);
        key.set(kk, i);
      }
      idx.push(i);
    }
    return idx;
  });
  return { vertices, triangles };
}

export const meshXml = (m: MeshXml) =>
  `<mesh><vertices>${m.vertices.map((v) => `<vertex x="${v[0]}" y="${v[1]}" z="${v[2]}"/>`).join("")}</vertices>` +
  `<triangles>${m.triangles.map((t) => `<triangle v1="${t[0]}" v2="${t[1]}" v3="${t[2]}"/>`).join("")}</triangles></mesh>`;

export const RELS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>`;

export function modelXml(body: string, unit = "millimeter", extra = ""): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<model unit="${unit}" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02" xmlns:p="http://schemas.microsoft.com/3dmanufacturing/production/2015/06"${extra}>
${body}
</model>`;
}

export function threeMf(files: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [k, v] of Object.entries(files)) entries[k] = typeof v === "string" ? strToU8(v) : v;
  return zipSync(entries);
}

/** A 3MF with one cube object placed by one build item. */
export function cube3mf(unit = "millimeter", s = 20): Uint8Array {
  const body = `<resources><object id="1" type="model">${meshXml(meshOf(cube(s)))}</object></resources><build><item objectid="1"/></build>`;
  return threeMf({ "_rels/.rels": RELS, "3D/3dmodel.model": modelXml(body, unit), "[Content_Types].xml": "<Types/>" });
}
