import { MAX_PART_QUANTITY, MAX_PRINT_SCALE, MIN_PART_QUANTITY, MIN_PRINT_SCALE } from "./sizes.ts";
import { thousands } from "./words.ts";

/**
 * Projects of several parts (issue 22): how a project is named and counted. Pure: the server's
 * answers and the screens read the same rules. The limits (20 parts, 1 to 1,000 copies) are in
 * ./sizes.ts with the other sizes.
 */

/** "bracket.stl" for one part; "bracket.stl + 2 more" for three: the order's one file name. */
export function projectFileName(fileNames: readonly string[]): string {
  const [first = "design", ...rest] = fileNames;
  return rest.length ? `${first} + ${rest.length} more` : first;
}

/** A project's size: its parts and the copies of them all (an order in a list carries these, not every part). */
export interface PartCounts {
  partCount: number;
  copyCount: number;
}

export const partCountsOf = (parts: readonly { quantity: number }[]): PartCounts => ({
  partCount: parts.length,
  copyCount: parts.reduce((n, p) => n + p.quantity, 0),
});

/** Whether a job is a project (several parts, or copies): its screens then show a line per part. */
export const isProjectOf = (c: PartCounts) => c.partCount > 1 || c.copyCount > c.partCount;

/** Every copy of every part: "14 copies of 3 parts". */
export function copiesInWords(parts: readonly { quantity: number }[] | PartCounts): string {
  const { partCount, copyCount } = "partCount" in parts ? parts : partCountsOf(parts);
  const partWord = partCount === 1 ? "1 part" : `${partCount} parts`;
  return `${copyCount} ${copyCount === 1 ? "copy" : "copies"} of ${partWord}`;
}

/** The parts a card shows pictures of (order cards, the owner's queue, saved prints); a list's order carries no more. */
export const PARTS_ON_A_CARD = 4;

/** The sentence a quantity out of bounds is refused with, by the server and by the upload page alike. */
export const QUANTITY_WORDS = `Quantity must be a whole number from ${MIN_PART_QUANTITY} to ${thousands(MAX_PART_QUANTITY)}.`;

/** Why a part's quantity (as typed) cannot be ordered; null when it can. */
export function quantityProblem(value: number): string | null {
  return Number.isInteger(value) && value >= MIN_PART_QUANTITY && value <= MAX_PART_QUANTITY ? null : QUANTITY_WORDS;
}

/** The sentence a part's scale out of bounds is refused with on the upload page (the server's bounds). */
export const SCALE_WORDS = `Scale must be a percent from ${MIN_PRINT_SCALE * 100} to ${thousands(MAX_PRINT_SCALE * 100)}.`;

/** Why a part's scale, as a typed percent, cannot be printed; null when it can. */
export function scalePercentProblem(percent: number): string | null {
  return Number.isFinite(percent) && percent >= MIN_PRINT_SCALE * 100 && percent <= MAX_PRINT_SCALE * 100 ? null : SCALE_WORDS;
}
