/**
 * How an owner's jobs are grouped on the dashboard and in the Print Queue (spec 2 §4 "Owner
 * grouping", §2 Print Queue). Pure: the web imports this module by path.
 */
export const OWNER_PENDING_STATUSES = ["submitted"] as const;
export const OWNER_ACTIVE_STATUSES = ["accepted", "printing"] as const;
export const OWNER_COMPLETED_STATUSES = ["completed", "picked_up"] as const;

const within = (list: readonly string[]) => (job: { status: string }) => list.includes(job.status);

/** New order requests (and the queue's pending requests): submitted. */
export const isOwnerPending = within(OWNER_PENDING_STATUSES);
/** Active orders (and the queue's active queue): accepted or printing. */
export const isOwnerActive = within(OWNER_ACTIVE_STATUSES);
/** Completed orders, whose printer profit is the owner's earnings: completed or picked_up. */
export const isOwnerCompleted = within(OWNER_COMPLETED_STATUSES);

/** Total earnings in cents: the printer profit of completed or picked-up jobs. */
export function ownerEarningsCents(jobs: readonly { status: string; pricing: { printerProfitCents: number } }[]): number {
  return jobs.filter(isOwnerCompleted).reduce((sum, j) => sum + j.pricing.printerProfitCents, 0);
}
