import type { EntityItem } from "electrodb";
import { z } from "zod";
import type { JobEntity } from "../db/entities/job.ts";
import type { Store } from "../db/store.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { resolvePrinterId } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import type { UploadRecord } from "../uploads/uploads.ts";

/** Reading the records a job is made of: the job, its upload and its printer, each by its owner's rules. */

export type JobRecord = EntityItem<typeof JobEntity>;
export type { UploadRecord };
export type JobSettings = JobRecord["printSettings"];

const UUID = z.uuid();
/** Ids are UUIDs: anything else matches nothing, without asking the table. (One schema: building it costs more than the check.) */
export const isUuid = (s: string) => UUID.safeParse(s).success;
export const now = () => new Date().toISOString();

export async function getJob(store: Store, jobId: string): Promise<JobRecord | null> {
  return isUuid(jobId) ? (await store.entities.jobs.get({ jobId }).go({ consistent: true })).data : null;
}

/** A printer chosen for a job, by its id or its public number (the spec's integer printerId: "12" or "#12"). */
export async function findPrinter(store: Store, ref: string): Promise<PrinterRecord> {
  const printerId = await resolvePrinterId(store, ref);
  const printer = printerId ? (await store.entities.printers.get({ printerId }).go()).data : null;
  if (!printer) throw fail("printer_not_found");
  return printer;
}

export async function printerOf(store: Store, job: Pick<JobRecord, "printerId">): Promise<PrinterRecord | null> {
  return job.printerId ? (await store.entities.printers.get({ printerId: job.printerId }).go()).data : null;
}
