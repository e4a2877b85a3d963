import { fail } from "../shared/errors.ts";
import { fmtInt } from "./errors.ts";
import { LIMITS } from "./limits.ts";
import { parseXml } from "./xml.ts";
import { isZip, readZipDirectory, readZipEntry, verifyZipEntries, type ZipBudget, type ZipEntry } from "./zip.ts";

/** 3MF unit attribute → millimetres. */
export const THREEMF_UNITS: Record<string, number> = {
  micron: 0.001,
  millimeter: 1,
  centimeter: 10,
  inch: 25.4,
  foot: 304.8,
  meter: 1000,
};

export interface ThreeMfParse {
  triangles: Float32Array;
  unit: string;
  unitScale: number;
  buildItems: number;
  components: number;
  objects: number;
  modelParts: number;
  colors: number;
}

type Mat = Float64Array; // 12 numbers, 3MF row-vector convention: [x y z 1] · M

interface MeshObj {
  verts: Float64Array;
  nverts: number;
  tris: Int32Array;
  ntris: number;
}
interface Component {
  objectId: string;
  path: string | null;
  transform: Mat | null;
}
interface Obj {
  id: string;
  type: string;
  mesh: MeshObj | null;
  components: Component[];
  colorKeys: Set<string>;
}
interface Part {
  unit: string | null;
  objects: Map<string, Obj>;
  items: Component[];
  hasBuild: boolean;
  colors: Map<string, string>; // "pid:index" -> colour
}

const NUM_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const UINT_RE = /^\d+$/;

const IDENTITY = (): Mat => new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);

/** Transform that applies a first, then b. */
function compose(a: Mat | null, b: Mat | null): Mat | null {
  if (!a) return b;
  if (!b) return a;
  const r = new Float64Array(12);
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 3; col++) {
      let s = row === 3 ? b[9 + col]! : 0;
      for (let k = 0; k < 3; k++) s += a[row * 3 + k]! * b[k * 3 + col]!;
      r[row * 3 + col] = s;
    }
  }
  return r;
}

function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}

function localName(n: string): string {
  const c = n.indexOf(":");
  return c === -1 ? n : n.slice(c + 1);
}

