import { fail } from "../shared/errors.ts";
import {
  type AnalyzeOptions,
  type DesignAnalysis,
  type DesignFormat,
  type DesignGeometry,
  describeEstimate,
  type FileFormat,
} from "./describe.ts";
import { finishGeometry, prepareGeometry } from "./geometry.ts";
import { LIMITS } from "./limits.ts";
import { type BasicMeasures, measuresOf } from "./mesh.ts";
import { parseObj } from "./obj.ts";
import { looksLikeBinaryStl, measureBinaryStl, parseAsciiStl, parseBinaryStl, type StlParse, startsWithSolid } from "./stl.ts";
import { parseThreeMf, THREEMF_UNITS } from "./threemf.ts";
import { type Welded, weldSoup } from "./welded.ts";
import { isZip } from "./zip.ts";

/** The parsers: a file's bytes to its measured geometry (./describe.ts has its types and prices it). */
const UNIT_FACTORS: Record<string, number> = {
  mm: 1,
  cm: 10,
  m: 1000,
  in: 25.4,
  inch: 25.4,
  µm: 0.001,
  um: 0.001,
  "0.1mm": 0.1,
  ...THREEMF_UNITS,
};

export function unitFactor(u: string): number {
  const f = UNIT_FACTORS[u.trim().toLowerCase()] ?? UNIT_FACTORS[u.trim()];
  if (f === undefined) throw fail("bad_unit", { unit: u.slice(0, 20) });
  return f;
}

function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return m ? m[1]!.toLowerCase() : "";
}

/** Recognise common non-3D files by their first bytes so the error can name them. */
function sniffOther(bytes: Uint8Array): string | null {
  const b = (i: number) => bytes[i] ?? -1;
  const head = String.fromCharCode(...bytes.subarray(0, 16));
  if (b(0) === 0x89 && head.startsWith("\x89PNG")) return "a PNG image";
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "a JPEG image";
  if (head.startsWith("GIF8")) return "a GIF image";
  if (head.startsWith("%PDF")) return "a PDF document";
  if (head.startsWith("RIFF")) return "a RIFF (WebP/AVI/WAV) file";
  if (b(0) === 0x1f && b(1) === 0x8b) return "a gzip archive";
  if (head.startsWith("Rar!")) return "a RAR archive";
  if (head.startsWith("7z\xbc\xaf")) return "a 7-Zip archive";
  if (head.startsWith("\x7fELF")) return "a program (ELF)";
  if (head.startsWith("MZ")) return "a Windows program";
  const t = head.trimStart().toLowerCase();
  if (t.startsWith("<!doctype html") || t.startsWith("<html")) return "a web page (HTML)";
  if (t.startsWith("{") || t.startsWith("[")) return "a JSON or text file";
  return null;
}

export interface Parsed {
  format: DesignFormat;
  /** The triangles welded, × the unit's factor when one was chosen (parse's unitOverride). */
  mesh: Welded;
  unit: string | null;
  unitScale: number;
  colors: number;
  details: Record<string, number | string | boolean>;
}

export function checkSize(bytes: Uint8Array): void {
  checkFileSize(bytes.length);
}

export function checkFileSize(size: number): void {
  if (size === 0) throw fail("empty_file");
  if (size > LIMITS.maxFileBytes) throw fail("file_too_large");
}

export function formatFor(bytes: Uint8Array, fileName: string): FileFormat {
  const ext = extensionOf(fileName);
  if (ext !== "stl" && ext !== "obj" && ext !== "3mf") {
    throw fail("unsupported_file_type");
  }
  const other = sniffOther(bytes);
  if (other) throw fail("wrong_file_type", { ext, seen: `looks like ${other}, not a 3D model` });
  if (isZip(bytes) && ext !== "3mf") {
    throw fail("wrong_file_type", { ext, seen: "is a zip archive (if it is a 3MF, rename it to .3mf)" });
  }
  return ext;
}

function isMostlyText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 4096);
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = bytes[i]!;
    if (c === 0 || c < 9 || (c > 13 && c < 32 && c !== 27)) bad++;
  }
  return bad <= n * 0.01;
}

