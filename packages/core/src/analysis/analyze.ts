import { fail } from "../shared/errors.ts";
import { filamentPricePerKgCents, materialCents } from "../shared/pricing.ts";
import { type EstimateRange, estimateRange } from "./certainty.ts";
import type { ColumnProfile } from "./columns.ts";
import {
  estimatePrint,
  type PrintEstimate,
  type PrintSettings,
  resolveSettings,
  type SupportsSetting,
  supportsNeeded,
} from "./estimate.ts";
import { finishGeometry, prepareGeometry } from "./geometry.ts";
import { LIMITS } from "./limits.ts";
import { type MaterialId, PRINT_DEFAULTS, qualityFor } from "./materials.ts";
import { type BasicMeasures, measureSoup } from "./mesh.ts";
import { parseObj } from "./obj.ts";
import type { ZProfile } from "./profile.ts";
import { looksLikeBinaryStl, measureBinaryStl, parseAsciiStl, parseBinaryStl, startsWithSolid } from "./stl.ts";
import { parseThreeMf, THREEMF_UNITS } from "./threemf.ts";
import { detectUnits, type Size3, type UnitsReport } from "./units.ts";
import { isZip } from "./zip.ts";

export type DesignFormat = "stl-binary" | "stl-ascii" | "obj" | "3mf";
export type FileFormat = "stl" | "obj" | "3mf";

export interface BoundingBox extends Size3 {
  min: [number, number, number];
  max: [number, number, number];
}

/** Everything measured from the file: computed once, JSON-serialisable, re-priced by estimatePrint. */
export interface DesignGeometry {
  version: 1;
  fileName: string;
  fileFormat: FileFormat;
  format: DesignFormat;
  bytes: number;
  triangles: number;
  vertices: number;
  degenerateTriangles: number;
  /** Signed volume (inside-out shells count negative), mm³, at the unit scale. */
  signedVolumeMm3: number;
  /** Volume with every shell counted positive, mm³: what is printed. */
  volumeMm3: number;
  surfaceAreaMm2: number;
  boundingBox: BoundingBox;
  /** Alias of boundingBox x/y/z (mm), the shape estimatePrint reads. */
  size: Size3;
  shells: number;
  watertight: boolean;
  boundaryEdges: number;
  nonManifoldEdges: number;
  invertedShells: number;
  overhangAreaMm2: number;
  overhangProjectedMm2: number;
  bedContactMm2: number;
  /** Geometry says supports are needed (at scale 1). */
  supportsNeeded: boolean;
  numberOfColors: number;
  /** Scale applied to the file's coordinates to get millimetres (3MF unit or unitOverride). */
  unitScale: number;
  units: UnitsReport;
  profile: ZProfile;
  /** Column tables: skin depths, support columns and islands per slab (see columns.ts). */
  columns?: ColumnProfile | undefined;
  warnings: string[];
  details: Record<string, number | string | boolean>;
}

export interface AnalyzeOptions {
  material?: MaterialId | string;
  /** Percent 0–100 (default 15). */
  infill?: number;
  layerHeight?: number;
  supports?: SupportsSetting;
  /** Print at this factor (1 = as the file says, after units). */
  scale?: number;
  /** Read an STL/OBJ as this unit (mm, cm, m, in, µm, or a 3MF unit name); overrides a 3MF's unit too. */
  unitOverride?: string;
}

