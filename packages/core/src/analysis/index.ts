/**
 * Design analysis (issue 3): STL, OBJ and 3MF measured and quoted as a slicer would.
 * Pure: no DOM, no Node APIs; runs unchanged in a Web Worker and in Lambda.
 *
 * No zod here: the site imports this module (its quote and upload page), and zod's schemas are
 * built when their module loads, so a re-export would put all of zod in the site's first load
 * (docs/architecture.md "Page weight"). The API boundary's schemas are in ./schema.ts.
 */
export { analyzeDesign, measureDesign, quickMeasure, unitFactor } from "./analyze.ts";
export { CERTAINTY, type CertaintyInput, type CertaintyReason, CORPUS_TRAITS, type EstimateRange, estimateRange } from "./certainty.ts";
export { type ColumnProfile, SKIN_DEPTHS } from "./columns.ts";
export {
  type AnalyzeOptions,
  type BoundingBox,
  type DesignAnalysis,
  type DesignFormat,
  type DesignGeometry,
  describeEstimate,
  type FileFormat,
} from "./describe.ts";
export {
  DEFAULT_MODEL,
  type EstimateModel,
  estimateFromPlan,
  estimatePrint,
  type LayerPlan,
  type PrintEstimate,
  type PrintGeometry,
  type PrintSettings,
  planLayers,
  priceLayers,
  resolveSettings,
  type SettingsInput,
  type SupportsSetting,
  supportsNeeded,
} from "./estimate.ts";
export { LIMITS } from "./limits.ts";
export {
  MATERIAL_IDS,
  MATERIALS,
  type MaterialId,
  normaliseMaterial,
  PRINT_DEFAULTS,
  qualityFor,
} from "./materials.ts";
export type { BasicMeasures } from "./mesh.ts";
export type { ZProfile } from "./profile.ts";
export { detectUnits, type Size3, type UnitCandidate, type UnitsReport } from "./units.ts";
