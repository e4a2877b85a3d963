import { z } from "zod";
import { getTogether, keyed } from "../db/batch.ts";
import type { Store } from "../db/store.ts";
import { presentJob, summaryOf } from "../jobs/present.ts";
import { namesOf } from "../messages/present.ts";
import { keyPage, mapPage, type Page, type PageAsk, pageQueryFields, type ReadStoppedShort } from "../paging/page.ts";
import { getPrinterRecord } from "../printers/list.ts";
import { copiedOwner, ownersOf } from "../printers/owner-name.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { resolvePrinterId } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import {
  CUSTOMER_GROUP_STATUSES,
  CUSTOMER_ORDER_GROUPS,
  type CustomerOrderGroup,
  OWNER_COMPLETED_STATUSES,
  TRACKING_GROUPS,
  TRACKING_RULES,
} from "../shared/job-groups.ts";
import type { JobStatus } from "../shared/lifecycle.ts";
import { activeAt, openListKey } from "./active-index.ts";
import { listItemOf, type OrderListItem } from "./list-item.ts";
import type { OrderRecord } from "./load.ts";
import { orderFields } from "./present.ts";

/*
 * The order lists of spec 2 §7: a customer's orders (GET /api/users/{id}/jobs), an owner's
 * (GET /api/users/{id}/printer-jobs) and a printer's (GET /api/printers/{id}/jobs). Each order
 * is presented as its page presents it, then given as a list's copy (list-item.ts: its number, the
 * payment's and shipping's gist, the part's printed size, its first parts and their counts). Names come in
 * one batch read per list. Newest first, a page at a time (issue 23): each page is read from the
 * index where the last one ended (`keyPage`), never the whole history.
 */
/** A name as a printer's copy (printers/owner-name.ts) or a user item gives it. */
type Named = { username: string; firstName?: string | null | undefined; lastName?: string | null | undefined };

/** Newest submission first; the id breaks a tie, so a page boundary is exact. */
const submittedFirst = (a: OrderRecord, b: OrderRecord) =>
  (b.submittedAt ?? b.createdAt).localeCompare(a.submittedAt ?? a.createdAt) || b.jobId.localeCompare(a.jobId);
const printerIdOf = (j: OrderRecord) => j.orderPrinterId ?? j.printerId ?? "";

function present(job: OrderRecord, printer: PrinterRecord | undefined, owner: Named | undefined) {
  const summary = printer
    ? summaryOf(printer, owner ? { username: owner.username, firstName: owner.firstName ?? null, lastName: owner.lastName ?? null } : null)
    : null;
  return {
    ...presentJob(job, summary),
    ...orderFields(job, printer ?? null),
    printer: summary ? { ...summary, number: printer?.printerNumber ?? null } : null,
  };
}

/**
 * Up to `n` items of a filtered query: DynamoDB applies `Limit` before the filter, so one read can
 * come back short (or empty) while more match further on; read on from its cursor until `n` are found
 * or the index ends.
 */
async function filledUpTo<T>(n: number, read: (cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const page = await read(cursor);
    out.push(...page.data);
    cursor = page.cursor;
  } while (cursor && out.length < n);
  return out.slice(0, n);
}

/** Where a customer's page ended: the last order's creation time and id (the byCustomer sort key). */
const customerPosition = z.strictObject({ c: z.string().max(40), j: z.string().max(60) });
type CustomerPosition = z.infer<typeof customerPosition>;

/**
 * The customer dashboard's tabs, each read a page at a time (issue 23): `active` or `completed`
 * (their statuses are the tabs' rules, shared/job-groups.ts); without a group, every order.
 */
const GROUP_STATUSES: Record<CustomerOrderGroup, ReadonlySet<string>> = {
  active: new Set(CUSTOMER_GROUP_STATUSES.active),
  completed: new Set(CUSTOMER_GROUP_STATUSES.completed),
};
export const customerOrderListQuery = z.strictObject({
  ...pageQueryFields,
  group: z.enum(CUSTOMER_ORDER_GROUPS, { error: "group must be active or completed" }).optional().meta({
    description:
      "active: orders not yet ready (submitted to printed, or declined); completed: ready for pickup or shipping, picked up or shipped",
  }),
});

