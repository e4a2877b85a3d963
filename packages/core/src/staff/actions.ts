/**
 * Every kind of staff action the audit log records (issue 21 point 5), named `area.verb`. A new
 * staff capability adds its actions here, then writes its audit line with `recordStaffAction`
 * (core/staff/audit.ts) in the transaction of the change it describes.
 */
export const STAFF_ACTIONS = [
  "user.grant_staff",
  "user.suspend",
  "user.unsuspend",
  "printer.suspend",
  "printer.unsuspend",
  "order.cancel",
  "report.resolve",
  "report.dismiss",
  "verification.approve",
  "verification.retry",
  "claim.decide",
  "order.refund",
  "money.retry",
  "money.close",
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** What an action was done to. */
export const AUDIT_TARGET_KINDS = ["user", "printer", "order", "report", "verification", "claim"] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];