function parsePart(xml: string, partName: string, isRoot: boolean): Part {
  const where = `The 3MF part "${partName}"`;
  const part: Part = { unit: null, objects: new Map(), items: [], hasBuild: false, colors: new Map() };
  let cur: Obj | null = null;
  let mesh: MeshObj | null = null;
  let inVertices = false,
    inTriangles = false,
    inComponents = false,
    inBuild = false;
  let groupId: string | null = null;
  let groupIndex = 0;
  let depth = 0;
  let vertexNo = 0;
  let triNo = 0;
  const num = (attrs: Record<string, string>, k: string, what: string): number => {
    const s = attrs[k];
    if (s === undefined) throw fail("3mf_missing_attribute", { part: where, what, name: k });
    if (!NUM_RE.test(s.trim())) {
      throw fail("3mf_bad_number", { part: where, text: s.slice(0, 24), what, name: k });
    }
    const v = Number(s.trim());
    if (!Number.isFinite(v)) throw fail("non_finite_coordinate", { where: `${where}'s ${what}` });
    return v;
  };
  const transform = (s: string | undefined, what: string): Mat | null => {
    if (s === undefined) return null;
    const parts = s.trim().split(/\s+/);
    if (parts.length !== 12 || !parts.every((p) => NUM_RE.test(p))) {
      throw fail("3mf_bad_transform", { part: where, what, text: s.slice(0, 60) });
    }
    const m = new Float64Array(parts.map(Number));
    if (!m.every(Number.isFinite)) throw fail("3mf_bad_transform", { part: where, what, text: s.slice(0, 60) });
    return m;
  };
  const pathAttr = (attrs: Record<string, string>): string | null => {
    for (const k in attrs) if (k.indexOf(":") !== -1 && localName(k) === "path") return attrs[k]!;
    return null;
  };
  parseXml(xml, where, {
    open(rawName, attrs) {
      depth++;
      const name = localName(rawName);
      if (depth === 1) {
        if (name !== "model") throw fail("3mf_not_model", { part: where });
        const u = attrs.unit;
        if (u !== undefined) {
          if (!(u in THREEMF_UNITS)) throw fail("3mf_bad_unit", { part: where, unit: u.slice(0, 24) });
          part.unit = u;
        }
        return;
      }
      switch (name) {
        case "object": {
          const id = attrs.id;
          if (id === undefined || !UINT_RE.test(id)) throw fail("3mf_bad_object", { where, problem: "an object without a valid id" });
          if (part.objects.has(id)) throw fail("3mf_duplicate_object", { part: where, id: id.slice(0, 12) });
          cur = { id, type: attrs.type ?? "model", mesh: null, components: [], colorKeys: new Set() };
          if (attrs.pid !== undefined) cur.colorKeys.add(`${attrs.pid}:${attrs.pindex ?? "0"}`);
          part.objects.set(id, cur);
          return;
        }
        case "mesh":
          if (!cur) throw fail("3mf_bad_object", { where, problem: "a mesh outside an object" });
          mesh = { verts: new Float64Array(3 * 256), nverts: 0, tris: new Int32Array(3 * 256), ntris: 0 };
          cur.mesh = mesh;
          return;
        case "vertices":
          inVertices = true;
          return;
        case "triangles":
          inTriangles = true;
          return;
        case "vertex": {
          if (!inVertices || !mesh) return;
          const m: MeshObj = mesh;
          vertexNo++;
          if (m.nverts * 3 + 3 > m.verts.length) {
            if (m.nverts >= LIMITS.maxVertices) throw fail("too_many_vertices", { file: where, limit: fmtInt(LIMITS.maxVertices) });
            m.verts = doubled(m.verts, new Float64Array(m.verts.length * 2));
          }
          const o = m.nverts * 3;
          m.verts[o] = num(attrs, "x", `vertex (number ${fmtInt(vertexNo)})`);
          m.verts[o + 1] = num(attrs, "y", `vertex (number ${fmtInt(vertexNo)})`);
          m.verts[o + 2] = num(attrs, "z", `vertex (number ${fmtInt(vertexNo)})`);
          m.nverts++;
          return;
        }
        case "triangle": {
          if (!inTriangles || !mesh || !cur) return;
          const m: MeshObj = mesh;
          triNo++;
          if (m.ntris * 3 + 3 > m.tris.length) {
            if (m.ntris >= LIMITS.maxTriangles)
              throw fail("too_many_triangles", {
                file: where,
                count: `more than ${fmtInt(LIMITS.maxTriangles)}`,
                limit: fmtInt(LIMITS.maxTriangles),
              });
            m.tris = doubled(m.tris, new Int32Array(m.tris.length * 2));
          }
          const o = m.ntris * 3;
          for (let k = 0; k < 3; k++) {
            const s = attrs[`v${k + 1}`];
            if (s === undefined || !UINT_RE.test(s)) {
              throw fail("3mf_bad_triangle", {
                part: where,
                triangle: fmtInt(triNo),
                object: (cur as Obj).id,
                text: (s ?? "").slice(0, 16),
              });
            }
            const v = Number(s);
            if (v >= m.nverts) {
              throw fail("3mf_index_out_of_range", {
                part: where,
                triangle: fmtInt(triNo),
                object: (cur as Obj).id,
                index: fmtInt(v),
                count: fmtInt(m.nverts),
              });
            }
            m.tris[o + k] = v;
          }
          m.ntris++;
          const pid = attrs.pid;
          if (pid !== undefined && (cur as Obj).colorKeys.size < 256) (cur as Obj).colorKeys.add(`${pid}:${attrs.p1 ?? "0"}`);
          return;
        }
        case "components":
          inComponents = true;
          return;
        case "component": {
          if (!inComponents || !cur) return;
          const oid = attrs.objectid;
          if (oid === undefined) throw fail("3mf_bad_component", { part: where });
          (cur as Obj).components.push({ objectId: oid, path: pathAttr(attrs), transform: transform(attrs.transform, "component") });
          return;
        }
        case "build":
          inBuild = true;
          part.hasBuild = true;
          return;
        case "item": {
          if (!inBuild) return;
          const oid = attrs.objectid;
          if (oid === undefined) throw fail("3mf_bad_item", { part: where });
          part.items.push({ objectId: oid, path: pathAttr(attrs), transform: transform(attrs.transform, "build item") });
          return;
        }
        case "basematerials":
        case "colorgroup":
          groupId = attrs.id ?? null;
          groupIndex = 0;
          return;
        case "base":
        case "color": {
          if (groupId !== null && part.colors.size < 4096) {
            const c = (name === "base" ? attrs.displaycolor : attrs.color) ?? `${groupId}:${groupIndex}`;
            part.colors.set(`${groupId}:${groupIndex}`, c.toUpperCase().slice(0, 7));
          }
          groupIndex++;
          return;
        }
        default:
          return;
      }
    },
    close(rawName) {
      depth--;
      const name = localName(rawName);
      if (name === "object") cur = null;
      else if (name === "mesh") mesh = null;
      else if (name === "vertices") inVertices = false;
      else if (name === "triangles") inTriangles = false;
      else if (name === "components") inComponents = false;
      else if (name === "build") inBuild = false;
      else if (name === "basematerials" || name === "colorgroup") groupId = null;
    },
  });
  if (isRoot && !part.hasBuild) throw fail("3mf_no_build", { part: where });
  return part;
}

