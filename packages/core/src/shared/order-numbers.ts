/**
 * How order numbers are written and read (issue 14, DECISIONS.md "Order and printer numbers"). Pure:
 * the server's lookup and the site's order search read numbers with the same rule.
 */
export const formatOrderNumber = (n: number | undefined | null) => (typeof n === "number" ? `PH-${n}` : null);

/** An order as the bell and the e-mails name it: "knob.stl (PH-10423)", or its file alone before it has a number. */
export const orderName = (o: { fileName: string; orderNumber?: string | null | undefined }) =>
  o.orderNumber ? `${o.fileName} (${o.orderNumber})` : o.fileName;

/** "PH-10423", "ph10423", "#10423" or "10423" → 10423; anything else → null. */
export function parseOrderNumber(ref: string): number | null {
  const m = /^(?:PH-?|#)?(\d{1,9})$/i.exec(ref.trim());
  return m ? Number(m[1]) : null;
}

/** Whether what a person typed names this order: its number in any accepted spelling, or its id. */
export function matchesOrderRef(order: { id: string; orderNumber: string | null }, typed: string): boolean {
  const ref = typed.trim();
  if (!ref) return true;
  if (ref.toLowerCase() === order.id.toLowerCase()) return true;
  const n = parseOrderNumber(ref);
  return n !== null && order.orderNumber !== null && parseOrderNumber(order.orderNumber) === n;
}
