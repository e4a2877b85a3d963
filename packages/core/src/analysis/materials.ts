/**
 * Materials: the one place for densities and support multipliers (filament prices, in cents, are
 * pricing's: shared/pricing.ts).
 * Densities are the PrusaSlicer 2.5 "Generic" filament profiles (PrusaResearch.ini:
 * Generic PLA 1.24, Generic PETG 1.27, Generic ABS 1.04, Generic FLEX/TPU 1.21,
 * wood-filled PLA 1.15 g/cm³), which is also what the reference slicer used for PLA.
 */
export const MATERIALS = {
  PLA: { density: 1.24, supportMultiplier: 1.0, shrinkage: 0.003, label: "PLA" },
  PETG: { density: 1.27, supportMultiplier: 1.1, shrinkage: 0.004, label: "PETG" },
  ABS: { density: 1.04, supportMultiplier: 1.15, shrinkage: 0.007, label: "ABS" },
  TPU: { density: 1.21, supportMultiplier: 1.25, shrinkage: 0.005, label: "TPU (Flexible)" },
  WOOD: { density: 1.15, supportMultiplier: 1.05, shrinkage: 0.004, label: "Wood-filled PLA" },
} as const;

export type MaterialId = keyof typeof MATERIALS;
export const MATERIAL_IDS = Object.keys(MATERIALS) as MaterialId[];

export function isMaterialId(s: string): s is MaterialId {
  return Object.hasOwn(MATERIALS, s);
}

/** Accepts "pla", "PLA", "TPU (Flexible)", "wood"; unknown names fall back to PLA. */
export function normaliseMaterial(s: string | undefined): MaterialId {
  const k = (s ?? "PLA").trim().toUpperCase().split(/[\s(]/)[0] ?? "PLA";
  if (isMaterialId(k)) return k;
  if (k === "FLEX" || k === "FLEXIBLE") return "TPU";
  return "PLA";
}

/** Spec 1 §9 defaults. */
export const PRINT_DEFAULTS = {
  infill: 15,
  layerHeight: 0.2,
  printSpeed: 50,
  nozzleTemperature: 210,
  bedTemperature: 60,
} as const;

/** Quality mapping (spec 1 §9): ≤0.15 → 0.1, ≥0.25 → 0.3, else 0.2. */
export function qualityFor(layerHeight: number): 0.1 | 0.2 | 0.3 {
  if (layerHeight <= 0.15) return 0.1;
  if (layerHeight >= 0.25) return 0.3;
  return 0.2;
}
