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
import { type MaterialId, PRINT_DEFAULTS, qualityFor } from "./materials.ts";
import type { ZProfile } from "./profile.ts";
import { detectUnits, type Size3, type UnitsReport } from "./units.ts";

/**
 * A design's measured geometry and its priced description, apart from the parsers (./analyze.ts):
 * the API prices stored geometry with describeEstimate and never parses a file, so importing this
 * keeps the parsers, and the 3MF reader's zip library, out of the API's bundle (its 1 MB budget).
 */
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

const r = (x: number, d = 3) => Number(x.toFixed(d));

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
