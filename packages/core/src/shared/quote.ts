import { type DesignGeometry, describeEstimate, type EstimateRange } from "../analysis/index.ts";
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
  /** How sure the weight and time are (null for the size-based estimate, which is no measurement). */
  range: EstimateRange | null;
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
      range: null,
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
    range: e.range,
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

/** The lowest and highest price (cents, delivery included) the design's range of weight and time gives. */
export interface PriceRange {
  lowCents: number;
  highCents: number;
}

/**
 * The price at both ends of the design's range (its weight and print time as low and as high as
 * the estimate's certainty allows), on the same printer and choices: what the customer is told the
 * price may turn out to be, and within which an owner may adjust it. Null when there is no range
 * (the size-based estimate).
 */
export function quotePriceRange(
  design: Pick<DesignMeasurements, "estimatedWeight" | "printTimeMinutes" | "numberOfColors" | "range">,
  choice: { material: string; deliveryMethod: DeliveryMethod },
  printer?: { pricePerGram: number } | null,
): PriceRange | null {
  const r = design.range;
  if (!r) return null;
  const at = (grams: number, minutes: number) =>
    quoteDesign({ estimatedWeight: grams, printTimeMinutes: minutes, numberOfColors: design.numberOfColors }, choice, printer).totalCents;
  const mid = at(design.estimatedWeight, design.printTimeMinutes);
  return {
    lowCents: Math.min(mid, at(r.grams.low, r.minutes.low)),
    highCents: Math.max(mid, at(r.grams.high, r.minutes.high)),
  };
}