/**
 * At most this many of a customer's orders are looked at for one page of a tab. A tab's orders can
 * be rare in a long history (a few active orders behind thousands finished), so its page may come
 * back short, with its marker where the reading stopped, rather than read the history at once.
 */
export const TAB_LOOK_MAX = 400;

/**
 * Up to `n` rows that `keep` keeps, read a page at a time from `read`, looking at no more than
 * TAB_LOOK_MAX rows: where the kept rows are rare the answer stops short, with the last row looked
 * at (the page's marker stops there). Filtered here, not by a FilterExpression: DynamoDB's filter
 * hides the last row it looked at, and the marker must be able to stop there.
 */
async function lookThrough<R>(
  read: (cursor: string | null, limit: number) => Promise<{ data: R[]; cursor: string | null }>,
  keep: (row: R) => boolean,
  n: number,
): Promise<ReadStoppedShort<R>> {
  const rows: R[] = [];
  let looked = 0;
  let last: R | null = null;
  let cursor: string | null = null;
  do {
    const page = await read(cursor, Math.min(100, TAB_LOOK_MAX - looked));
    for (const row of page.data) {
      looked += 1;
      last = row;
      if (keep(row) && rows.push(row) === n) return { rows, lookedTo: null };
    }
    cursor = page.cursor;
  } while (cursor && looked < TAB_LOOK_MAX);
  return { rows, lookedTo: cursor ? last : null };
}

/** Up to `n` of a customer's orders in a tab's statuses after `after`, newest first, looking at no more than TAB_LOOK_MAX. */
function customerOrdersIn(
  store: Store,
  customerId: string,
  statuses: ReadonlySet<string>,
  after: CustomerPosition | null,
  n: number,
): Promise<ReadStoppedShort<OrderRecord>> {
  const q = store.entities.jobs.query.byCustomer({ customerId });
  const ranged = after ? q.lt({ createdAt: after.c, jobId: after.j }) : q;
  return lookThrough(
    (cursor, limit) => ranged.go({ order: "desc", limit, cursor }) as Promise<{ data: OrderRecord[]; cursor: string | null }>,
    (job) => statuses.has(job.status),
    n,
  );
}

/** The customer's orders (drafts are Saved Prints, not orders), newest first by when each was made. */
export async function listCustomerOrders(
  store: Store,
  customerId: string,
  ask: PageAsk,
  { group }: { group?: CustomerOrderGroup | undefined } = {},
): Promise<Page<OrderListItem>> {
  const page = await keyPage(
    ask,
    // A marker of one tab is not one of another's (their positions are alike).
    group ? `orders:customer:${customerId}:${group}` : `orders:customer:${customerId}`,
    customerPosition,
    async (after, n) => {
      if (group) return customerOrdersIn(store, customerId, GROUP_STATUSES[group], after, n);
      const q = store.entities.jobs.query.byCustomer({ customerId });
      const ranged = after ? q.lt({ createdAt: after.c, jobId: after.j }) : q;
      // Drafts are few (at most SAVED_PRINTS), so reading past them is bounded.
      return filledUpTo(n, (cursor) => ranged.where((a, o) => o.ne(a.status, "draft")).go({ order: "desc", limit: n, cursor }));
    },
    (j) => ({ c: j.createdAt, j: j.jobId }),
  );
  return mapPage(page, (jobs) => presentForCustomer(store, customerId, jobs));
}

async function presentForCustomer(store: Store, customerId: string, jobs: OrderRecord[]): Promise<OrderListItem[]> {
  const { users, printers } = store.entities;
  const printerIds = [...new Set(jobs.map(printerIdOf).filter(Boolean))];
  // The page's printers and the customer's own name in one BatchGetItem (one round trip, not three);
  // the owners' names are the printers' copies, read only for a printer written before the copy.
  const [me, ...found] = await getTogether(store, [
    keyed(users, { userId: customerId }),
    ...printerIds.map((printerId) => keyed(printers, { printerId })),
  ]);
  const byId = new Map(found.flatMap((p) => (p ? [[p.printerId, p] as const] : [])));
  const uncopied = await ownersOf(store, [...byId.values()]);
  return jobs.map((j) => {
    const printer = byId.get(printerIdOf(j));
    const owner = printer ? (copiedOwner(printer) ?? uncopied.get(printer.ownerId)) : undefined;
    return listItemOf({
      ...present(j, printer, owner),
      customer: me ? { username: me.username, firstName: me.firstName ?? null, lastName: me.lastName ?? null, email: me.email } : null,
      claim: null,
      viewer: "customer" as const,
    });
  });
}

