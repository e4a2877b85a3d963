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
