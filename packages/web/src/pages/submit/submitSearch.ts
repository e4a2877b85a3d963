// What /submit-print and its route share (outside the page's lazily loaded chunk: the route prefetches with it).

export interface SubmitPrintSearch {
  printerId?: string;
  draftId?: string;
}

/** The printer and draft loads of this screen retry twice (spec 1 §7). */
export const SUBMIT_RETRIES = { retries: 2 };