export function parse(bytes: Uint8Array, fileName: string, unitOverride?: string): Parsed {
  checkSize(bytes);
  const kind = formatFor(bytes, fileName);
  // a chosen unit scales the coordinates as they are welded: from the file's own unit (3MF's, else mm)
  const scaleFrom = (unitScale: number) => (unitOverride === undefined ? 1 : unitFactor(unitOverride) / unitScale);
  let p: Parsed;
  if (kind === "3mf") {
    const r = parseThreeMf(bytes);
    p = {
      format: "3mf",
      mesh: weldSoup(r.triangles, scaleFrom(r.unitScale)),
      unit: r.unit,
      unitScale: r.unitScale,
      colors: r.colors,
      details: { buildItems: r.buildItems, components: r.components, objects: r.objects, modelParts: r.modelParts, unit: r.unit },
    };
  } else if (kind === "obj") {
    if (!isMostlyText(bytes) && !(bytes[0] === 0xff && bytes[1] === 0xfe) && !(bytes[0] === 0xfe && bytes[1] === 0xff)) {
      throw fail("wrong_file_type", { ext: "obj", seen: "is not a text OBJ file" });
    }
    const r = parseObj(bytes);
    p = {
      format: "obj",
      mesh: weldSoup(r.triangles, scaleFrom(1)),
      unit: null,
      unitScale: 1,
      colors: r.materials,
      details: { polygons: r.polygons, quads: r.quads, ngons: r.ngons },
    };
  } else {
    // binary first when the size matches exactly (binary headers may begin with "solid" too)
    let r: ReturnType<typeof parseBinaryStl>;
    if (looksLikeBinaryStl(bytes)) r = parseBinaryStl(bytes, scaleFrom(1));
    else if (startsWithSolid(bytes) && isMostlyText(bytes)) r = parseAsciiStl(bytes, scaleFrom(1));
    else if (isMostlyText(bytes) && !startsWithSolid(bytes)) {
      throw fail("wrong_file_type", { ext: "stl", seen: 'is text that is not an ASCII STL (it does not start with "solid")' });
    } else r = parseBinaryStl(bytes); // throws the size mismatch error
    p = stlParsed(r, bytes);
  }
  if (unitOverride !== undefined) {
    p.unitScale = unitFactor(unitOverride);
    p.unit = unitOverride;
  }
  return p;
}

/** An STL's parse as the measures take it (`head`: at least the file's first 84 bytes). */
export function stlParsed(r: StlParse, head: Uint8Array): Parsed {
  return {
    format: r.kind === "binary" ? "stl-binary" : "stl-ascii",
    mesh: r.mesh,
    unit: null,
    unitScale: 1,
    colors: r.colors,
    details: { solids: r.solids, headerStartsWithSolid: r.kind === "binary" && startsWithSolid(head) },
  };
}

/** The geometry of a parsed design (what measureDesign does after parsing). */
export function measureParsed(p: Parsed, fileName: string, fileBytes: number, unitOverride?: string): DesignGeometry {
  return finishGeometry(prepareGeometry(p, measuresOf(p.mesh), unitOverride), fileName, fileBytes);
}

/**
 * Pricing path: just volume, area and bounding box (mm). For binary STL this reads the bytes
 * directly without building the triangle array.
 */
export function quickMeasure(bytes: Uint8Array, fileName: string): BasicMeasures & { format: DesignFormat } {
  checkSize(bytes);
  const kind = formatFor(bytes, fileName);
  if (kind === "stl" && looksLikeBinaryStl(bytes)) return { ...measureBinaryStl(bytes), format: "stl-binary" };
  const p = parse(bytes, fileName);
  return { ...measuresOf(p.mesh), format: p.format };
}

/** Parse and measure once; the result is serialisable and can be re-priced with estimatePrint. */
export function measureDesign(bytes: Uint8Array, fileName: string, options: { unitOverride?: string } = {}): DesignGeometry {
  return measureParsed(parse(bytes, fileName, options.unitOverride), fileName, bytes.length, options.unitOverride);
}

/** Parse, measure and price a design file. Throws VisibleError with a clear message for bad files. */
export function analyzeDesign(bytes: Uint8Array, fileName: string, options: AnalyzeOptions = {}): DesignAnalysis {
  const g = measureDesign(bytes, fileName, options.unitOverride !== undefined ? { unitOverride: options.unitOverride } : {});
  return describeEstimate(g, options);
}
