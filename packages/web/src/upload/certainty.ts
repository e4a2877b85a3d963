import type { CertaintyReason, EstimateRange } from "@printhood/core/analysis/index";
import type { PriceRange } from "@printhood/core/shared/quote";
import { formatCents, formatGrams } from "../lib/format";

/** Why an estimate is less certain, in words a customer follows (core's codes, analysis/certainty.ts). */
export const REASON_TEXT: Record<CertaintyReason, string> = {
  open_mesh: "the model has holes in its surface, which the slicer closes its own way",
  tiny: "the part is very small, so a fraction of a gram or a minute is a large share",
  supports: "it needs supports, the least predictable part of any print",
  unusual_shape: "its shape is unlike the designs our estimate has been checked against",
};

export const minutesText = (m: number) => (m >= 60 ? `${Math.floor(m / 60)} h ${Math.round(m % 60)} min` : `${Math.round(m)} min`);

/** "11.6g to 13.4g" */
export const gramsRangeText = (r: EstimateRange) => `${formatGrams(r.grams.low)} to ${formatGrams(r.grams.high)}`;

/**
 * The upload page's sentence when an estimate is less certain than usual: why, and by how much
 * (the weight, time and price ranges).
 */
export function lessCertainText(range: EstimateRange, price: PriceRange | null): string {
  const why = range.reasons.filter((r) => r !== "supports" || range.reasons.length === 1).map((r) => REASON_TEXT[r]);
  const list = why.length > 1 ? `${why.slice(0, -1).join("; ")}; and ${why[why.length - 1]}` : (why[0] ?? "");
  const pct = Math.round(range.spread.grams * 100);
  return (
    `This estimate is less certain than usual (about ±${pct}%): ${list}. ` +
    `Expect ${gramsRangeText(range)} of filament and ${minutesText(range.minutes.low)} to ${minutesText(range.minutes.high)} of printing` +
    (price ? `, so the price may come to ${formatCents(price.lowCents)} to ${formatCents(price.highCents)}.` : ".")
  );
}
