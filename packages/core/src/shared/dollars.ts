/**
 * Amounts people type in dollars (a refund offered on a claim, staff's refund): the API takes them
 * as `totalCost` is written, and the site's amount fields check them with the same rule. Pure and
 * browser-safe; its own module, so the small-helper chunks of the site do not grow (pricing.ts is
 * shared by most screens).
 */

/**
 * An amount people type in dollars, as `totalCost` is ("12.50", "12.5", "$12", 12.5), in cents;
 * null when it is not dollars and at most two decimals. The API's amounts and the site's amount
 * fields read it alike.
 */
export function dollarsToCents(value: string | number): number | null {
  const text = (typeof value === "number" ? String(value) : value).trim().replace(/^\$/, "");
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : null;
}

/** What an amount in dollars must look like, said when it does not. */
export const DOLLAR_AMOUNT_HINT = "The amount must be in dollars and cents, more than $0.00 (for example 12.50).";
