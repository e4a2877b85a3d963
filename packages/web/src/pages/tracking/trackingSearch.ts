// The query parameters of /printer-tracking: read by its route (outside the page's lazily loaded chunk) and the page.

export const TRACKING_TABS = ["pickup", "shipping", "payouts"] as const;
export type TrackingTab = (typeof TRACKING_TABS)[number];
export interface TrackingSearch {
  tab?: TrackingTab;
  /** Which of the owner's printers (its id); the first when absent, as the spec's screen has it. */
  printer?: string;
}

export function validateTrackingSearch(search: Record<string, unknown>): TrackingSearch {
  const tab = TRACKING_TABS.find((t) => t === search.tab);
  const printer = typeof search.printer === "string" && search.printer.length <= 64 ? search.printer : undefined;
  return { ...(tab ? { tab } : {}), ...(printer ? { printer } : {}) };
}
