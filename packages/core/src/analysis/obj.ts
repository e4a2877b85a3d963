import { fail } from "../shared/errors.ts";
import { fmtInt } from "./errors.ts";
import { LIMITS } from "./limits.ts";

export interface ObjParse {
  triangles: Float32Array;
  polygons: number;
  quads: number;
  ngons: number;
  materials: number;
}

const NUM_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INT_RE = /^[+-]?\d+$/;

function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  return new TextDecoder("utf-8").decode(bytes);
}

/**
 * Wavefront OBJ: `v` lines and `f` lines (triangles, quads, n-gons fanned; `a/b/c` and
 * negative, relative indices). Texture and normal data and other statements are ignored.
 */
export function parseObj(bytes: Uint8Array): ObjParse {
  let text = decodeText(bytes);
  if (text.indexOf("\r") !== -1) text = text.replace(/\r\n?/g, "\n"); // CRLF and old-Mac CR
  let vcap = 3 * 1024;
  let verts = new Float64Array(vcap);
  let nv = 0;
  let tcap = 9 * 1024;
  let tris = new Float32Array(tcap);
  let nt = 0;
  let polygons = 0,
    quads = 0,
    ngons = 0;
  const mtls = new Set<string>();
  const len = text.length;
  let pos = 0;
  let lineNo = 0;
  const idx: number[] = [];
  while (pos < len) {
    let end = text.indexOf("\n", pos);
    if (end === -1) end = len;
    const line = text.slice(pos, end);
    pos = end + 1;
    lineNo++;
    const c0 = line.charCodeAt(0);
    if (c0 !== 118 /* v */ && c0 !== 102 /* f */ && c0 !== 117 /* u */ && c0 !== 32 && c0 !== 9) continue;
    const tok = line.trim().split(/\s+/);
    const kw = tok[0];
    if (kw === "v") {
      if (tok.length < 4) throw fail("obj_bad_vertex", { line: fmtInt(lineNo) });
      if (nv + 3 > vcap) {
        if (nv / 3 >= LIMITS.maxVertices) throw fail("too_many_vertices", { file: "This OBJ file", limit: fmtInt(LIMITS.maxVertices) });
        vcap *= 2;
        const n = new Float64Array(vcap);
        n.set(verts.subarray(0, nv));
        verts = n;
      }
      for (let k = 1; k <= 3; k++) {
        const s = tok[k]!;
        if (!NUM_RE.test(s)) {
          throw fail("obj_bad_number", { line: fmtInt(lineNo), text: s.slice(0, 20) });
        }
        const v = Math.fround(Number(s));
        if (!Number.isFinite(v)) throw fail("non_finite_coordinate", { where: `Line ${fmtInt(lineNo)} of this OBJ file` });
        verts[nv++] = v + 0;
      }
    } else if (kw === "f") {
      const count = nv / 3;
      idx.length = 0;
      for (let k = 1; k < tok.length; k++) {
        const s = tok[k]!;
        const slash = s.indexOf("/");
        const head = slash === -1 ? s : s.slice(0, slash);
        if (!INT_RE.test(head)) {
          throw fail("obj_bad_index", { line: fmtInt(lineNo), text: s.slice(0, 20) });
        }
        let j = Number(head);
        j = j > 0 ? j - 1 : count + j;
        if (!(j >= 0 && j < count)) {
          throw fail("obj_index_out_of_range", { line: fmtInt(lineNo), index: head, count: fmtInt(count) });
        }
        idx.push(j);
      }
      if (idx.length < 3) throw fail("obj_bad_face", { line: fmtInt(lineNo) });
      polygons++;
      if (idx.length === 4) quads++;
      else if (idx.length > 4) ngons++;
      const need = (idx.length - 2) * 9;
      if (nt + need > tcap) {
        while (nt + need > tcap) tcap *= 2;
        if (tcap / 9 > LIMITS.maxTriangles * 2)
          throw fail("too_many_triangles", {
            file: "This OBJ file",
            count: `more than ${fmtInt(LIMITS.maxTriangles)}`,
            limit: fmtInt(LIMITS.maxTriangles),
          });
        const n = new Float32Array(tcap);
        n.set(tris.subarray(0, nt));
        tris = n;
      }
      const a = idx[0]! * 3;
      for (let k = 1; k + 1 < idx.length; k++) {
        const b = idx[k]! * 3,
          c = idx[k + 1]! * 3;
        tris[nt++] = verts[a]!;
        tris[nt++] = verts[a + 1]!;
        tris[nt++] = verts[a + 2]!;
        tris[nt++] = verts[b]!;
        tris[nt++] = verts[b + 1]!;
        tris[nt++] = verts[b + 2]!;
        tris[nt++] = verts[c]!;
        tris[nt++] = verts[c + 1]!;
        tris[nt++] = verts[c + 2]!;
      }
      if (nt / 9 > LIMITS.maxTriangles)
        throw fail("too_many_triangles", {
          file: "This OBJ file",
          count: `more than ${fmtInt(LIMITS.maxTriangles)}`,
          limit: fmtInt(LIMITS.maxTriangles),
        });
    } else if (kw === "usemtl" && tok[1]) {
      if (mtls.size < 256) mtls.add(tok[1]);
    }
  }
  if (nt === 0) {
    throw fail(nv === 0 ? "obj_empty" : "obj_no_faces");
  }
  return { triangles: tris.slice(0, nt), polygons, quads, ngons, materials: mtls.size };
}
