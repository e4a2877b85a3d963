import { type DesignGeometry, describeEstimate } from "../analysis/index.ts";
import type { SupportsSetting } from "./options.ts";
import type { DeliveryMethod, PriceResult } from "./pricing.ts";
import { DEFAULT_PRINT_MINUTES, fallbackWeightGrams, priceJob } from "./pricing.ts";

/**
 * The quote for a design on a printer: one function for the server (drafts, submit-order, the
 * order's answers) and every screen (/upload, /choose-printer's cards, /submit-print, /checkout),
 * so the same design on the same printer costs the same everywhere (docs/architecture.md "Pricing").
 * Pure: the analysis it calls is the browser-safe one the upload page's Web Worker runs too.
 */

/** What pricing needs to know about a design at the customer's settings. */
export interface DesignMeasurements {
  /** Grams of filament. */
  estimatedWeight: number;
  printTimeMinutes: number;
  numberOfColors: number;
  /** mm after the chosen scale; null when the analysis failed (the size-based estimate). */
  boundingBox: { x: number; y: number; z: number } | null;
  /** True when the weight is the spec's size-based estimate, not a measurement. */
  estimatedFromSize: boolean;
}

/** The settings that change the measurements (spec 1 §2 Print Settings). */
export interface MeasureSettings {
  material: string;
  quality: number;
  infill: number;
  supports: SupportsSetting;
  scale?: number | undefined;
}

/**
 * A design's measurements at the customer's settings: re-estimated from its geometry, or, when
 * the analysis failed (`geometry` null), the spec's size-based estimate from the file's bytes.
 */
export function measureAtSettings(
  geometry: DesignGeometry | null,
  settings: MeasureSettings,
  file: { bytes: number; format: "stl" | "obj" | "3mf" },
): DesignMeasurements {
  if (!geometry) {
    return {
      estimatedWeight: fallbackWeightGrams(file.bytes, file.format),
      printTimeMinutes: DEFAULT_PRINT_MINUTES,
      numberOfColors: 1,
      boundingBox: null,
      estimatedFromSize: true,
    };
  }
  const e = describeEstimate(geometry, {
    material: settings.material,
    infill: settings.infill,
    layerHeight: settings.quality,
    supports: settings.supports,
    scale: settings.scale ?? 1,
  });
  return {
    estimatedWeight: e.estimatedWeight,
    printTimeMinutes: Math.max(1, Math.round(e.estimatedTimeMinutes)),
    numberOfColors: Math.max(1, e.numberOfColors),
    boundingBox: e.boundingBox,
    estimatedFromSize: false,
  };
}

/**
 * The price breakdown, delivery included, for a design's measurements, the customer's material
 * and delivery, on `printer` (its price per gram is the filament price, spec 2 §9) or, before a
 * printer is chosen, at the material's filament price.
 */
export function quoteDesign(
  design: Pick<DesignMeasurements, "estimatedWeight" | "printTimeMinutes" | "numberOfColors">,
  choice: { material: string; deliveryMethod: DeliveryMethod },
  printer?: { pricePerGram: number } | null,
): PriceResult {
  return priceJob({
    grams: design.estimatedWeight,
    material: choice.material,
    pricePerGram: printer?.pricePerGram ?? null,
    numberOfColors: design.numberOfColors,
    printTimeMinutes: design.printTimeMinutes,
    deliveryMethod: choice.deliveryMethod,
  });
}
