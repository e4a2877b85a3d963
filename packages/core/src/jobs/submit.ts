import { failedConditions } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { printerProblem } from "../shared/compatibility.ts";
import { fail } from "../shared/errors.ts";
import { planTransition } from "../shared/lifecycle.ts";
import { monthCounter } from "../stats.ts";
import { quoteUpload, storedPricing } from "./quote.ts";
import { findPrinter, getJob, type JobRecord, now, ownUpload } from "./records.ts";
import type { SubmitOrderInput } from "./schemas.ts";

/**
 * POST /api/submit-order: the customer's draft becomes an order (`draft → submitted`) for a
 * printer that can print it, priced by the server from its own analysis and the printer's
 * price. The status change and the month's order counter are one transaction, conditional on
 * the job still being this customer's draft, so two racing submits can never both win.
 */
export async function submitOrder(
  store: Store,
  userId: string,
  input: SubmitOrderInput,
): Promise<{ job: JobRecord; printer: PrinterRecord }> {
  const job = await getJob(store, input.draftId);
  if (!job || job.customerId !== userId) throw fail("draft_not_found");
  if (job.status !== "draft") throw fail("already_submitted");
  const transition = planTransition(job.status, "submit", "customer");
  const upload = await ownUpload(store, userId, job.uploadId);
  // The owner would receive a file nobody could read (DECISIONS.md "Saving waits for the server's analysis").
  if (upload.status === "failed") throw fail("design_not_analysed", { reason: upload.error?.message ?? "the file could not be read." });
  const printer = await findPrinter(store, input.printerId);
  const quote = quoteUpload(
    upload,
    { material: job.material, printSettings: job.printSettings, deliveryMethod: input.deliveryMethod },
    printer,
  );
  const problem = printerProblem(printer, { material: job.material, filamentColor: input.filamentColor, boundingBox: quote.boundingBox });
  if (problem) throw problem;

  const at = now();
  const set = {
    status: transition.to,
    [transition.stamp]: at,
    printerId: printer.printerId,
    orderPrinterId: printer.printerId,
    filamentColor: input.filamentColor,
    deliveryMethod: input.deliveryMethod,
    estimatedWeight: quote.estimatedWeight,
    estimatedFromSize: quote.estimatedFromSize,
    printTimeMinutes: quote.printTimeMinutes,
    numberOfColors: quote.numberOfColors,
    printSettings: { ...job.printSettings, numberOfColors: quote.numberOfColors, printTimeMinutes: quote.printTimeMinutes },
    pricing: storedPricing(quote.pricing),
    updatedAt: at,
    ...(quote.boundingBox ? { boundingBox: quote.boundingBox } : {}),
    ...(input.specialInstructions?.trim() ? { specialInstructions: input.specialInstructions.trim() } : {}),
  } as const;
  const result = await store.service.transaction
    .write(({ jobs, counters }) => [
      jobs
        .patch({ jobId: job.jobId })
        .set(set as never)
        .where((a, o) => `${o.eq(a.status, transition.from)} AND ${o.eq(a.customerId, userId)}`)
        .commit(),
      counters
        .update({ name: monthCounter(new Date(at)) })
        .add({ value: 1 })
        .commit(),
    ])
    .go();
  // ElectroDB answers a cancelled transaction instead of throwing: item 0 is the job's condition.
  if (failedConditions(result).includes(0)) throw fail("already_submitted");
  if (result.canceled) throw new Error("submit-order transaction cancelled without a failed condition");
  const updated = (await store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true })).data;
  return { job: updated ?? ({ ...job, ...set } as JobRecord), printer };
}
