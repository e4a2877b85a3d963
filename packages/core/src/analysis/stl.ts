import { fail } from "../shared/errors.ts";
import { fmtBytes, fmtInt } from "./errors.ts";
import type { Arena } from "./kernels/index.ts";
import { LIMITS } from "./limits.ts";
import type { BasicMeasures } from "./mesh.ts";
import { pieces } from "./pieces.ts";
import { cornerIds, type Welded, Welder, weldSoup } from "./welded.ts";

/** Binary STL: 80-byte header, uint32 count, 50 bytes per triangle. */
export function binaryStlTriangleCount(bytes: Uint8Array): number | null {
  if (bytes.length < 84) return null;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return dv.getUint32(80, true);
}

export function looksLikeBinaryStl(bytes: Uint8Array): boolean {
  const n = binaryStlTriangleCount(bytes);
  return n !== null && bytes.length === 84 + 50 * n;
}

/** True when the file starts (after whitespace / BOM) with the ASCII keyword `solid`. */
export function startsWithSolid(bytes: Uint8Array): boolean {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && i < 1024 && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  const s = String.fromCharCode(...bytes.subarray(i, i + 5)).toLowerCase();
  return s === "solid";
}

export function checkBinarySize(bytes: Uint8Array): number {
  return checkBinaryCount(binaryStlTriangleCount(bytes), bytes.length);
}

/** The triangle count a binary STL's header gives (null: no header), checked against the file's size. */
export function checkBinaryCount(n: number | null, size: number): number {
  if (n === null) {
    throw fail("stl_truncated", { size: fmtBytes(size), need: "even the 84-byte header of a binary STL" });
  }
  const expected = 84 + 50 * n;
  if (n === 0) throw fail("stl_empty");
  if (size < expected) {
    throw fail("stl_truncated", { size: `${fmtInt(size)} bytes`, need: `the ${fmtInt(n)} triangles it says it has` });
  }
  if (size > expected) {
    throw fail("stl_size_mismatch", { triangles: fmtInt(n), expected: fmtInt(expected), size: fmtInt(size) });
  }
  if (n > LIMITS.maxTriangles) {
    throw fail("too_many_triangles", { file: "This STL file", count: fmtInt(n), limit: fmtInt(LIMITS.maxTriangles) });
  }
  return n;
}

function badNumber(i: number): never {
  throw fail("non_finite_coordinate", { where: `Triangle ${fmtInt(i + 1)} of this STL file` });
}

/**
 * Pricing path: volume, area and bounding box straight from the bytes, no allocation.
 * Used when only the numbers that price a binary STL are needed.
 */
