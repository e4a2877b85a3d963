import type { OrderMaterial } from "./materials.ts";
import { DEFAULT_PRINT_MINUTES, type DeliveryMethod } from "./pricing.ts";

/**
 * Print settings the customer chooses (spec 1 §2 Print Settings, Submit Print Job). Pure, so
 * the web's forms and the API's validation use the same lists.
 */
// The materials live in ./materials.ts (ORDER_MATERIALS, with their filament prices).
// The colours live in ./colors.ts (with their stock keys); re-exported for the forms that list them with the other options.
export { COLOR_VALUES, SWATCH_COLORS, UPLOAD_COLORS } from "./colors.ts";

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
export const SUPPORT_VALUES = ["auto", "yes", "no"] as const;
export type SupportsSetting = (typeof SUPPORT_VALUES)[number];
export const DELIVERY_OPTIONS = [
  { value: "pickup", label: "Pickup" },
  { value: "delivery", label: "Local Delivery" },
  { value: "shipping", label: "Ship to Me" },
] as const;

/** Upload form defaults (spec 1 §3 Upload form state). */
export const DEFAULT_SETTINGS = {
  material: "PLA" as OrderMaterial,
  filamentColor: "Black",
  quality: 0.2,
  infill: 20,
  supports: "auto" as SupportsSetting,
  deliveryMethod: "pickup" as DeliveryMethod,
  numberOfColors: 1,
  printTimeMinutes: DEFAULT_PRINT_MINUTES,
  scale: 1,
};
