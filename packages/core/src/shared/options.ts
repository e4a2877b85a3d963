/**
 * Print settings the customer chooses (spec 1 §2 Print Settings, Submit Print Job). Pure, so
 * the web's forms and the API's validation use the same lists.
 */
export const MATERIAL_OPTIONS = [
  { value: "PLA", label: "PLA" },
  { value: "PETG", label: "PETG" },
  { value: "ABS", label: "ABS" },
  { value: "TPU", label: "TPU (Flexible)" },
] as const;
export type MaterialOption = (typeof MATERIAL_OPTIONS)[number]["value"];
export const MATERIAL_VALUES = MATERIAL_OPTIONS.map((m) => m.value) as [MaterialOption, ...MaterialOption[]];

/** Upload page colours (Natural/Clear); the submit page's swatches say Clear. */
export const UPLOAD_COLORS = ["Black", "White", "Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Gray", "Natural/Clear"] as const;
export const SWATCH_COLORS = [
  { name: "Black", hex: "#111827" },
  { name: "White", hex: "#ffffff" },
  { name: "Red", hex: "#dc2626" },
  { name: "Blue", hex: "#2563eb" },
  { name: "Green", hex: "#16a34a" },
  { name: "Yellow", hex: "#facc15" },
  { name: "Orange", hex: "#f97316" },
  { name: "Purple", hex: "#9333ea" },
  { name: "Gray", hex: "#9ca3af" },
  { name: "Clear", hex: "#e0f2fe" },
] as const;
/** Every colour name the API accepts. */
export const COLOR_VALUES = [...UPLOAD_COLORS, "Clear", "Natural"] as const;

export const QUALITY_OPTIONS = [
  { value: 0.1, label: "0.1mm (Fine Detail)" },
  { value: 0.2, label: "0.2mm (Standard)" },
  { value: 0.3, label: "0.3mm (Fast Print)" },
] as const;
export const INFILL_OPTIONS = [10, 15, 20, 30, 50, 100] as const;
export const SUPPORT_OPTIONS = [
  { value: "no", label: "No supports" },
  { value: "auto", label: "Auto (when needed)" },
  { value: "yes", label: "Always add supports" },
] as const;
export const DELIVERY_OPTIONS = [
  { value: "pickup", label: "Pickup" },
  { value: "delivery", label: "Local Delivery" },
  { value: "shipping", label: "Ship to Me" },
] as const;

/** Upload form defaults (spec 1 §3 Upload form state). */
export const DEFAULT_SETTINGS = {
  material: "PLA" as MaterialOption,
  filamentColor: "Black",
  quality: 0.2,
  infill: 20,
  supports: "auto" as "auto" | "yes" | "no",
  deliveryMethod: "pickup" as "pickup" | "delivery" | "shipping",
  numberOfColors: 1,
  printTimeMinutes: 60,
  scale: 1,
};