/** Where an owner's page ended: the last order's submission time and id. */
const ownerPosition = z.strictObject({ s: z.string().max(40), j: z.string().max(60) });
type OwnerPosition = z.infer<typeof ownerPosition>;
const ownerPositionOf = (j: OrderRecord): OwnerPosition => ({ s: j.submittedAt ?? j.createdAt, j: j.jobId });

/**
 * Up to `n` orders of a printer after `after`, newest submission first (byPrinter, sorted by
 * submittedAt; the id breaks a tie in the filter, so the page boundary is exact).
 */
async function ordersOfPrinter(
  store: Store,
  printerId: string,
  after: OwnerPosition | null,
  n: number,
  statuses?: readonly JobStatus[],
): Promise<OrderRecord[]> {
  const q = store.entities.jobs.query.byPrinter({ orderPrinterId: printerId });
  const ranged = after ? q.lte({ submittedAt: after.s }) : q;
  const filtered = ranged.where((a, o) => {
    // A group's statuses (never a draft's), or any but a draft.
    const kept = statuses ? `(${statuses.map((st) => o.eq(a.status, st)).join(" OR ")})` : o.ne(a.status, "draft");
    return after ? `${kept} AND (${o.lt(a.submittedAt, after.s)} OR ${o.lt(a.jobId, after.j)})` : kept;
  });
  return filledUpTo(n, (cursor) => filtered.go({ order: "desc", limit: n, cursor }));
}

/** The history's finished work (the dashboard's Completed Orders). */
const completedOrdersOfPrinter = (store: Store, printerId: string, after: OwnerPosition | null, n: number) =>
  ordersOfPrinter(store, printerId, after, n, OWNER_COMPLETED_STATUSES);

/**
 * Up to `n` of a printer's unfinished orders after `after`, newest submission first: the sparse
 * byActive list an order joins on submission and leaves when it is finished (active-index.ts), so
 * the owner's requests, queue and hand-overs are read without the printer's history.
 */
async function openOrdersOfPrinter(store: Store, printerId: string, after: OwnerPosition | null, n: number): Promise<OrderRecord[]> {
  const q = store.entities.jobs.query.byActive({ activeKey: openListKey(printerId) });
  const ranged = after ? q.lt({ activeAt: activeAt(after.s, after.j) }) : q;
  const { data } = await ranged.go({ order: "desc", limit: n });
  return data as OrderRecord[];
}

/**
 * The owner's order lists' query: a page (`limit`, `cursor`) and, for the dashboard's sections and
 * the Print Queue, a `group`: `open` (not yet finished: submitted to ready, from the printers' own
 * short lists) or `completed` (printed, handed over or not: the history's finished work).
 */
export const OWNER_LIST_GROUPS = ["open", "completed"] as const;
export type OwnerListGroup = (typeof OWNER_LIST_GROUPS)[number];
export const ownerOrderListQuery = z.strictObject({
  ...pageQueryFields,
  group: z.enum(OWNER_LIST_GROUPS, { error: "group must be open or completed" }).optional().meta({
    description:
      "open: only orders not yet finished (submitted, confirmed, accepted, printing, completed, ready); completed: completed, picked up or shipped",
  }),
});
export interface OwnerListOptions {
  group?: OwnerListGroup | undefined;
}

/**
 * One printer's list also reads the tracking screen's tabs (spec 2 §4 "Tracking lists"): `pickup`
 * (pickup and local-delivery orders printed, ready or picked up) and `shipping` (shipping orders
 * printed, ready or shipped), a page at a time like a customer's tab (at most TAB_LOOK_MAX orders
 * looked at a page: a page may come back short, its marker where the reading stopped).
 */
export const PRINTER_LIST_GROUPS = [...OWNER_LIST_GROUPS, ...TRACKING_GROUPS] as const;
export type PrinterListGroup = (typeof PRINTER_LIST_GROUPS)[number];
export const printerOrderListQuery = z.strictObject({
  ...pageQueryFields,
  group: z.enum(PRINTER_LIST_GROUPS, { error: "group must be open, completed, pickup or shipping" }).optional().meta({
    description:
      "open and completed as an owner's list; pickup: pickup and local-delivery orders completed, ready for pickup or picked up; shipping: shipping orders completed, ready for shipping or shipped",
  }),
});

