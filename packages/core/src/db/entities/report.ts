import { Entity } from "electrodb";
import { REPORT_KINDS, REPORT_REASONS, REPORT_STATUSES } from "../../shared/reports.ts";
import { keys, SERVICE } from "./common.ts";

/**
 * A customer's or owner's report of a message or of the other account on an order (issue 21
 * point 6; core/reports/). Its id is made from who reports what (reports/create.ts), so one person
 * reports one message, or one account on one order, once: the create is conditional. `openQueue`
 * is set only while the report waits for staff: gsi1 over it is the staff queue, oldest first, and
 * holds nothing else. Staff close it (resolved or dismissed, with a note) in one transaction with
 * the audit line.
 */
export const ReportEntity = new Entity({
  model: { entity: "report", version: "1", service: SERVICE },
  attributes: {
    reportId: { type: "string", required: true, readOnly: true },
    createdAt: { type: "string", required: true, readOnly: true },
    reporterId: { type: "string", required: true, readOnly: true },
    reporterRole: { type: ["customer", "owner"] as const, required: true, readOnly: true },
    kind: { type: REPORT_KINDS, required: true, readOnly: true },
    jobId: { type: "string", required: true, readOnly: true },
    reportedUserId: { type: "string", required: true, readOnly: true },
    messageId: { type: "string", readOnly: true },
    /** The message as it was (messages are never edited; kept so the queue reads it without the thread). */
    messageText: { type: "string", readOnly: true },
    messageSentAt: { type: "string", readOnly: true },
    reason: { type: REPORT_REASONS, required: true, readOnly: true },
    details: { type: "string", readOnly: true },
    status: { type: REPORT_STATUSES, required: true },
    /** "open" while waiting for staff; removed when closed (the queue's sparse index). */
    openQueue: { type: "string" },
    closedAt: { type: "string" },
    closedById: { type: "string" },
    closedByEmail: { type: "string" },
    note: { type: "string" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["reportId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    queue: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["openQueue"] },
      sk: { ...keys.gsi1.sk, composite: ["createdAt", "reportId"] },
    },
  },
});
