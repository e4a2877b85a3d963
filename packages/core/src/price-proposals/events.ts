import { type EventPublisher, publishAfterWrite } from "../events/publisher.ts";
import { DETAIL_TYPES } from "../events/rules.ts";
import type { OrderRecord } from "../orders/load.ts";
import { formatOrderNumber } from "../refs/numbers.ts";

export type PriceProposalStep = "proposed" | "accepted" | "declined";

/**
 * `order.price_proposal`: published after the proposal or its answer has been written
 * (architecture rule 6), with what the notification and e-mail consumer needs (price-proposals/notify.ts).
 */
export interface PriceProposalChanged {
  jobId: string;
  orderNumber: string | null;
  fileName: string;
  customerId: string;
  ownerId: string;
  step: PriceProposalStep;
  totalCents: number;
  previousTotalCents: number;
  reason: string;
  at: string;
}

export function publishPriceProposal(events: EventPublisher, job: OrderRecord, ownerId: string, step: PriceProposalStep, at: string) {
  const p = job.priceProposal;
  if (!p) return Promise.resolve();
  const detail: PriceProposalChanged = {
    jobId: job.jobId,
    orderNumber: formatOrderNumber(job.orderNumber),
    fileName: job.fileName,
    customerId: job.customerId,
    ownerId,
    step,
    totalCents: p.totalCents,
    previousTotalCents: p.previousTotalCents,
    reason: p.reason,
    at,
  };
  return publishAfterWrite(events, DETAIL_TYPES.priceProposalChanged, detail as unknown as Record<string, unknown>);
}
