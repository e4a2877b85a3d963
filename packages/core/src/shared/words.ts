/**
 * Putting rules into words, so a sentence names what the rule holds (its list, its number) instead
 * of a copy typed by hand. Pure: the web imports this module too.
 */

/** "PLA, PETG, ABS or TPU" (or "STL, OBJ and 3MF"): a list of names as a sentence says it. */
export function listInWords(names: readonly string[], conjunction: "or" | "and" = "or"): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${conjunction} ${names.at(-1)}`;
}
