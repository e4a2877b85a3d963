import type { Store } from "../db/store.ts";
import { findOrder } from "../orders/load.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { fail } from "../shared/errors.ts";
import { mayReorder } from "../shared/job-groups.ts";
import { STATUS_WORDS } from "../shared/lifecycle.ts";
import { createDraft } from "./drafts.ts";
import { choiceOf, ownUploads, partsOf, priceProject, projectFields } from "./parts.ts";
import { findPrinter, type JobRecord } from "./records.ts";
import type { ReorderInput } from "./schemas.ts";

/**
 * POST /api/print-jobs/{id}/reorder (issue 22 point 6): a finished order (handed over, cancelled or
 * declined) as a new saved print with the same parts, files, copies, settings and delivery, priced
 * at today's prices by the server, for the same printer or another (`printerId`; null for none
 * yet). Only the order's customer; anyone else gets the 404 of an order that does not exist. The
 * files are the same analysed copies the order was priced from. The new draft takes one of the
 * customer's saved-print slots, as saving one does.
 */
export async function reorder(store: Store, userId: string, ref: string, input: ReorderInput): Promise<JobRecord> {
  const order = await findOrder(store, ref);
  if (!order || order.customerId !== userId) throw fail("order_not_found");
  if (!mayReorder(order)) throw fail("not_reorderable", { status: STATUS_WORDS[order.status] });
  const printer = await printerFor(store, order, input);
  const choices = partsOf(order).map(choiceOf);
  const project = priceProject(choices, await ownUploads(store, userId, choices), order.deliveryMethod, printer);
  return createDraft(store, userId, printer?.printerId ?? null, {
    ...projectFields(project),
    deliveryMethod: order.deliveryMethod,
    ...(order.specialInstructions ? { specialInstructions: order.specialInstructions } : {}),
  });
}

/** The printer asked for; else the order's own, or none when it has gone since. */
async function printerFor(store: Store, order: JobRecord, input: ReorderInput): Promise<PrinterRecord | null> {
  if (input.printerId === null) return null;
  if (input.printerId !== undefined) return findPrinter(store, input.printerId);
  const own = order.orderPrinterId ?? order.printerId;
  return own ? ((await store.entities.printers.get({ printerId: own }).go()).data ?? null) : null;
}
