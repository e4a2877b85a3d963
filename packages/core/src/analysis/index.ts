/**
 * Design analysis (issue 3): STL, OBJ and 3MF measured and quoted as a slicer would.
 * Pure: no DOM, no Node APIs; runs unchanged in a Web Worker and in Lambda.
 */
export {
  type AnalyzeOptions,
  analyzeDesign,
  type BoundingBox,
  type DesignAnalysis,
  type DesignFormat,
  type DesignGeometry,
  describeEstimate,
  type FileFormat,
  measureDesign,
  quickMeasure,
  unitFactor,
} from "./analyze.ts";
export {
<<<<<<< HEAD
  DEFAULT_MODEL,
  type EstimateModel,
  estimatePrint,
=======
  estimatePrint,
  estimateFromPlan,
  planLayers,
  priceLayers,
  resolveSettings,
  supportsNeeded,
  DEFAULT_MODEL,
  type EstimateModel,
  type LayerPlan,
>>>>>>> c4758fd (Calibration corpus made in code (405 designs, 25 shape families) sliced by PrusaSlicer 2.5; per-layer estimate with column tables (skin depth, support columns, islands) and few corpus-fitted constants; calibrate reports corpus CV and held-out real files beside a shell baseline)
  type PrintEstimate,
  type PrintGeometry,
  type PrintSettings,
  resolveSettings,
  type SettingsInput,
  type SupportsSetting,
  supportsNeeded,
} from "./estimate.ts";
export { LIMITS } from "./limits.ts";
<<<<<<< HEAD
export {
  DEFAULT_PRICE_PER_KG,
  filamentPricePerKg,
  MATERIAL_IDS,
  MATERIALS,
  type MaterialId,
  normaliseMaterial,
  PRINT_DEFAULTS,
  qualityFor,
} from "./materials.ts";
export { type BasicMeasures, measureSoup, type Topology, topology, type ZProfile, zProfile } from "./mesh.ts";
export { analysisSchema, analyzeOptionsSchema, geometrySchema } from "./schema.ts";
export { detectUnits, type Size3, type UnitCandidate, type UnitsReport } from "./units.ts";
=======
export { detectUnits, type UnitsReport, type UnitCandidate, type Size3 } from "./units.ts";
export { columnProfile, SKIN_DEPTHS, type ColumnProfile } from "./columns.ts";
export { measureSoup, topology, zProfile, type BasicMeasures, type Topology, type ZProfile } from "./mesh.ts";
export { analysisSchema, geometrySchema, analyzeOptionsSchema } from "./schema.ts";
>>>>>>> c4758fd (Calibration corpus made in code (405 designs, 25 shape families) sliced by PrusaSlicer 2.5; per-layer estimate with column tables (skin depth, support columns, islands) and few corpus-fitted constants; calibrate reports corpus CV and held-out real files beside a shell baseline)
