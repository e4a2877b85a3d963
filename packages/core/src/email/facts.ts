import type { Store } from "../db/store.ts";
import type { OrderFacts } from "./templates.ts";

/**
 * The order facts an e-mail shows, read from the job itself (consistent read: the event may
 * overtake a replica) so the e-mail says what the order says. Null when the job is gone.
 */
export async function orderFacts(
  store: Store,
  jobId: string,
  extra: {
    orderNumber?: string | number | undefined;
    status?: string;
    carrier?: string | undefined;
    trackingNumber?: string | undefined;
  } = {},
): Promise<OrderFacts | null> {
  const job = (await store.entities.jobs.get({ jobId }).go({ consistent: true })).data;
  if (!job) return null;
  const printer = job.printerId ? (await store.entities.printers.get({ printerId: job.printerId }).go()).data : null;
  const stored = job as { orderNumber?: string | number };
  const number = extra.orderNumber ?? stored.orderNumber;
  return {
    jobId,
    orderLabel: number !== undefined ? `#${number}` : `ref. ${jobId.slice(0, 8).toUpperCase()}`,
    fileName: job.fileName,
    material: job.material,
    filamentColor: job.filamentColor,
    deliveryMethod: job.deliveryMethod,
    status: extra.status ?? job.status,
    specialInstructions: job.specialInstructions ?? "",
    printerName: printer?.name ?? "your printer",
    totalCents: job.pricing.totalCents,
    carrier: extra.carrier,
    trackingNumber: extra.trackingNumber,
  };
}
