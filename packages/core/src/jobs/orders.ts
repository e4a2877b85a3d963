import type { Store } from "../db/store.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { fail } from "../shared/errors.ts";
import { getJob, type JobRecord, printerOf } from "./records.ts";

/** GET /api/print-jobs/{id}: a job for its customer, or the chosen printer's owner once submitted; anyone else a 404. */
export async function getPrintJob(store: Store, userId: string, jobId: string): Promise<{ job: JobRecord; printer: PrinterRecord | null }> {
  const job = await getJob(store, jobId);
  if (!job) throw fail("order_not_found");
  const printer = await printerOf(store, job);
  const isCustomer = job.customerId === userId;
  const isOwner = !!printer && printer.ownerId === userId && job.status !== "draft";
  if (!isCustomer && !isOwner) throw fail("order_not_found");
  return { job, printer };
}
