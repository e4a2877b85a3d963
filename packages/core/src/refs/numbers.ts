import { z } from "zod";
import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { formatOrderNumber, parseOrderNumber } from "../shared/order-numbers.ts";

/**
 * Short numbers people can read aloud (issue 14): orders are PH-10001, PH-10002, …; printers
 * are #1, #2, …. Ids stay the system's keys; a number is a second name.
 *
 * Allocation: one atomic counter per kind (`UpdateItem ADD 1`, returning the new value), so two
 * requests can never receive the same number and none is handed out twice. The number is then
 * written with the thing it names in one transaction, together with a `refNumber` item created
 * only if absent, which both makes the number findable and guarantees, by a conditional write,
 * that it names one thing forever. A submission that fails after allocating leaves a gap (a
 * number never used), never a duplicate (DECISIONS.md "Order and printer numbers").
 */
export type RefKind = "order" | "printer";

/** Numbers start here, so order numbers have five digits from the first order on. */
const FIRST: Record<RefKind, number> = { order: 10001, printer: 1 };
const counterName = (kind: RefKind) => `seq#${kind}`;

export async function allocateNumber(store: Store, kind: RefKind): Promise<number> {
  const { data } = await store.entities.counters
    .update({ name: counterName(kind) })
    .add({ value: 1 })
    .go({ response: "updated_new" });
  const value = (data as { value?: number }).value;
  if (typeof value !== "number") throw new Error(`counter ${counterName(kind)} answered no value`);
  return FIRST[kind] - 1 + value;
}

// Writing and reading an order number is core's pure rule (the site's search reads numbers with it too).
export { formatOrderNumber, parseOrderNumber };

/** "#12", "12" (or the number 12) → 12; anything else → null. */
export function parsePrinterNumber(ref: string | number): number | null {
  if (typeof ref === "number") return Number.isSafeInteger(ref) && ref > 0 ? ref : null;
  const m = /^#?(\d{1,9})$/.exec(ref.trim());
  return m ? Number(m[1]) : null;
}

const UUID = z.uuid();
const isUuid = (s: string) => UUID.safeParse(s).success;

async function lookup(store: Store, kind: RefKind, number: number): Promise<string | null> {
  const { data } = await store.entities.refNumbers.get({ kind, number }).go({ consistent: true });
  return data?.targetId ?? null;
}

/** The job id an order reference names (its id or its number), or null. */
export async function resolveOrderId(store: Store, ref: string): Promise<string | null> {
  if (isUuid(ref)) return ref;
  const n = parseOrderNumber(ref);
  return n === null ? null : lookup(store, "order", n);
}

/** The printer id a reference names (its id or its public number), or null. */
export async function resolvePrinterId(store: Store, ref: string | number): Promise<string | null> {
  if (typeof ref === "string" && isUuid(ref)) return ref;
  const n = parsePrinterNumber(ref);
  return n === null ? null : lookup(store, "printer", n);
}

/**
 * The printer's public number, given on first need to printers listed before numbers existed
 * (local data kept in .local/): allocated, then written only if the printer still has none. When
 * two readers race, one write wins and the other's number stays unused.
 */
export async function ensurePrinterNumber(store: Store, printer: PrinterRecord): Promise<number> {
  if (typeof printer.printerNumber === "number") return printer.printerNumber;
  const number = await allocateNumber(store, "printer");
  const outcome = await writeTransaction(store, ({ printers, refNumbers }) => [
    printers
      .patch({ printerId: printer.printerId })
      .set({ printerNumber: number })
      .where((a, o) => o.notExists(a.printerNumber))
      .commit(),
    refNumbers.create({ kind: "printer", number, targetId: printer.printerId }).commit(),
  ]);
  if (outcome.ok) return number;
  const { data } = await store.entities.printers.get({ printerId: printer.printerId }).go({ consistent: true });
  if (typeof data?.printerNumber !== "number") throw new Error(`printer ${printer.printerId} has no number after a lost race`);
  return data.printerNumber;
}

/**
 * Numbers for every printer that lacks one (local mode runs this at start, after the seed). A scan
 * filtered to printers without a number: there is no index of every printer any more (issue 23),
 * and the scale seed numbers its printers as it writes them, so this finds only the demo's few.
 */
export async function numberAllPrinters(store: Store): Promise<number> {
  const { data } = await store.entities.printers.scan.where((a, o) => o.notExists(a.printerNumber)).go({ pages: "all" });
  let given = 0;
  for (const p of data.sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    if (typeof p.printerNumber !== "number") {
      await ensurePrinterNumber(store, p);
      given++;
    }
  }
  return given;
}
