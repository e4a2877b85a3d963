import type { EntityItem } from "electrodb";
import { z } from "zod";
import type { ReportEntity } from "../db/entities/report.ts";
import { REPORT_KINDS, REPORT_REASON_WORDS, REPORT_REASONS, REPORT_STATUSES } from "../shared/reports.ts";
import { staffUserSchema } from "../staff/present.ts";

export type ReportRecord = EntityItem<typeof ReportEntity>;

/** What the person who reported is answered: that it is received. */
export const reportReceiptSchema = z
  .object({
    id: z.string(),
    kind: z.enum(REPORT_KINDS),
    reason: z.enum(REPORT_REASONS),
    status: z.enum(REPORT_STATUSES),
    createdAt: z.string(),
    message: z.string().meta({ description: "A sentence for the person" }),
  })
  .meta({ id: "ReportReceipt" });
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

export function presentReceipt(r: ReportRecord): ReportReceipt {
  return {
    id: r.reportId,
    kind: r.kind,
    reason: r.reason,
    status: r.status,
    createdAt: r.createdAt,
    message: "Thank you. Our staff will look at your report; the other person is not told who reported them.",
  };
}

const threadLineSchema = z.object({
  id: z.string(),
  senderRole: z.enum(["customer", "owner"]),
  text: z.string(),
  sentAt: z.string(),
});

/** A report as the staff queue shows it: what, who, the order, the message and the conversation around it. */
export const staffReportSchema = z
  .object({
    id: z.string(),
    kind: z.enum(REPORT_KINDS),
    reason: z.enum(REPORT_REASONS),
    reasonWords: z.string(),
    details: z.string().nullable(),
    status: z.enum(REPORT_STATUSES),
    createdAt: z.string(),
    order: z.object({ id: z.string(), orderNumber: z.string().nullable(), fileName: z.string().nullable() }),
    reporter: z.object({ id: z.string(), email: z.string().nullable(), role: z.enum(["customer", "owner"]) }),
    reported: staffUserSchema.nullable(),
    message: z.object({ id: z.string(), text: z.string(), sentAt: z.string() }).nullable(),
    /** The thread's last messages (plain text: show as text). */
    thread: z.array(threadLineSchema),
    closedAt: z.string().nullable(),
    closedByEmail: z.string().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: "StaffReport" });
export type StaffReport = z.infer<typeof staffReportSchema>;

export const reportQueueSchema = z
  .object({ reports: z.array(staffReportSchema), nextCursor: z.string().nullable() })
  .meta({ id: "ReportQueue" });

export const reasonWords = (r: ReportRecord) => REPORT_REASON_WORDS[r.reason];
