/**
 * Putting rules into words, so a sentence names what the rule holds (its list, its number) instead
 * of a copy typed by hand. Pure: the web imports this module too.
 */

/** "PLA, PETG, ABS or TPU" (or "STL, OBJ and 3MF"): a list of names as a sentence says it. */
export function listInWords(names: readonly string[], conjunction: "or" | "and" = "or"): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${conjunction} ${names.at(-1)}`;
}

/** 5000 → "5,000", as en-US writes it, without Intl (a first Intl number format costs a page 17–29 ms). */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * An order's status in words, for a sentence ("ready for pickup"). A local delivery goes through the
 * spec's pickup statuses, but the owner brings the part: it is said as a delivery ("ready for
 * delivery", "delivered"), on the badges, the timeline, the e-mails and the owner's buttons alike.
 */
export function statusInWords(status: string, deliveryMethod?: string | null): string {
  if (deliveryMethod === "delivery" && status === "ready_for_pickup") return "ready for delivery";
  if (deliveryMethod === "delivery" && status === "picked_up") return "delivered";
  return status.replace(/_/g, " ");
}
