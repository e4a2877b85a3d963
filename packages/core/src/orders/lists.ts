import type { Store } from "../db/store.ts";
import { presentJob, summaryOf } from "../jobs/present.ts";
import { namesOf, type Person } from "../messages/present.ts";
import { getPrinterRecord } from "../printers/list.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { resolvePrinterId } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import type { OrderRecord } from "./load.ts";
import { orderFields, type PresentedOrder } from "./present.ts";

/*
 * The order lists of spec 2 §7: a customer's orders (GET /api/users/{id}/jobs), an owner's
 * (GET /api/users/{id}/printer-jobs) and a printer's (GET /api/printers/{id}/jobs). Each order
 * carries its number, payment, shipping and, for owners, the part's printed size. Names come in
 * one batch read per list. Newest first.
 */
type Names = Person;

async function printersOf(store: Store, ids: string[]): Promise<Map<string, PrinterRecord>> {
  const out = new Map<string, PrinterRecord>();
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return out;
  const { data } = await store.entities.printers.get(unique.map((printerId) => ({ printerId }))).go();
  for (const p of data) out.set(p.printerId, p);
  return out;
}

const submittedFirst = (a: OrderRecord, b: OrderRecord) => (b.submittedAt ?? b.createdAt).localeCompare(a.submittedAt ?? a.createdAt);
const printerIdOf = (j: OrderRecord) => j.orderPrinterId ?? j.printerId ?? "";

function present(job: OrderRecord, printer: PrinterRecord | undefined, owner: Names | undefined) {
  const summary = printer
    ? summaryOf(printer, owner ? { username: owner.username, firstName: owner.firstName, lastName: owner.lastName } : null)
    : null;
  return {
    ...presentJob(job, summary),
    ...orderFields(job, printer ?? null),
    printer: summary ? { ...summary, number: printer?.printerNumber ?? null } : null,
  };
}

/** The customer's orders (drafts are Saved Prints, not orders). */
export async function listCustomerOrders(store: Store, customerId: string): Promise<PresentedOrder[]> {
  const { data } = await store.entities.jobs.query
    .byCustomer({ customerId })
    .where((a, o) => o.ne(a.status, "draft"))
    .go({ pages: "all" });
  const jobs = data.sort(submittedFirst);
  const printers = await printersOf(store, jobs.map(printerIdOf));
  const owners = await namesOf(
    store,
    [...printers.values()].map((p) => p.ownerId),
  );
  const me = (await namesOf(store, [customerId])).get(customerId);
  return jobs.map((j) => {
    const printer = printers.get(printerIdOf(j));
    return {
      ...present(j, printer, printer ? owners.get(printer.ownerId) : undefined),
      customer: me ? { username: me.username, firstName: me.firstName, lastName: me.lastName, email: me.email } : null,
      claim: null,
      viewer: "customer" as const,
    };
  });
}

async function ordersOfPrinter(store: Store, printerId: string): Promise<OrderRecord[]> {
  const { data } = await store.entities.jobs.query.byPrinter({ orderPrinterId: printerId }).go({ pages: "all" });
  return data.filter((j) => j.status !== "draft");
}

/** Orders for the owner's eyes: with the customer's name and email (spec 2 §6). */
async function forOwner(store: Store, ownerId: string, printers: PrinterRecord[], jobs: OrderRecord[]): Promise<PresentedOrder[]> {
  const people = await namesOf(store, [ownerId, ...jobs.map((j) => j.customerId)]);
  const byId = new Map(printers.map((p) => [p.printerId, p]));
  return jobs.sort(submittedFirst).map((j) => {
    const c = people.get(j.customerId);
    return {
      ...present(j, byId.get(printerIdOf(j)), people.get(ownerId)),
      customer: c ? { username: c.username, firstName: c.firstName, lastName: c.lastName, email: c.email } : null,
      claim: null,
      viewer: "owner" as const,
    };
  });
}

export async function listPrinterOrders(store: Store, userId: string, printerRef: string) {
  const printer = await getPrinterRecord(store, (await resolvePrinterId(store, printerRef)) ?? printerRef);
  if (printer.ownerId !== userId) throw fail("not_your_printer_jobs");
  return forOwner(store, userId, [printer], await ordersOfPrinter(store, printer.printerId));
}

export async function listOwnerOrders(store: Store, ownerId: string) {
  const { data: printers } = await store.entities.printers.query.byOwner({ ownerId }).go({ pages: "all" });
  const lists = await Promise.all(printers.map((p) => ordersOfPrinter(store, p.printerId)));
  return forOwner(store, ownerId, printers, lists.flat());
}