/** The spec's "File analysis result" fields plus the measurements behind them. */
export interface DesignAnalysis {
  // --- spec 1 §3 File analysis result
  estimatedWeight: number;
  estimatedTimeMinutes: number;
  numberOfColors: number;
  /** mm, after scale. */
  boundingBox: Size3;
  /** cm³, after scale. */
  volume: number;
  /** cm², after scale. */
  surfaceArea: number;
  infillDensity: number;
  layerHeight: number;
  printSpeed: number;
  supportMaterial: boolean;
  fileFormat: FileFormat;
  // --- more
  fileName: string;
  format: DesignFormat;
  quality: 0.1 | 0.2 | 0.3;
  material: MaterialId;
  scale: number;
  triangles: number;
  volumeMm3: number;
  volumeCm3: number;
  surfaceAreaMm2: number;
  bbox: BoundingBox;
  shells: number;
  watertight: boolean;
  invertedShells: number;
  overhangAreaMm2: number;
  supportsNeeded: boolean;
  units: UnitsReport & { estimateIfRescaled: { estimatedWeight: number; estimatedTimeMinutes: number } | null };
  estimate: PrintEstimate;
  /** How sure the estimate is: grams and minutes the slicer's figures fall in for about nine designs in ten, and why it is wider. */
  range: EstimateRange;
  /** The filament's cost at the material's list price, integer cents (a chosen printer's price replaces it in the quote). */
  materialCostCents: number;
  warnings: string[];
}

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
  triangles: Float32Array;
  unit: string | null;
  unitScale: number;
  colors: number;
  details: Record<string, number | string | boolean>;
}

export function checkSize(bytes: Uint8Array): void {
  if (bytes.length === 0) throw fail("empty_file");
  if (bytes.length > LIMITS.maxFileBytes) {
    throw fail("file_too_large");
  }
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
  let p: Parsed;
  if (kind === "3mf") {
    const r = parseThreeMf(bytes);
    p = {
      format: "3mf",
      triangles: r.triangles,
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
      triangles: r.triangles,
      unit: null,
      unitScale: 1,
      colors: r.materials,
      details: { polygons: r.polygons, quads: r.quads, ngons: r.ngons },
    };
  } else {
    // binary first when the size matches exactly (binary headers may begin with "solid" too)
    let r: ReturnType<typeof parseBinaryStl>;
    if (looksLikeBinaryStl(bytes)) r = parseBinaryStl(bytes);
    else if (startsWithSolid(bytes) && isMostlyText(bytes)) r = parseAsciiStl(bytes);
    else if (isMostlyText(bytes) && !startsWithSolid(bytes)) {
      throw fail("wrong_file_type", { ext: "stl", seen: 'is text that is not an ASCII STL (it does not start with "solid")' });
    } else r = parseBinaryStl(bytes); // throws the size mismatch error
    p = {
      format: r.kind === "binary" ? "stl-binary" : "stl-ascii",
      triangles: r.triangles,
      unit: null,
      unitScale: 1,
      colors: r.colors,
      details: { solids: r.solids, headerStartsWithSolid: r.kind === "binary" && startsWithSolid(bytes) },
    };
  }
  if (unitOverride !== undefined) {
    const f = unitFactor(unitOverride) / p.unitScale;
    if (f !== 1) for (let i = 0; i < p.triangles.length; i++) p.triangles[i] = p.triangles[i]! * f;
    p.unitScale = unitFactor(unitOverride);
    p.unit = unitOverride;
  }
  return p;
}

const r = (x: number, d = 3) => Number(x.toFixed(d));

/**
 * Pricing path: just volume, area and bounding box (mm). For binary STL this reads the bytes
 * directly without building the triangle array.
 */
export function quickMeasure(bytes: Uint8Array, fileName: string): BasicMeasures & { format: DesignFormat } {
  checkSize(bytes);
  const kind = formatFor(bytes, fileName);
  if (kind === "stl" && looksLikeBinaryStl(bytes)) return { ...measureBinaryStl(bytes), format: "stl-binary" };
  const p = parse(bytes, fileName);
  return { ...measureSoup(p.triangles), format: p.format };
}

/** Parse and measure once; the result is serialisable and can be re-priced with estimatePrint. */
export function measureDesign(bytes: Uint8Array, fileName: string, options: { unitOverride?: string } = {}): DesignGeometry {
  const p = parse(bytes, fileName, options.unitOverride);
  return finishGeometry(prepareGeometry(p, measureSoup(p.triangles), options.unitOverride), fileName, bytes.length);
}

