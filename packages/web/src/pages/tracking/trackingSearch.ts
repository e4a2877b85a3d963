// The query parameters of /printer-tracking: read by its route (outside the page's lazily loaded chunk) and the page.

export const TRACKING_TABS = ["pickup", "shipping", "payouts"] as const;
export type TrackingTab = (typeof TRACKING_TABS)[number];
export interface TrackingSearch {
  tab?: TrackingTab;
}

export function validateTrackingSearch(search: Record<string, unknown>): TrackingSearch {
  const tab = TRACKING_TABS.find((t) => t === search.tab);
  return tab ? { tab } : {};
}
