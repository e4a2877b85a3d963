import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import type { EventPublisher } from "../events/publisher.ts";
import { giveBackHolding, takeHolding } from "../limits/holdings.ts";
import { reserve } from "../limits/rate-limit.ts";
import { ORDERS_PER_PRINTER_PER_HOUR, SAVED_PRINTS, UNPAID_ORDERS } from "../limits/rules.ts";
import { openActive } from "../orders/active-index.ts";
import { addHours } from "../orders/clock.ts";
import { DEFAULT_EXPIRY } from "../orders/deps.ts";
import { publishStatusChanged, statusChanged } from "../orders/events.ts";
import { tallyItems } from "../orders/tallies.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { allocateNumber } from "../refs/numbers.ts";
import { projectProblem } from "../shared/compatibility.ts";
import { fail } from "../shared/errors.ts";
import { planTransition } from "../shared/lifecycle.ts";
import { isSuspendedPrinter } from "../shared/listing.ts";
import { formatCents } from "../shared/pricing.ts";
import { quotePrintPriceRange } from "../shared/quote.ts";
import { monthCounter } from "../stats.ts";
import { choiceOf, ownUploads, partNeeds, partsOf, priceProject, projectFields } from "./parts.ts";
import { findPrinter, getJob, type JobRecord, now } from "./records.ts";
import type { SubmitOrderInput } from "./schemas.ts";

