import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import { z } from "zod";
import type { AuditEntryEntity } from "../db/entities/audit.ts";
import type { Store } from "../db/store.ts";
import type { TxEntities, TxItem } from "../db/transact.ts";
import type { CursorKey } from "../paging/cursor.ts";
import type { AuditTargetKind, StaffAction } from "./actions.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE } from "./schemas.ts";

/**
 * The staff audit log (issue 21 point 5): append-only, one item per action. `recordStaffAction`
 * gives the line as a transaction item, so a staff action and its line are written together or
 * not at all; `writeStaffAction` writes a line on its own (an action with nothing else to write in
 * DynamoDB). Nothing in the code updates or deletes a line (a test reads the sources for it), and
 * no route changes one: `GET /api/staff/audit` only reads.
 */

export type AuditRecord = EntityItem<typeof AuditEntryEntity>;

/** The staff member acting: their id and e-mail (kept on the line as it was then). */
export interface StaffActor {
  id: string;
  email: string;
}

export interface AuditLine {
  staff: StaffActor;
  action: StaffAction;
  target: { kind: AuditTargetKind; id: string; label?: string | undefined };
  /** Why, in the staff member's words (every staff action asks for one). */
  reason: string;
  /** Facts beyond the reason (e.g. the orders a suspension cancelled). Small: it is shown as is. */
  details?: Record<string, string | number | boolean | string[]> | undefined;
  /** When (ISO); the same instant as the change it describes. */
  at: string;
}

function toRecord(line: AuditLine, auditId: string): AuditRecord {
  return {
    auditId,
    at: line.at,
    staffId: line.staff.id,
    staffEmail: line.staff.email,
    action: line.action,
    targetKind: line.target.kind,
    targetId: line.target.id,
    ...(line.target.label ? { targetLabel: line.target.label } : {}),
    reason: line.reason,
    ...(line.details ? { details: line.details } : {}),
  };
}

/** The audit line as an item of the transaction that makes the change (created where it does not exist). */
export function recordStaffAction(entities: TxEntities, line: AuditLine): TxItem {
  return entities.auditEntries.create(toRecord(line, randomUUID())).commit();
}

/** The audit line written on its own. */
export async function writeStaffAction(store: Store, line: AuditLine): Promise<AuditRecord> {
  const record = toRecord(line, randomUUID());
  await store.entities.auditEntries.create(record).go();
  return record;
}

export const auditEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    staffId: z.string(),
    staffEmail: z.string(),
    action: z.string(),
    targetKind: z.string(),
    targetId: z.string(),
    targetLabel: z.string().nullable(),
    reason: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "AuditEntry", description: "One staff action: who, when, what, on what, and why." });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({
    entries: z.array(auditEntrySchema),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null at the end." }),
  })
  .meta({ id: "AuditPage" });
export type AuditPage = z.infer<typeof auditPageSchema>;

export function presentAuditEntry(r: AuditRecord): AuditEntry {
  return {
    id: r.auditId,
    at: r.at,
    staffId: r.staffId,
    staffEmail: r.staffEmail,
    action: r.action,
    targetKind: r.targetKind,
    targetId: r.targetId,
    targetLabel: r.targetLabel ?? null,
    reason: r.reason,
    details: (r.details as Record<string, unknown> | undefined) ?? {},
  };
}

/**
 * A page of the log, newest first. Read from the log's one partition by its sort key (`at`, then
 * the line's id), strictly older than the cursor's line, so a page boundary never repeats or skips
 * a line even when two share a millisecond; `targetId` reads one target's history from its index.
 */
export async function listAudit(
  store: Store,
  key: CursorKey,
  options: { cursor?: string | undefined; limit?: number | undefined; targetId?: string | undefined } = {},
): Promise<AuditPage> {
  const limit = Math.min(Math.max(options.limit ?? AUDIT_PAGE_SIZE, 1), AUDIT_PAGE_MAX);
  // A marker belongs to the log it was made for (the whole log, or one target's history).
  const list = `audit:${options.targetId ?? ""}`;
  const after = options.cursor ? decodeCursor(key, list, options.cursor) : null;
  const { auditEntries } = store.entities;
  const base = options.targetId ? auditEntries.query.byTarget({ targetId: options.targetId }) : auditEntries.query.primary({});
  const query = after ? base.lt({ at: after.at, auditId: after.id }) : base;
  // One more than asked tells whether a next page exists without a second round trip.
  const { data } = await query.go({ order: "desc", limit: limit + 1 });
  const page = data.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(presentAuditEntry),
    nextCursor: data.length > limit && last ? encodeCursor(key, list, last.at, last.auditId) : null,
  };
}