export function measureBinaryStl(bytes: Uint8Array): BasicMeasures {
  const n = checkBinarySize(bytes);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // acc: volume×6, area×2, degenerate, minX, minY, minZ, maxX, maxY, maxZ
  const acc = new Float64Array([0, 0, 0, Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  // fixed-size chunks: the hot function is called many times, so V8 optimises it as a whole
  // instead of relying on on-stack replacement (which a GC may discard between files)
  for (const [a, b] of pieces(0, n, 8192)) measureChunk(dv, a, b, acc);
  const [vol, area, degenerate, minX, minY, minZ, maxX, maxY, maxZ] = acc as unknown as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // a NaN anywhere poisons the sums; an infinity makes the box infinite: find the culprit once
  if (!Number.isFinite(vol) || !Number.isFinite(area) || !Number.isFinite(minX + minY + minZ + maxX + maxY + maxZ)) {
    for (let i = 0, p = 96; i < n; i++, p += 50) {
      for (let k = 0; k < 36; k += 4) if (!Number.isFinite(dv.getFloat32(p + k, true))) badNumber(i);
    }
  }
  return {
    triangles: n,
    volume: vol / 6,
    area: area / 2,
    min: [minX, minY, minZ],
    max: [maxX, maxY, maxZ],
    degenerateTriangles: degenerate,
  };
}

// The same sums as mesh.ts's soupChunk, read through a DataView instead of a Float32Array.
// Kept as its own loop on purpose: decoding into a scratch array to share soupChunk measured
// 2.3× slower on a 900k-triangle STL, and this path is the one that must beat three.js by 5×.
function measureChunk(dv: DataView, from: number, to: number, acc: Float64Array): void {
  let vol = 0,
    area = 0,
    degenerate = 0;
  let minX = acc[3]!,
    minY = acc[4]!,
    minZ = acc[5]!;
  let maxX = acc[6]!,
    maxY = acc[7]!,
    maxZ = acc[8]!;
  for (let i = from, p = 96 + 50 * from; i < to; i++, p += 50) {
    const ax = dv.getFloat32(p, true),
      ay = dv.getFloat32(p + 4, true),
      az = dv.getFloat32(p + 8, true);
    const bx = dv.getFloat32(p + 12, true),
      by = dv.getFloat32(p + 16, true),
      bz = dv.getFloat32(p + 20, true);
    const cx = dv.getFloat32(p + 24, true),
      cy = dv.getFloat32(p + 28, true),
      cz = dv.getFloat32(p + 32, true);
    const ux = bx - ax,
      uy = by - ay,
      uz = bz - az;
    const vx = cx - ax,
      vy = cy - ay,
      vz = cz - az;
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const a2 = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (a2 === 0) degenerate++;
    area += a2;
    vol += ax * nx + ay * ny + az * nz;
    if (ax < minX) minX = ax;
    if (ax > maxX) maxX = ax;
    if (bx < minX) minX = bx;
    if (bx > maxX) maxX = bx;
    if (cx < minX) minX = cx;
    if (cx > maxX) maxX = cx;
    if (ay < minY) minY = ay;
    if (ay > maxY) maxY = ay;
    if (by < minY) minY = by;
    if (by > maxY) maxY = by;
    if (cy < minY) minY = cy;
    if (cy > maxY) maxY = cy;
    if (az < minZ) minZ = az;
    if (az > maxZ) maxZ = az;
    if (bz < minZ) minZ = bz;
    if (bz > maxZ) maxZ = bz;
    if (cz < minZ) minZ = cz;
    if (cz > maxZ) maxZ = cz;
  }
  acc[0] = acc[0]! + vol;
  acc[1] = acc[1]! + area;
  acc[2] = acc[2]! + degenerate;
  acc[3] = minX;
  acc[4] = minY;
  acc[5] = minZ;
  acc[6] = maxX;
  acc[7] = maxY;
  acc[8] = maxZ;
}

export interface StlParse {
  kind: "binary" | "ascii";
  mesh: Welded;
  solids: number;
  /** Colours found in per-facet attributes (VisCAM/Materialise), 0 when none. */
  colors: number;
}

/** Full parse of a binary STL into a welded mesh (coordinates × scale, a unit the customer chose). */
export function parseBinaryStl(bytes: Uint8Array, scale = 1): StlParse {
  const w = binaryStlWelder(checkBinarySize(bytes), bytes, scale);
  w.pushRecords(bytes.subarray(84));
  return binaryStlParsed(w);
}

/** The Materialise colour convention (a header with COLOR=). */
export const isMaterialise = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 80)).includes("COLOR=");

/** A welder for a binary STL's n records (`head`: at least its 80-byte header, for the colour convention), in `arena` or a new one. */
export function binaryStlWelder(n: number, head: Uint8Array, scale = 1, arena?: Arena): Welder {
  return new Welder(n, isMaterialise(head) ? "materialise" : "viscam", scale, arena);
}

/** The parse of a binary STL once its welder has every record. */
export function binaryStlParsed(w: Welder): StlParse {
  const { mesh, bad, colourFlags, colours } = w.finish();
  if (bad) {
    const id = cornerIds(mesh),
      pos = mesh.arena.f32(mesh.pos, 3 * mesh.vertices);
    for (let r = 0; r < 3 * mesh.n; r++) for (let k = 0; k < 3; k++) if (!Number.isFinite(pos[3 * id(r) + k]!)) badNumber((r / 3) | 0);
  }
  // only trust colours when most facets carry one (random attribute bytes are common)
  return { kind: "binary", mesh, solids: 1, colors: colourFlags > mesh.n / 2 ? colours : 0 };
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c || c === 0x0b;
const NUM_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** An ASCII STL parsed and welded (coordinates × scale, a unit the customer chose). */
export function parseAsciiStl(bytes: Uint8Array, scale = 1): StlParse {
  const { triangles, solids } = asciiStlTriangles(bytes);
  return { kind: "ascii", mesh: weldSoup(triangles, scale), solids, colors: 0 };
}

/**
 * A binary STL's corners as they are (9 floats a triangle), for a picture of it (positions.ts): no
 * weld, which only the analysis needs. A NaN or infinite coordinate is refused as parseBinaryStl does.
 */
export function binaryStlTriangles(bytes: Uint8Array): Float32Array {
  const n = checkBinarySize(bytes);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const t = new Float32Array(9 * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 9; k++) {
      const x = dv.getFloat32(96 + 50 * i + 4 * k, true);
      if (!Number.isFinite(x)) badNumber(i);
      t[9 * i + k] = x;
    }
  }
  return t;
}