/** Parses a 3MF (zip) into a triangle soup in millimetres, applying build and component transforms. */
export function parseThreeMf(bytes: Uint8Array): ThreeMfParse {
  if (!isZip(bytes)) {
    throw fail("3mf_not_zip");
  }
  const entries = readZipDirectory(bytes, "3MF");
  const read = new Set<ZipEntry>();
  const budget: ZipBudget = { remaining: LIMITS.maxInflatedBytes };
  const entry = (path: string): ZipEntry | undefined => entries.get(path.replace(/^\/+/, "").toLowerCase());
  // root model part from the package relationships
  let rootPath: string | null = null;
  const relsEntry = entry("_rels/.rels");
  if (relsEntry) {
    read.add(relsEntry);
    const rels = decodeUtf8(readZipEntry(bytes, relsEntry, budget, "3MF"));
    parseXml(rels, "The 3MF relationships file", {
      open(name, attrs) {
        if (localName(name) === "Relationship" && (attrs.Type ?? "").endsWith("/3dmodel") && rootPath === null) {
          rootPath = (attrs.Target ?? "").replace(/^\/+/, "");
        }
      },
      close() {},
    });
  }
  if (rootPath === null && entry("3D/3dmodel.model")) rootPath = "3D/3dmodel.model";
  if (rootPath === null) throw fail("3mf_no_model");
  const parts = new Map<string, Part>();
  const rootKey: string = rootPath;
  const loadPart = (path: string): Part => {
    const key = path.replace(/^\/+/, "");
    const have = parts.get(key.toLowerCase());
    if (have) return have;
    const e = entry(key);
    if (!e) throw fail("3mf_missing_part", { part: key.slice(0, 80) });
    read.add(e);
    const xml = decodeUtf8(readZipEntry(bytes, e, budget, "3MF"));
    const p = parsePart(xml, key, key.toLowerCase() === rootKey.toLowerCase());
    parts.set(key.toLowerCase(), p);
    return p;
  };
  const root = loadPart(rootKey);
  const unit = root.unit ?? "millimeter";
  const unitScale = THREEMF_UNITS[unit]!;

  let cap = 9 * 1024;
  let out = new Float32Array(cap);
  let n = 0;
  let components = 0;
  const used = new Set<string>();
  const colors = new Set<string>();
  const stack: string[] = [];

  const emit = (path: string, objectId: string, m: Mat | null, depth: number, from: string) => {
    if (depth > LIMITS.maxComponentDepth) throw fail("3mf_too_deep", { limit: LIMITS.maxComponentDepth });
    const part = loadPart(path);
    const obj = part.objects.get(objectId);
    if (!obj) {
      throw fail("3mf_missing_object", { from, id: objectId.slice(0, 16), part: path.slice(0, 80) });
    }
    const key = `${path.toLowerCase()}#${objectId}`;
    if (stack.includes(key)) throw fail("3mf_component_cycle", { id: objectId.slice(0, 16) });
    if (obj.type === "other")
      throw fail("3mf_bad_object", { where: `This 3MF file's ${from}`, problem: `object ${objectId.slice(0, 16)} of type "other"` });
    used.add(key);
    for (const ck of obj.colorKeys) {
      const c = part.colors.get(ck);
      if (c !== undefined && colors.size < 256) colors.add(c);
    }
    stack.push(key);
    const mesh = obj.mesh;
    if (mesh && mesh.ntris > 0) {
      const need = n + mesh.ntris * 9;
      if (need > LIMITS.maxTriangles * 9) {
        throw fail("too_many_triangles", {
          file: "This 3MF file's build plate",
          count: `more than ${fmtInt(LIMITS.maxTriangles)}`,
          limit: fmtInt(LIMITS.maxTriangles),
        });
      }
      if (need > cap) {
        while (need > cap) cap *= 2;
        const no = new Float32Array(cap);
        no.set(out.subarray(0, n));
        out = no;
      }
      const v = mesh.verts,
        t = mesh.tris;
      const M = m ?? IDENTITY();
      const m00 = M[0]!,
        m01 = M[1]!,
        m02 = M[2]!,
        m10 = M[3]!,
        m11 = M[4]!,
        m12 = M[5]!;
      const m20 = M[6]!,
        m21 = M[7]!,
        m22 = M[8]!,
        m30 = M[9]!,
        m31 = M[10]!,
        m32 = M[11]!;
      for (let i = 0; i < mesh.ntris * 3; i++) {
        const o = t[i]! * 3;
        const x = v[o]!,
          y = v[o + 1]!,
          z = v[o + 2]!;
        out[n++] = (x * m00 + y * m10 + z * m20 + m30) * unitScale + 0;
        out[n++] = (x * m01 + y * m11 + z * m21 + m31) * unitScale + 0;
        out[n++] = (x * m02 + y * m12 + z * m22 + m32) * unitScale + 0;
      }
    }
    for (const c of obj.components) {
      components++;
      emit(
        c.path ? c.path.replace(/^\/+/, "") : path,
        c.objectId,
        compose(c.transform, m),
        depth + 1,
        `component of object ${objectId.slice(0, 16)}`,
      );
    }
    stack.pop();
  };
  // count first (memoised per object), so an instancing bomb is refused before any work: the
  // triangles each object brings, and its placements (itself and every component reference under
  // it, whether or not they hold triangles), since walking a placement is work too
  const counts = new Map<string, number>();
  const places = new Map<string, number>();
  const countTris = (path: string, objectId: string, depth: number, from: string): number => {
    const key = `${path.toLowerCase()}#${objectId}`;
    const have = counts.get(key);
    if (have !== undefined) {
      if (have < 0) throw fail("3mf_component_cycle", { id: objectId.slice(0, 16) });
      return have;
    }
    if (depth > LIMITS.maxComponentDepth) throw fail("3mf_too_deep", { limit: LIMITS.maxComponentDepth });
    const obj = loadPart(path).objects.get(objectId);
    if (!obj) {
      throw fail("3mf_missing_object", { from, id: objectId.slice(0, 16), part: path.slice(0, 80) });
    }
    counts.set(key, -1);
    let total = obj.mesh?.ntris ?? 0;
    let placed = 1;
    for (const c of obj.components) {
      const childPath = c.path ? c.path.replace(/^\/+/, "") : path;
      total += countTris(childPath, c.objectId, depth + 1, `component of object ${objectId.slice(0, 16)}`);
      placed += places.get(`${childPath.toLowerCase()}#${c.objectId}`) ?? 1;
      if (total > LIMITS.maxTriangles || placed > LIMITS.maxPlacements) break;
    }
    counts.set(key, Math.min(total, LIMITS.maxTriangles + 1));
    places.set(key, Math.min(placed, LIMITS.maxPlacements + 1));
    return Math.min(total, LIMITS.maxTriangles + 1);
  };
  let planned = 0;
  let placements = 0;
  for (const it of root.items) {
    const itemPath = it.path ? it.path.replace(/^\/+/, "") : rootKey;
    planned += countTris(itemPath, it.objectId, 0, "build item");
    placements += places.get(`${itemPath.toLowerCase()}#${it.objectId}`) ?? 1;
    if (planned > LIMITS.maxTriangles) {
      throw fail("too_many_triangles", {
        file: "This 3MF file's build plate",
        count: `more than ${fmtInt(LIMITS.maxTriangles)}`,
        limit: fmtInt(LIMITS.maxTriangles),
      });
    }
    if (placements > LIMITS.maxPlacements) {
      throw fail("3mf_too_many_placements", { limit: fmtInt(LIMITS.maxPlacements) });
    }
  }
  // every other entry's CRC-32 too (thumbnails, settings): a damaged archive is refused as a whole
  verifyZipEntries(bytes, entries, read, budget, "3MF");
  cap = Math.max(cap, planned * 9);
  out = new Float32Array(cap);
  let items = 0;
  for (const it of root.items) {
    items++;
    emit(it.path ? it.path.replace(/^\/+/, "") : rootKey, it.objectId, it.transform, 0, "build item");
  }
  if (items === 0) throw fail("3mf_empty_build");
  if (n === 0) throw fail("3mf_no_triangles");
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(out[i]!)) throw fail("non_finite_coordinate", { where: "This 3MF file, after its transforms," });
  }
  return {
    triangles: out.slice(0, n),
    unit,
    unitScale,
    buildItems: items,
    components,
    objects: used.size,
    modelParts: parts.size,
    colors: colors.size,
  };
}

/** Copy a full growable array into its twice-as-large successor (vertex and triangle lists). */
function doubled<T extends Float64Array | Int32Array>(old: T, next: T): T {
  next.set(old);
  return next;
}
