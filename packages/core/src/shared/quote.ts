import type { EstimateRange } from "../analysis/certainty.ts";
import { type DesignGeometry, describeEstimate } from "../analysis/describe.ts";
import type { SupportsSetting } from "./options.ts";
import type { DeliveryMethod, PriceResult, PrintCost } from "./pricing.ts";
import { DEFAULT_PRINT_MINUTES, fallbackWeightGrams, orderCharges, priceJob, printCost, weightTier } from "./pricing.ts";
import { discountPercentFor, type QuantityDiscount } from "./quantity-discounts.ts";

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

/** One part of a project as the quote needs it: its measurements at its settings, its material, its copies. */
export interface QuotedPart {
  measured: Pick<DesignMeasurements, "estimatedWeight" | "printTimeMinutes" | "numberOfColors">;
  material: string;
  quantity: number;
}

/** A part's price line: one copy's print cost, times its copies, less the printer's quantity discount. */
export interface PartLine {
  quantity: number;
  /** One copy, priced by the same function as a single design (printCost). */
  unit: PrintCost;
  /** unit subtotal × quantity, before the discount. */
  grossCents: number;
  discountPercent: number;
  discountCents: number;
  /** What the line costs: gross less the discount (the printer's price for these copies). */
  lineTotalCents: number;
}

/** A project's quote: a line per part and the order's price, whose subtotal is the lines' sum. */
export interface ProjectQuote {
  lines: PartLine[];
  pricing: PriceResult;
  /** Grams of every copy of every part: what the parcel weighs (shipping) and the order's weight. */
  estimatedWeight: number;
  /** Minutes of every copy: what the order adds to the owner's queue. */
  printTimeMinutes: number;
  /** The most colours any part needs. */
  numberOfColors: number;
}

/**
 * The quote of a project of several parts (issue 22): each part's line is priced as a single
 * design is (printCost, at the printer's price per gram or the part's material price) times its
 * copies, less the printer's quantity discount for that many copies; what an order pays once (the
 * platform fee on the subtotal, the delivery for the whole parcel's weight) is paid once. A project
 * of one part and one copy costs exactly what quoteDesign says.
 */
export function quoteProject(
  parts: readonly QuotedPart[],
  choice: { deliveryMethod: DeliveryMethod },
  printer?: { pricePerGram: number; quantityDiscounts?: readonly QuantityDiscount[] | null | undefined } | null,
): ProjectQuote {
  const lines = parts.map((part): PartLine => {
    const unit = printCost({
      grams: part.measured.estimatedWeight,
      material: part.material,
      pricePerGram: printer?.pricePerGram ?? null,
      numberOfColors: part.measured.numberOfColors,
      printTimeMinutes: part.measured.printTimeMinutes,
    });
    const grossCents = unit.subtotalCents * part.quantity;
    const discountPercent = discountPercentFor(printer?.quantityDiscounts, part.quantity);
    const discountCents = Math.round((grossCents * discountPercent) / 100);
    return { quantity: part.quantity, unit, grossCents, discountPercent, discountCents, lineTotalCents: grossCents - discountCents };
  });
  const sum = (f: (l: PartLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  const grams = parts.reduce((n, p) => n + p.measured.estimatedWeight * p.quantity, 0);
  const subtotalCents = sum((l) => l.lineTotalCents);
  const charges = orderCharges(subtotalCents, grams, choice.deliveryMethod);
  const first = lines[0]?.unit;
  return {
    lines,
    estimatedWeight: grams,
    printTimeMinutes: parts.reduce((n, p) => n + p.measured.printTimeMinutes * p.quantity, 0),
    numberOfColors: Math.max(1, ...parts.map((p) => p.measured.numberOfColors)),
    pricing: {
      estimatedWeight: grams,
      // One filament price when the parts share it (always, on a chosen printer); the first part's otherwise.
      filamentCostPer1000gCents: first?.filamentCostPer1000gCents ?? 0,
      materialCostCents: sum((l) => l.unit.materialCostCents * l.quantity),
      basePrintCostCents: sum((l) => l.unit.basePrintCostCents * l.quantity),
      multicolorPremiumCents: sum((l) => l.unit.multicolorPremiumCents * l.quantity),
      timePremiumCents: sum((l) => l.unit.timePremiumCents * l.quantity),
      quantityDiscountCents: sum((l) => l.discountCents),
      subtotalCents,
      ...charges,
      printerProfitCents: Math.max(0, subtotalCents),
      weightTier: weightTier(grams),
    },
  };
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
  return priceAtEnds(design, choice, printer, (p) => p.totalCents);
}

/**
 * The same for the print alone (customer pays before delivery, cents): what an order stores, so
 * the range an owner may adjust within holds whatever delivery costs (a shipping option chosen
 * at checkout replaces the estimate the upload page added).
 */
export function quotePrintPriceRange(
  design: Pick<DesignMeasurements, "estimatedWeight" | "printTimeMinutes" | "numberOfColors" | "range">,
  choice: { material: string; deliveryMethod: DeliveryMethod },
  printer?: { pricePerGram: number } | null,
): PriceRange | null {
  return priceAtEnds(design, choice, printer, (p) => p.customerPaysCents);
}

function priceAtEnds(
  design: Pick<DesignMeasurements, "estimatedWeight" | "printTimeMinutes" | "numberOfColors" | "range">,
  choice: { material: string; deliveryMethod: DeliveryMethod },
  printer: { pricePerGram: number } | null | undefined,
  pick: (p: PriceResult) => number,
): PriceRange | null {
  const r = design.range;
  if (!r) return null;
  const at = (grams: number, minutes: number) =>
    pick(quoteDesign({ estimatedWeight: grams, printTimeMinutes: minutes, numberOfColors: design.numberOfColors }, choice, printer));
  const mid = at(design.estimatedWeight, design.printTimeMinutes);
  return {
    lowCents: Math.min(mid, at(r.grams.low, r.minutes.low)),
    highCents: Math.max(mid, at(r.grams.high, r.minutes.high)),
  };
}