/**
 * ASCII STL: any whitespace or line ends (LF, CRLF, CR), several solids, odd keywords.
 * Only `vertex x y z` triples matter; they must come in threes per facet: 9 floats a triangle.
 */
export function asciiStlTriangles(bytes: Uint8Array): { triangles: Float32Array; solids: number } {
  const len = bytes.length;
  let cap = Math.max(9 * 64, Math.min(Math.ceil(len / 40) * 3, LIMITS.maxTriangles * 9));
  let t = new Float32Array(cap);
  let nv = 0; // vertices written
  let solids = 0;
  let facetVerts = 0;
  let facets = 0;
  let i = 0;
  let line = 1;
  const word = (): string => {
    while (i < len && isSpace(bytes[i]!)) {
      if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) line++;
      i++;
    }
    const s = i;
    while (i < len && !isSpace(bytes[i]!)) i++;
    if (i - s > 64) return "\u0000long";
    let w = "";
    for (let k = s; k < i; k++) w += String.fromCharCode(bytes[k]!);
    return w;
  };
  /** Skip trailing junk after a keyword ("endfacet blah"), unless the line goes on with real STL. */
  const skipLine = () => {
    let e = i;
    while (e < len && bytes[e] !== 0x0a && bytes[e] !== 0x0d) e++;
    if (e - i > 0) {
      let rest = "";
      for (let k = i; k < e && k < i + 4096; k++) rest += String.fromCharCode(bytes[k]! | 0x20);
      if (/\b(?:facet|vertex|loop|endsolid)\b/.test(rest)) return;
    }
    i = e;
  };
  for (;;) {
    const w = word();
    if (w === "") break;
    const lw = w.toLowerCase();
    if (lw === "vertex") {
      if (nv + 3 > cap) {
        if (cap >= LIMITS.maxTriangles * 9) {
          throw fail("too_many_triangles", {
            file: "This STL file",
            count: `more than ${fmtInt(LIMITS.maxTriangles)}`,
            limit: fmtInt(LIMITS.maxTriangles),
          });
        }
        cap = Math.min(cap * 2, LIMITS.maxTriangles * 9);
        const nt = new Float32Array(cap);
        nt.set(t.subarray(0, nv));
        t = nt;
      }
      for (let k = 0; k < 3; k++) {
        const s = word();
        if (!NUM_RE.test(s)) {
          throw fail("stl_bad_number", { line: fmtInt(line), text: s.slice(0, 20) });
        }
        const v = Number(s);
        const f = Math.fround(v);
        if (!Number.isFinite(f)) {
          throw fail("non_finite_coordinate", { where: `Line ${fmtInt(line)} of this ASCII STL file (${s.slice(0, 20)})` });
        }
        t[nv++] = f + 0;
      }
      facetVerts++;
    } else if (lw === "solid") {
      solids++;
      skipLine(); // the solid's name
    } else if (lw === "endfacet") {
      if (facetVerts !== 3) {
        throw fail("stl_bad_facet", { facet: fmtInt(facets + 1), at: `line ${fmtInt(line)}`, vertices: facetVerts });
      }
      facetVerts = 0;
      facets++;
      skipLine();
    } else if (lw === "endsolid" || lw === "endloop") {
      skipLine();
    } else if (lw === "facet" || lw === "normal" || lw === "outer" || lw === "loop") {
      // normals are recomputed from the vertices; their numbers (sometimes junk) are skipped
      if (lw === "normal") skipLine();
    } else if (NUM_RE.test(w)) {
      // stray numbers (normals on their own line in some exporters)
    } else {
      throw fail("stl_unexpected_text", { line: fmtInt(line), text: w.slice(0, 24).replace(/[^\x20-\x7e]/g, "?") });
    }
  }
  if (nv % 9 !== 0) {
    throw fail("stl_bad_facet", { facet: fmtInt(Math.floor(nv / 9) + 1), at: "at the end of the file", vertices: (nv % 9) / 3 });
  }
  if (nv === 0) throw fail("stl_empty");
  return { triangles: nv === t.length ? t : t.subarray(0, nv), solids: Math.max(solids, 1) };
}
