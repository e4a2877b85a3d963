import { z } from "zod";
import { formatOrderNumber } from "../refs/numbers.ts";
import { type EventPublisher, publishAfterWrite } from "./publisher.ts";
import type { DetailType } from "./rules.ts";

/**
 * The facts every event about a customer's money carries, for a notice only they get (a refund staff
 * closed unpaid, a card hold given back): the order and who to tell. Each event extends it with its own.
 */
export const customerOrderFacts = z.looseObject({
  jobId: z.string(),
  orderNumber: z.string().nullish(),
  fileName: z.string(),
  customerId: z.string(),
});
type Facts = z.infer<typeof customerOrderFacts>;

/** Publishes `type` about `job` after its write, with the order's facts and the event's own `detail`. */
export function publishCustomerNotice<D extends object>(
  events: EventPublisher,
  type: DetailType,
  job: { jobId: string; orderNumber?: number | undefined; fileName: string; customerId: string },
  detail: D,
) {
  const full: Facts & D = {
    jobId: job.jobId,
    orderNumber: formatOrderNumber(job.orderNumber),
    fileName: job.fileName,
    customerId: job.customerId,
    ...detail,
  };
  return publishAfterWrite(events, type, full as unknown as Record<string, unknown>);
}
