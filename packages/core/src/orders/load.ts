import type { EntityItem } from "electrodb";
import { type KeyedRead, keyed } from "../db/batch.ts";
import type { JobEntity } from "../db/entities/job.ts";
import type { Store } from "../db/store.ts";
import { isUuid } from "../jobs/records.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { resolveOrderId } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";

type JobRecord = EntityItem<typeof JobEntity>;
export type OrderRecord = JobRecord;

/** Who is looking at an order: its customer, its printer's owner, or nobody allowed to. */
export type Viewer = "customer" | "owner";

export interface LoadedOrder {
  job: JobRecord;
  printer: PrinterRecord | null;
  ownerId: string | null;
  /** How the answer is shaped: as the customer sees it, or as the owner does. */
  viewer: Viewer;
  isCustomer: boolean;
  isOwner: boolean;
}

/** The order a reference names (its id or its number PH-10423), read consistently; null if none. */
export async function findOrder(store: Store, ref: string): Promise<JobRecord | null> {
  const jobId = await resolveOrderId(store, ref);
  if (!jobId) return null;
  const { data } = await store.entities.jobs.get({ jobId }).go({ consistent: true });
  return asOrder(data);
}

/** A job record as an order: null for a draft (not an order yet) or none. */
const asOrder = (data: JobRecord | null): JobRecord | null => (data && data.status !== "draft" ? data : null);

/**
 * The read findOrder makes for a reference that is an order's id (a number needs its lookup
 * first: null), to make beside others in one BatchGetItem (read it consistently), and what it
 * answers as findOrder would (parse the answer with `asFound`).
 */
export function orderRead(store: Store, ref: string): KeyedRead<JobRecord> | null {
  if (!isUuid(ref)) return null;
  const read = keyed(store.entities.jobs, { jobId: ref });
  return { key: read.key, parse: (item) => asOrder(read.parse(item)) };
}

export async function orderPrinterOf(store: Store, job: JobRecord): Promise<PrinterRecord | null> {
  const printerId = job.orderPrinterId ?? job.printerId;
  return printerId ? (await store.entities.printers.get({ printerId }).go()).data : null;
}

/**
 * An order as `userId` may see it: its customer, or the owner of the printer it was sent to.
 * Anyone else gets the same 404 as for an order that does not exist (no probing for ids).
 */
export async function loadOrderFor(store: Store, userId: string, ref: string): Promise<LoadedOrder> {
  const job = await findOrder(store, ref);
  if (!job) throw fail("order_not_found");
  const printer = await orderPrinterOf(store, job);
  const ownerId = printer?.ownerId ?? null;
  const isCustomer = job.customerId === userId;
  const isOwner = ownerId === userId;
  if (!isCustomer && !isOwner) throw fail("order_not_found");
  return { job, printer, ownerId, viewer: isCustomer ? "customer" : "owner", isCustomer, isOwner };
}

/** The same, for a step only the printer's owner may take (a customer acting as owner: 403). */
export async function loadOrderForOwner(store: Store, userId: string, ref: string): Promise<LoadedOrder & { ownerId: string }> {
  const loaded = await loadOrderFor(store, userId, ref);
  if (!loaded.isOwner || !loaded.ownerId) throw fail("owner_only");
  return { ...loaded, ownerId: loaded.ownerId };
}
