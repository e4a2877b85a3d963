import { z } from "zod";

/** Inputs of the staff calls (issue 21 point 5). Strict: unknown keys are refused. */

/** Lines per page of the audit log, and the most a client may ask for. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;

/** `GET /api/staff/audit?cursor=&limit=`: a page of the audit log, newest first. */
export const auditQuery = z
  .strictObject({
    cursor: z.string().max(400, "That page marker is not one of ours.").optional(),
    limit: z.coerce
      .number({ error: "The page size must be a number." })
      .int("The page size must be a whole number.")
      .min(1, "The page size must be at least 1.")
      .max(AUDIT_PAGE_MAX, `The page size must be at most ${AUDIT_PAGE_MAX}.`)
      .optional(),
    targetId: z.string().max(100).optional(),
  })
  .meta({ id: "AuditQuery" });
export type AuditQuery = z.infer<typeof auditQuery>;

/** Words a staff member must give for any action (what the audit log and the people affected read). */
export const STAFF_REASON_MAX = 500;
export const staffReason = z
  .string({ error: "Please give a reason." })
  .trim()
  .min(3, "Please give a reason (a few words at least).")
  .max(STAFF_REASON_MAX, `The reason must be at most ${STAFF_REASON_MAX} characters.`);

/** `POST /api/staff/users/{id}/suspension` and `POST /api/staff/printers/{id}/suspension`: suspend (true) or lift (false). */
export const suspensionInput = z
  .strictObject({
    suspended: z.boolean({ error: "Say whether to suspend (true) or lift the suspension (false)." }),
    reason: staffReason,
  })
  .meta({ id: "SuspensionInput" });
export type SuspensionInput = z.infer<typeof suspensionInput>;

/** `GET /api/staff/lookup?q=`: an e-mail, a username, a number (PH-10423, #12) or an id. */
export const lookupQuery = z
  .strictObject({
    q: z
      .string({ error: "Type an e-mail, an order number or a printer number." })
      .trim()
      .min(1, "Type an e-mail, an order number or a printer number.")
      .max(254, "That is too long to be an e-mail or a number."),
  })
  .meta({ id: "LookupQuery" });