/** "12.34" (or "12.3", "12") in cents; NaN for anything else (never equal to a total). */
function decimalToCents(text: string): number {
  const m = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

/**
 * POST /api/submit-order: the customer's draft becomes an order (`draft → submitted`) for a
 * printer that can print it, priced by the server from its own analysis and the printer's
 * price. The status change, the order's number, its payment deadline, the printer's open-order
 * count and the month's order counter are one transaction, conditional on the job still being this
 * customer's draft, so two racing submits can never both win.
 */
export async function submitOrder(
  store: Store,
  userId: string,
  input: SubmitOrderInput,
  options: { unpaidHours: number; clock?: () => Date } = { unpaidHours: DEFAULT_EXPIRY.unpaidHours },
): Promise<{ job: JobRecord; printer: PrinterRecord }> {
  const job = await getJob(store, input.draftId);
  if (!job || job.customerId !== userId) throw fail("draft_not_found");
  if (job.status !== "draft") throw fail("already_submitted");
  const transition = planTransition(job.status, "submit", "customer");
  // Every part at the colour chosen now (the first part's is filamentColor), re-measured and priced
  // from the server's own analyses on this printer.
  const choices = partsOf(job).map((p, i) => ({
    ...choiceOf(p),
    filamentColor: input.partColors?.[i] ?? (i === 0 ? input.filamentColor : p.filamentColor),
  }));
  const uploads = await ownUploads(store, userId, choices);
  // The owner would receive a file nobody could read (DECISIONS.md "Saving waits for the server's analysis").
  const failed = uploads.find((u) => u.status === "failed");
  if (failed) throw fail("design_not_analysed", { reason: failed.error?.message ?? "the file could not be read." });
  const printer = await findPrinter(store, input.printerId);
  const project = priceProject(choices, uploads, input.deliveryMethod, printer);
  // A measured design of no volume (a flat surface) would cost the fee for nothing printed.
  const empty = project.measured.findIndex((m) => !m.estimatedFromSize && !(m.estimatedWeight > 0));
  if (empty >= 0) throw fail("design_has_no_volume", { name: project.parts[empty]!.fileName });
  const problem = projectProblem(printer, partNeeds(project));
  if (problem) throw problem;
  const quote = project.quote;
  const only = project.parts.length === 1 && project.parts[0]!.quantity === 1 ? project.measured[0]! : null;
  const printPriceRange = only
    ? quotePrintPriceRange(only, { material: choices[0]!.material, deliveryMethod: input.deliveryMethod }, printer)
    : null;
  // The total the customer saw (the submit page's), when sent: a different one is a 409 naming the new total.
  if (input.expectedTotal !== undefined && decimalToCents(input.expectedTotal) !== quote.pricing.totalCents) {
    throw fail("price_changed", { total: formatCents(quote.pricing.totalCents) });
  }
  // Counted before the order is written (architecture rule 11); given back if the write fails.
  const slot = await reserve(store, ORDERS_PER_PRINTER_PER_HOUR, `${userId}#${printer.printerId}`);

  const at = options.clock ? options.clock().toISOString() : now();
  // The order's number is allocated first (an atomic counter) and written with the order; a
  // submission that then fails leaves an unused number, never a shared one (refs/numbers.ts).
  const orderNumber = await allocateNumber(store, "order");
  const dueAt = addHours(at, options.unpaidHours);
  const set = {
    status: transition.to,
    [transition.stamp]: at,
    orderNumber,
    dueAt,
    countedOpen: true,
    countedUnpaid: true,
    printerId: printer.printerId,
    orderPrinterId: printer.printerId,
    orderOwnerId: printer.ownerId,
    ...projectFields(project),
    deliveryMethod: input.deliveryMethod,
    updatedAt: at,
    // The print's price at both ends of the estimate's range, for the owner's adjustment (price-proposals/):
    // a single design printed once; a project of several parts or copies has no range (DECISIONS.md "Adjusted prices").
    ...(printPriceRange ? { printPriceRange } : {}),
    // Off the customer's Saved Prints, onto the printer's list of unfinished orders (orders/active-index.ts).
    ...openActive(printer.printerId, at, job.jobId),
    ...(input.specialInstructions?.trim() ? { specialInstructions: input.specialInstructions.trim() } : {}),
  } as const;
  // One transaction: the order (conditional on still being this customer's draft), its number,
  // its payment deadline, the printer's open-order count (the printer must still exist) and the
  // month's order counter. Concurrent submissions to one printer conflict on its count and are
  // retried by writeTransaction.
  // The customer's slot among UNPAID_ORDERS is taken (item 5) and the draft's among SAVED_PRINTS
  // given back in the same transaction.
  const outcome = await writeTransaction(store, (entities) => {
    const { jobs, counters, refNumbers, deadlines, printers } = entities;
    return [
      jobs
        .patch({ jobId: job.jobId })
        .set(set as never)
        .where((a, o) => `${o.eq(a.status, transition.from)} AND ${o.eq(a.customerId, userId)}`)
        .commit(),
      refNumbers.create({ kind: "order", number: orderNumber, targetId: job.jobId }).commit(),
      deadlines.create({ kind: "expiry", dueAt, jobId: job.jobId, reason: "unpaid" }).commit(),
      // Only to a printer that passed the quality test and that staff have not suspended meanwhile (core/staff/suspend.ts).
      printers
        .patch({ printerId: printer.printerId })
        .add({ openOrders: 1 })
        .where((a, o) => `${o.eq(a.verification, "verified")} AND ${o.notExists(a.suspendedAt)} AND ${o.notExists(a.ownerSuspendedAt)}`)
        .commit(),
      counters
        .update({ name: monthCounter(new Date(at)) })
        .add({ value: 1 })
        .commit(),
      takeHolding(entities, UNPAID_ORDERS, userId),
      ...(job.countedDraft ? [giveBackHolding(entities, SAVED_PRINTS, userId)] : []),
      // The order is counted in its customer's and printer's tallies from now on (orders/tallies.ts).
      ...tallyItems(entities, null, { ...job, ...set } as JobRecord),
    ];
  });
  if (!outcome.ok) {
    await slot.refund();
    if (outcome.failedItems.includes(0)) throw fail("already_submitted");
    if (outcome.failedItems.includes(3)) {
      const { data: now } = await store.entities.printers.get({ printerId: printer.printerId }).go({ consistent: true });
      if (!now) throw fail("printer_not_found");
      throw isSuspendedPrinter(now)
        ? fail("printer_suspended", { printer: now.name })
        : fail("printer_not_verified", { printer: now.name });
    }
    if (outcome.failedItems.includes(5)) throw fail(UNPAID_ORDERS.name);
    throw fail("already_submitted");
  }
  const updated = (await store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true })).data;
  return { job: updated ?? ({ ...job, ...set } as JobRecord), printer };
}

/**
 * Announces a submitted order (`job.status_changed`, draft → submitted) once submitOrder's write has
 * succeeded (architecture rule 6): the owner hears of the new request. A lost event does not undo the
 * order. The API's submit-order calls it, and so does local mode's demo story.
 */
export async function publishSubmitted(events: EventPublisher, job: JobRecord, printer: PrinterRecord, customerId: string) {
  const at = job.submittedAt ?? job.updatedAt;
  await publishStatusChanged(
    events,
    statusChanged(job, { from: "draft", to: "submitted", action: "submit", actor: "customer", actorId: customerId, at }, printer.ownerId),
  );
}