/** Up to `n` of a printer's orders on a tracking tab after `after`, newest submission first, looking at no more than TAB_LOOK_MAX. */
function trackedOrdersOfPrinter(
  store: Store,
  printerId: string,
  keep: (j: OrderRecord) => boolean,
  after: OwnerPosition | null,
  n: number,
): Promise<ReadStoppedShort<OrderRecord>> {
  const q = store.entities.jobs.query.byPrinter({ orderPrinterId: printerId });
  const ranged = after ? q.lte({ submittedAt: after.s }) : q;
  // the id breaks a tie of submission times, as in ordersOfPrinter
  const past = (j: OrderRecord) => !after || (j.submittedAt ?? "") < after.s || j.jobId < after.j;
  return lookThrough(
    (cursor, limit) => ranged.go({ order: "desc", limit, cursor }) as Promise<{ data: OrderRecord[]; cursor: string | null }>,
    (j) => j.status !== "draft" && past(j) && keep(j),
    n,
  );
}

/** Orders for the owner's eyes: with the customer's name and email (spec 2 §6). */
async function forOwner(store: Store, ownerId: string, printers: PrinterRecord[], jobs: OrderRecord[]): Promise<OrderListItem[]> {
  const people = await namesOf(store, [ownerId, ...jobs.map((j) => j.customerId)]);
  const byId = new Map(printers.map((p) => [p.printerId, p]));
  return jobs.map((j) => {
    const c = people.get(j.customerId);
    return listItemOf({
      ...present(j, byId.get(printerIdOf(j)), people.get(ownerId)),
      customer: c ? { username: c.username, firstName: c.firstName, lastName: c.lastName, email: c.email } : null,
      claim: null,
      viewer: "owner" as const,
    });
  });
}

/** A page of the orders of some printers, merged newest first (each printer's read is a page too). */
async function ownerPage(
  store: Store,
  ownerId: string,
  printers: PrinterRecord[],
  ask: PageAsk,
  list: string,
  { group }: OwnerListOptions,
): Promise<Page<OrderListItem>> {
  const read = group === "open" ? openOrdersOfPrinter : group === "completed" ? completedOrdersOfPrinter : ordersOfPrinter;
  const page = await keyPage(
    ask,
    // A marker of one list is not one of another's (their positions are alike).
    group ? `${list}:${group}` : list,
    ownerPosition,
    async (after, n) => {
      const lists = await Promise.all(printers.map((p) => read(store, p.printerId, after, n)));
      return lists.flat().sort(submittedFirst).slice(0, n);
    },
    ownerPositionOf,
  );
  return mapPage(page, (jobs) => forOwner(store, ownerId, printers, jobs));
}

/** The owner's printer by its id or number; someone else's is refused. */
export async function ownPrinterRecord(store: Store, userId: string, printerRef: string): Promise<PrinterRecord> {
  const printer = await getPrinterRecord(store, (await resolvePrinterId(store, printerRef)) ?? printerRef);
  if (printer.ownerId !== userId) throw fail("not_your_printer_jobs");
  return printer;
}

export async function listPrinterOrders(
  store: Store,
  userId: string,
  printerRef: string,
  ask: PageAsk,
  { group }: { group?: PrinterListGroup | undefined } = {},
) {
  const printer = await ownPrinterRecord(store, userId, printerRef);
  const list = `orders:printer:${printer.printerId}`;
  if (group !== "pickup" && group !== "shipping") return ownerPage(store, userId, [printer], ask, list, { group });
  const page = await keyPage(
    ask,
    `${list}:${group}`,
    ownerPosition,
    (after, n) => trackedOrdersOfPrinter(store, printer.printerId, TRACKING_RULES[group], after, n),
    ownerPositionOf,
  );
  return mapPage(page, (jobs) => forOwner(store, userId, [printer], jobs));
}

export async function listOwnerOrders(store: Store, ownerId: string, ask: PageAsk, options: OwnerListOptions = {}) {
  const { data: printers } = await store.entities.printers.query.byOwner({ ownerId }).go({ pages: "all" });
  return ownerPage(store, ownerId, printers, ask, `orders:owner:${ownerId}`, options);
}
