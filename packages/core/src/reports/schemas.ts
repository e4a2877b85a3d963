import { z } from "zod";
import { REPORT_DETAILS_MAX, REPORT_KINDS, REPORT_REASONS } from "../shared/reports.ts";
import { staffReason } from "../staff/schemas.ts";

/**
 * `POST /api/reports` (issue 21 point 6): a customer or owner reports a message on their order's
 * thread, or the other account of that order, with a reason from the short list and their words
 * (needed for "other"). Strict: unknown keys are refused.
 */
export const reportInput = z
  .strictObject({
    orderId: z.string({ error: "Say which order this is about." }).min(1, "Say which order this is about.").max(100),
    kind: z.enum(REPORT_KINDS, { error: "Report a message or an account." }),
    messageId: z.string().min(1).max(100).optional(),
    reason: z.enum(REPORT_REASONS, { error: "Please choose a reason." }),
    details: z.string().trim().max(REPORT_DETAILS_MAX, `Please keep it to ${REPORT_DETAILS_MAX} characters.`).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.kind === "message" && !r.messageId)
      ctx.addIssue({ code: "custom", path: ["messageId"], message: "Say which message you report." });
    if (r.kind === "account" && r.messageId)
      ctx.addIssue({ code: "custom", path: ["messageId"], message: "An account report names no message." });
    if (r.reason === "other" && !r.details) ctx.addIssue({ code: "custom", path: ["details"], message: "Please tell us what is wrong." });
  })
  .meta({ id: "ReportInput" });
export type ReportInput = z.infer<typeof reportInput>;

/** `POST /api/staff/reports/{id}/resolution`: staff close a report, with a note for the log. */
export const reportResolutionInput = z
  .strictObject({
    outcome: z.enum(["resolved", "dismissed"], { error: "Choose resolved or dismissed." }),
    note: staffReason,
  })
  .meta({ id: "ReportResolutionInput" });
export type ReportResolutionInput = z.infer<typeof reportResolutionInput>;

/** `GET /api/staff/reports?cursor=`: the open queue, oldest first. */
export const reportQueueQuery = z.strictObject({ cursor: z.string().max(400).optional() }).meta({ id: "ReportQueueQuery" });
