import { z } from "zod";
import type { Store } from "../db/store.ts";
import { isUuid } from "../jobs/records.ts";
import type { OrderRecord } from "../orders/load.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { parseOrderNumber, parsePrinterNumber } from "../refs/numbers.ts";
import type { UserRecord } from "../users/present.ts";
import {
  presentStaffOrder,
  presentStaffPrinter,
  presentStaffUser,
  staffOrderSchema,
  staffPrinterSchema,
  staffUserSchema,
} from "./present.ts";

/** Orders shown per account or printer found (the newest). */
export const LOOKUP_ORDERS = 20;

export const lookupResultSchema = z
  .object({
    query: z.string(),
    users: z.array(staffUserSchema),
    printers: z.array(staffPrinterSchema),
    orders: z.array(staffOrderSchema),
  })
  .meta({ id: "StaffLookup", description: "Every account, printer and order the query names, and those around them." });
export type LookupResult = z.infer<typeof lookupResultSchema>;

/**
 * `GET /api/staff/lookup?q=` (issue 21 point 5): any account by its e-mail, username or id, any
 * printer by its number (#12) or id, any order by its number (PH-10423) or id; a bare number is
 * tried as an order's and a printer's. Every read is by key (the e-mail and username reservations,
 * the number references, the ids): nothing is scanned. Around what it finds it shows the account's
 * printers and newest orders, a printer's owner and newest orders, an order's customer, printer and owner.
 */
export async function lookup(store: Store, raw: string): Promise<LookupResult> {
  const q = raw.trim();
  const { users, printers, jobs, uniques, refNumbers } = store.entities;
  const userIds = new Set<string>();
  const printerIds = new Set<string>();
  const jobIds = new Set<string>();

  const byRef = async (kind: "order" | "printer", n: number | null) =>
    n === null ? null : ((await refNumbers.get({ kind, number: n }).go({ consistent: true })).data?.targetId ?? null);
  const reservation = async (kind: "email" | "username", value: string) =>
    (await uniques.get({ kind, value: value.toLowerCase() }).go({ consistent: true })).data?.userId ?? null;

  if (q.includes("@")) {
    const id = await reservation("email", q);
    if (id) userIds.add(id);
  } else if (isUuid(q)) {
    // An id could be anyone's or anything's: all three are read by key.
    userIds.add(q);
    printerIds.add(q);
    jobIds.add(q);
  } else {
    const [order, printer, username] = await Promise.all([
      byRef("order", parseOrderNumber(q)),
      byRef("printer", parsePrinterNumber(q)),
      /^[A-Za-z0-9._-]{3,30}$/.test(q) ? reservation("username", q) : null,
    ]);
    if (order) jobIds.add(order);
    if (printer) printerIds.add(printer);
    if (username) userIds.add(username);
  }

  const getAll = async <T>(ids: Set<string>, read: (ids: string[]) => Promise<T[]>) => (ids.size ? read([...ids]) : []);
  const foundJobs = (await getAll(jobIds, async (ids) => (await jobs.get(ids.map((jobId) => ({ jobId }))).go()).data)).filter(
    (j) => j.status !== "draft",
  );
  const foundPrinters = await getAll(printerIds, async (ids) => (await printers.get(ids.map((printerId) => ({ printerId }))).go()).data);
  const foundUsers = await getAll(userIds, async (ids) => (await users.get(ids.map((userId) => ({ userId }))).go()).data);

  // What is around what was found.
  const orders = new Map<string, OrderRecord>(foundJobs.map((j) => [j.jobId, j]));
  const printerMap = new Map<string, PrinterRecord>(foundPrinters.map((p) => [p.printerId, p]));
  for (const u of foundUsers) {
    const [own, bought] = await Promise.all([
      printers.query.byOwner({ ownerId: u.userId }).go({ pages: "all" }),
      jobs.query.byCustomer({ customerId: u.userId }).go({ order: "desc", limit: LOOKUP_ORDERS * 2 }),
    ]);
    for (const p of own.data) printerMap.set(p.printerId, p);
    for (const j of bought.data.filter((x) => x.status !== "draft").slice(0, LOOKUP_ORDERS)) orders.set(j.jobId, j);
  }
  for (const p of [...printerMap.values()]) {
    const { data } = await jobs.query.byPrinter({ orderPrinterId: p.printerId }).go({ order: "desc", limit: LOOKUP_ORDERS });
    for (const j of data) orders.set(j.jobId, j);
  }
  for (const j of foundJobs) {
    const printerId = j.orderPrinterId ?? j.printerId;
    if (printerId && !printerMap.has(printerId)) {
      const { data } = await printers.get({ printerId }).go();
      if (data) printerMap.set(printerId, data);
    }
  }

  // The printers the other orders went to (a customer's orders went to others' printers): read in one
  // batch for their names, not listed among the printers found.
  const orderPrinters = new Map<string, PrinterRecord>(printerMap);
  const unread = [...new Set([...orders.values()].map((j) => j.orderPrinterId ?? j.printerId))].filter(
    (id): id is string => !!id && !orderPrinters.has(id),
  );
  if (unread.length)
    for (const p of (await printers.get(unread.map((printerId) => ({ printerId }))).go()).data) orderPrinters.set(p.printerId, p);

  // Every person named anywhere, for their e-mails, in one batch.
  const people = new Map<string, UserRecord>(foundUsers.map((u) => [u.userId, u]));
  const wanted = new Set<string>([
    ...[...printerMap.values()].map((p) => p.ownerId),
    ...[...orders.values()].map((j) => j.customerId),
    ...[...orders.values()].flatMap((j) => (j.orderOwnerId ? [j.orderOwnerId] : [])),
  ]);
  const missing = [...wanted].filter((id) => !people.has(id));
  if (missing.length) for (const u of (await users.get(missing.map((userId) => ({ userId }))).go()).data) people.set(u.userId, u);
  const emailOf = (id: string | undefined | null) => (id ? (people.get(id)?.email ?? null) : null);

  // Accounts shown: those found, then the people of a printer or order found directly.
  const shownUsers = new Map<string, UserRecord>(foundUsers.map((u) => [u.userId, u]));
  for (const p of foundPrinters) {
    const owner = people.get(p.ownerId);
    if (owner) shownUsers.set(owner.userId, owner);
  }
  for (const j of foundJobs) {
    for (const id of [j.customerId, j.orderOwnerId ?? printerMap.get(j.orderPrinterId ?? "")?.ownerId]) {
      const u = id ? people.get(id) : undefined;
      if (u) shownUsers.set(u.userId, u);
    }
  }

  const sortedOrders = [...orders.values()].sort((a, b) => (b.submittedAt ?? "").localeCompare(a.submittedAt ?? ""));
  return {
    query: q,
    users: [...shownUsers.values()].map(presentStaffUser),
    printers: [...printerMap.values()].map((p) => presentStaffPrinter(p, emailOf(p.ownerId))),
    orders: sortedOrders.map((j) => {
      const printer = orderPrinters.get(j.orderPrinterId ?? j.printerId ?? "") ?? null;
      return presentStaffOrder(j, {
        customerEmail: emailOf(j.customerId),
        printer,
        ownerEmail: emailOf(j.orderOwnerId ?? printer?.ownerId),
      });
    }),
  };
}
