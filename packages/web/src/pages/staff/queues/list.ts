/**
 * The staff console's queues (issue 21 point 5), in the order the console shows them. A queue is
 * one entry here plus one component in this folder (lazily loaded: `load` imports it) reading one
 * staff route (`GET /api/staff/…`, declared with `access: "staff"`). To add one: write
 * `MyQueue.tsx` exporting `Queue` (no props; it reads its route and acts through staff routes
 * that write the audit log), add `{ id, title, load: () => import("./MyQueue") }` here. The
 * console makes its tab, its address (`/staff?tab=id`) and its panel from this list.
 */
import type { ComponentType } from "react";

export interface StaffQueue {
  /** In the address: /staff?tab={id}. */
  id: string;
  /** The tab's name. */
  title: string;
  load: () => Promise<{ Queue: ComponentType }>;
}

export const STAFF_QUEUES: readonly StaffQueue[] = [
  { id: "reports", title: "Reported messages and accounts", load: () => import("./ReportsQueue") },
  { id: "quality-tests", title: "Quality tests", load: () => import("./QualityTestsQueue") },
  { id: "claims", title: "Open claims", load: () => import("./ClaimsQueue") },
  { id: "money", title: "Money owed", load: () => import("./MoneyQueue") },
];
