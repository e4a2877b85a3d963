import { MAX_PART_QUANTITY } from "./sizes.ts";
import { thousands } from "./words.ts";

/**
 * Quantity discounts (issue 22 point 2): an owner may take a percentage off a part's line from a
 * number of copies of it ("10% off from 10 copies"). Per printer, at most a few steps; the step
 * with the most copies the line reaches applies. Pure: the server's quote, the printer cards and
 * the owner's settings all read this module.
 */

export interface QuantityDiscount {
  /** From this many copies of one part… */
  minQuantity: number;
  /** …this percentage off that part's line (whole percent). */
  percent: number;
}

/** How many steps a printer may set, and their bounds (the settings form and the server's schema read these). */
export const QUANTITY_DISCOUNT_STEPS_MAX = 5;
export const QUANTITY_DISCOUNT_MIN_COPIES = 2;
export const QUANTITY_DISCOUNT_MAX_PERCENT = 50;

/** The sentences a step out of bounds is refused with (the server's schema and the settings form). */
export const DISCOUNT_COPIES_WORDS = `A discount starts from ${QUANTITY_DISCOUNT_MIN_COPIES} to ${thousands(MAX_PART_QUANTITY)} copies (a whole number)`;
export const DISCOUNT_PERCENT_WORDS = `A discount is a whole percentage from 1 to ${QUANTITY_DISCOUNT_MAX_PERCENT}`;

/** Why a step (as typed) cannot be saved; null when it can. */
export function discountProblem(d: QuantityDiscount): string | null {
  if (!Number.isInteger(d.minQuantity) || d.minQuantity < QUANTITY_DISCOUNT_MIN_COPIES || d.minQuantity > MAX_PART_QUANTITY)
    return DISCOUNT_COPIES_WORDS;
  if (!Number.isInteger(d.percent) || d.percent < 1 || d.percent > QUANTITY_DISCOUNT_MAX_PERCENT) return DISCOUNT_PERCENT_WORDS;
  return null;
}

/** The percentage off a line of `quantity` copies: the step with the most copies reached, else 0. */
export function discountPercentFor(discounts: readonly QuantityDiscount[] | null | undefined, quantity: number): number {
  let best: QuantityDiscount | null = null;
  for (const d of discounts ?? []) {
    if (quantity >= d.minQuantity && (!best || d.minQuantity > best.minQuantity)) best = d;
  }
  return best ? best.percent : 0;
}

/** The steps in the order people read them: fewest copies first, one step per number of copies. */
export function sortedDiscounts(discounts: readonly QuantityDiscount[] | null | undefined): QuantityDiscount[] {
  const byCopies = new Map<number, QuantityDiscount>();
  for (const d of discounts ?? []) byCopies.set(d.minQuantity, d);
  return [...byCopies.values()].sort((a, b) => a.minQuantity - b.minQuantity);
}

/** "10% off from 10 copies, 15% off from 50 copies" (empty when there are none): the printer cards' words. */
export function discountsInWords(discounts: readonly QuantityDiscount[] | null | undefined): string {
  return sortedDiscounts(discounts)
    .map((d) => `${d.percent}% off from ${d.minQuantity} copies`)
    .join(", ");
}
