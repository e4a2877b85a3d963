import { isFinal, type JobStatus } from "../shared/lifecycle.ts";

/**
 * The jobs' short lists (issue 23): a customer's drafts (Saved Prints) and a printer's unfinished
 * orders (the owner's requests, queue and orders to hand over), each in the sparse index byActive
 * (gsi3), so neither is ever found by reading a person's whole history. A draft enters when saved,
 * an order moves to its printer's list on submission and leaves it when it is finished (picked up,
 * shipped, cancelled or rejected): the writes that make those changes set or remove these fields.
 */
export const draftListKey = (customerId: string) => `draft:${customerId}`;
export const openListKey = (printerId: string) => `open:${printerId}`;

/** The list position: when the job entered the list, then its id (unique, so a page boundary is exact). */
export const activeAt = (at: string, jobId: string) => `${at}#${jobId}`;

/** The fields a new draft carries. */
export const draftActive = (customerId: string, createdAt: string, jobId: string) => ({
  activeKey: draftListKey(customerId),
  activeAt: activeAt(createdAt, jobId),
});

/** The fields a submitted order carries. */
export const openActive = (printerId: string, submittedAt: string, jobId: string) => ({
  activeKey: openListKey(printerId),
  activeAt: activeAt(submittedAt, jobId),
});

/** Whether a move to this status takes the order off its printer's list. */
export const leavesActiveList = (to: JobStatus) => isFinal(to);
