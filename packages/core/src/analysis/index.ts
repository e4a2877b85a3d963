/**
 * Design analysis (issue 3): STL, OBJ and 3MF measured and quoted as a slicer would.
 * Pure: no DOM, no Node APIs; runs unchanged in a Web Worker and in Lambda.
 */
export {
  analyzeDesign,
  measureDesign,
  describeEstimate,
  quickMeasure,
  unitFactor,
  type AnalyzeOptions,
  type DesignAnalysis,
  type DesignGeometry,
  type DesignFormat,
  type FileFormat,
  type BoundingBox,
} from "./analyze.ts";
export {
  estimatePrint,
  resolveSettings,
  supportsNeeded,
  DEFAULT_MODEL,
  type EstimateModel,
  type PrintEstimate,
  type PrintGeometry,
  type PrintSettings,
  type SupportsSetting,
  type SettingsInput,
} from "./estimate.ts";
export { MATERIALS, MATERIAL_IDS, DEFAULT_PRICE_PER_KG, PRINT_DEFAULTS, filamentPricePerKg, normaliseMaterial, qualityFor, type MaterialId } from "./materials.ts";
export { LIMITS } from "./limits.ts";
export { detectUnits, type UnitsReport, type UnitCandidate, type Size3 } from "./units.ts";
export { measureSoup, topology, zProfile, type BasicMeasures, type Topology, type ZProfile } from "./mesh.ts";
export { analysisSchema, geometrySchema, analyzeOptionsSchema } from "./schema.ts";
