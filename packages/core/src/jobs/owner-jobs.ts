import { z } from "zod";
import type { Store } from "../db/store.ts";
import { getPrinterRecord } from "../printers/list.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { fail } from "../shared/errors.ts";
import { jobSchema, ownerName, presentJob, summaryOf } from "./present.ts";
import type { JobRecord } from "./records.ts";

/**
 * Jobs sent to an owner's printers (spec 2 §2 dashboard and Print Queue, §7 calls).
 *
 * Access patterns: a printer's orders come from the sparse `byPrinter` index (only submitted
 * jobs carry `orderPrinterId`, so customers' drafts are never read); an owner's orders are the
 * union over the owner's printers (`printers.byOwner`). Newest submission first.
 */

/** A job as its printer's owner sees it in lists: the job, and the customer's name (never their email). */
export const ownerJobSchema = jobSchema
  .extend({ customer: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }) })
  .meta({ id: "OwnerJob", description: "An order sent to one of the owner's printers, with the customer's name." });
export type OwnerJob = z.infer<typeof ownerJobSchema>;
type JobCustomer = OwnerJob["customer"];

/** Orders of one printer, newest first; drafts are excluded by the index and, to be sure, by status. */
async function ordersOf(store: Store, printerId: string): Promise<JobRecord[]> {
  const { data } = await store.entities.jobs.query.byPrinter({ orderPrinterId: printerId }).go({ pages: "all", order: "desc" });
  return data.filter((j) => j.status !== "draft");
}

/** Customers' names in one batch read. */
async function customersOf(store: Store, jobs: JobRecord[]): Promise<Map<string, JobCustomer>> {
  const ids = [...new Set(jobs.map((j) => j.customerId))];
  const out = new Map<string, JobCustomer>();
  if (ids.length === 0) return out;
  const { data } = await store.entities.users
    .get(ids.map((userId) => ({ userId })))
    .go({ attributes: ["userId", "firstName", "lastName"] });
  for (const u of data) out.set(u.userId, { firstName: u.firstName ?? null, lastName: u.lastName ?? null });
  return out;
}

async function present(store: Store, ownerId: string, printers: PrinterRecord[], jobs: JobRecord[]): Promise<OwnerJob[]> {
  const [customers, owner] = await Promise.all([customersOf(store, jobs), ownerName(store, ownerId)]);
  const byId = new Map(printers.map((p) => [p.printerId, summaryOf(p, owner)]));
  return jobs.map((job) => ({
    ...presentJob(job, byId.get(job.orderPrinterId ?? job.printerId ?? "") ?? null),
    customer: customers.get(job.customerId) ?? { firstName: null, lastName: null },
  }));
}

const newestFirst = (a: JobRecord, b: JobRecord) => (b.submittedAt ?? b.createdAt).localeCompare(a.submittedAt ?? a.createdAt);

/** GET /api/printers/{id}/jobs: the printer's orders, for its owner only (404 unknown, 403 someone else's). */
export async function listPrinterJobs(store: Store, userId: string, printerId: string): Promise<OwnerJob[]> {
  const printer = await getPrinterRecord(store, printerId);
  if (printer.ownerId !== userId) throw fail("not_your_printer_jobs");
  return present(store, userId, [printer], await ordersOf(store, printer.printerId));
}

/** GET /api/users/{id}/printer-jobs: orders sent to any of the owner's printers, newest first. */
export async function listOwnerJobs(store: Store, ownerId: string): Promise<OwnerJob[]> {
  const { data: printers } = await store.entities.printers.query.byOwner({ ownerId }).go({ pages: "all" });
  const lists = await Promise.all(printers.map((p) => ordersOf(store, p.printerId)));
  return present(store, ownerId, printers, lists.flat().sort(newestFirst));
}
