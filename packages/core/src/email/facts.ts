import type { Store } from "../db/store.ts";
import { partsOf } from "../jobs/parts.ts";
import { orderPrinterOf } from "../orders/load.ts";
import { emailPictures } from "../photos/email-link.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { thumbnailPath } from "../shared/uploads.ts";
import type { OrderFacts } from "./templates.ts";

/**
 * The order facts an e-mail shows, read from the job itself (consistent read: the event may
 * overtake a replica) so the e-mail says what the order says. Null when the job is gone.
 * `orderNumber` is the event's label (PH-10423); the job's own number is used when it has none.
 */
export async function orderFacts(
  store: Store,
  jobId: string,
  extra: {
    orderNumber?: string | undefined;
    status?: string;
    previousStatus?: string | undefined;
    reason?: string | undefined;
    carrier?: string | undefined;
    trackingNumber?: string | undefined;
  } = {},
): Promise<OrderFacts | null> {
  const job = (await store.entities.jobs.get({ jobId }).go({ consistent: true })).data;
  if (!job) return null;
  const printer = await orderPrinterOf(store, job);
  // The finished part's photos go with the e-mail that says it is printed (issue 21 point 3).
  const status = extra.status ?? job.status;
  const pictures = status === "completed" ? await emailPictures(store, job.completionPhotoIds ?? [], `${job.fileName}, finished`) : [];
  return {
    jobId,
    orderLabel: extra.orderNumber ?? formatOrderNumber(job.orderNumber) ?? `ref. ${jobId.slice(0, 8).toUpperCase()}`,
    fileName: job.fileName,
    material: job.material,
    filamentColor: job.filamentColor,
    deliveryMethod: job.deliveryMethod,
    status,
    previousStatus: extra.previousStatus,
    reason: extra.reason,
    specialInstructions: job.specialInstructions ?? "",
    printerName: printer?.name ?? "your printer",
    printerNumber: printer?.printerNumber ?? undefined,
    totalCents: job.pricing.totalCents,
    ...(pictures.length ? { pictures } : {}),
    parts: partsOf(job).map((p, _, all) => ({
      fileName: p.fileName,
      quantity: p.quantity,
      picture: p.thumbnailId ? thumbnailPath(p.thumbnailId) : null,
      // Several parts may each have their own material and colour: each says its own.
      ...(all.length > 1 ? { material: p.material, filamentColor: p.filamentColor } : {}),
    })),
    carrier: extra.carrier ?? job.carrier ?? undefined,
    trackingNumber: extra.trackingNumber ?? job.trackingNumber ?? undefined,
  };
}