/** Price stored geometry for settings: the spec's File analysis result plus details. */
export function describeEstimate(g: DesignGeometry, options: AnalyzeOptions = {}): DesignAnalysis {
  const st: PrintSettings = resolveSettings({
    ...(options.material !== undefined ? { material: options.material } : {}),
    ...(options.infill !== undefined ? { infill: options.infill } : {}),
    ...(options.layerHeight !== undefined ? { layerHeight: options.layerHeight } : {}),
    ...(options.supports !== undefined ? { supports: options.supports } : {}),
    ...(options.scale !== undefined ? { scale: options.scale } : {}),
  });
  const est = estimatePrint(g, st);
  const k = st.scale;
  const bbox: BoundingBox = {
    x: r(g.size.x * k, 3),
    y: r(g.size.y * k, 3),
    z: r(g.size.z * k, 3),
    min: g.boundingBox.min.map((v) => r(v * k, 3)) as BoundingBox["min"],
    max: g.boundingBox.max.map((v) => r(v * k, 3)) as BoundingBox["max"],
  };
  const volMm3 = g.volumeMm3 * k * k * k;
  const areaMm2 = g.surfaceAreaMm2 * k * k;
  // a customer's scale changes what is plausible: judge the units on the size that will be printed
  let units = g.units;
  let warnings = g.warnings;
  if (k !== 1 && units.source !== "3mf") {
    units = detectUnits({ x: bbox.x, y: bbox.y, z: bbox.z }, null);
    warnings = [...(units.message ? [units.message] : []), ...g.warnings.filter((w) => w !== g.units.message)];
  }
  let rescaled: DesignAnalysis["units"]["estimateIfRescaled"] = null;
  if (units.needsConfirmation && units.suggestedScale !== 1) {
    const e2 = estimatePrint(g, { ...st, scale: st.scale * units.suggestedScale });
    rescaled = { estimatedWeight: e2.grams, estimatedTimeMinutes: e2.minutes };
  }
  const grams = est.grams; // 0.01 g; screens round for display
  return {
    estimatedWeight: grams,
    estimatedTimeMinutes: est.minutes,
    numberOfColors: g.numberOfColors,
    boundingBox: { x: bbox.x, y: bbox.y, z: bbox.z },
    volume: r(volMm3 / 1000, 3),
    surfaceArea: r(areaMm2 / 100, 3),
    infillDensity: st.infill,
    layerHeight: st.layerHeight,
    printSpeed: PRINT_DEFAULTS.printSpeed,
    supportMaterial: est.supports,
    fileFormat: g.fileFormat,
    fileName: g.fileName,
    format: g.format,
    quality: qualityFor(st.layerHeight),
    material: st.material,
    scale: k,
    triangles: g.triangles,
    volumeMm3: r(volMm3, 3),
    volumeCm3: r(volMm3 / 1000, 3),
    surfaceAreaMm2: r(areaMm2, 3),
    bbox,
    shells: g.shells,
    watertight: g.watertight,
    invertedShells: g.invertedShells,
    overhangAreaMm2: r(g.overhangAreaMm2 * k * k, 3),
    supportsNeeded: supportsNeeded(g, k),
    units: { ...units, estimateIfRescaled: rescaled },
    estimate: est,
    range: estimateRange({
      watertight: g.watertight,
      boundaryEdges: g.boundaryEdges,
      shells: g.shells,
      volumeMm3: volMm3,
      surfaceAreaMm2: areaMm2,
      size: bbox,
      overhangProjectedMm2: g.overhangProjectedMm2 * k * k,
      estimate: est,
    }),
    materialCostCents: materialCents(grams, filamentPricePerKgCents(st.material)),
    warnings,
  };
}

/** Parse, measure and price a design file. Throws VisibleError with a clear message for bad files. */
export function analyzeDesign(bytes: Uint8Array, fileName: string, options: AnalyzeOptions = {}): DesignAnalysis {
  const g = measureDesign(bytes, fileName, options.unitOverride !== undefined ? { unitOverride: options.unitOverride } : {});
  return describeEstimate(g, options);
}
