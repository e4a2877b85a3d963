import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import type { CursorKey } from "../paging/cursor.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import { recordStaffAction, type StaffActor } from "../staff/audit.ts";
import { decodeCursor, encodeCursor } from "../staff/cursor.ts";
import { presentStaffUser } from "../staff/present.ts";
import type { UserRecord } from "../users/present.ts";
import { type ReportRecord, reasonWords, type StaffReport } from "./present.ts";
import type { ReportResolutionInput } from "./schemas.ts";

/** Reports per page of the staff queue, and messages of the thread shown with each. */
export const REPORT_PAGE_SIZE = 25;
export const REPORT_THREAD_LINES = 10;

/** Reports with their order, people and conversation, for staff (a few batched reads per page). */
async function withContext(store: Store, reports: ReportRecord[]): Promise<StaffReport[]> {
  if (!reports.length) return [];
  const { users, jobs, messages } = store.entities;
  const userIds = [...new Set(reports.flatMap((r) => [r.reporterId, r.reportedUserId]))];
  const jobIds = [...new Set(reports.map((r) => r.jobId))];
  const [people, orders, threads] = await Promise.all([
    users.get(userIds.map((userId) => ({ userId }))).go(),
    jobs.get(jobIds.map((jobId) => ({ jobId }))).go({ attributes: ["jobId", "orderNumber", "fileName", "customerId"] }),
    Promise.all(jobIds.map((jobId) => messages.query.primary({ jobId }).go({ order: "desc", limit: REPORT_THREAD_LINES }))),
  ]);
  const person = new Map<string, UserRecord>(people.data.map((u) => [u.userId, u]));
  const order = new Map(orders.data.map((j) => [j.jobId, j]));
  const thread = new Map(jobIds.map((id, i) => [id, threads[i]?.data ?? []]));
  return reports.map((r) => {
    const job = order.get(r.jobId);
    const reported = person.get(r.reportedUserId);
    return {
      id: r.reportId,
      kind: r.kind,
      reason: r.reason,
      reasonWords: reasonWords(r),
      details: r.details ?? null,
      status: r.status,
      createdAt: r.createdAt,
      order: { id: r.jobId, orderNumber: formatOrderNumber(job?.orderNumber), fileName: job?.fileName ?? null },
      reporter: { id: r.reporterId, email: person.get(r.reporterId)?.email ?? null, role: r.reporterRole },
      reported: reported ? presentStaffUser(reported) : null,
      message: r.messageId ? { id: r.messageId, text: r.messageText ?? "", sentAt: r.messageSentAt ?? "" } : null,
      thread: [...(thread.get(r.jobId) ?? [])].reverse().map((m) => ({
        id: m.messageId,
        senderRole: m.senderId === job?.customerId ? ("customer" as const) : ("owner" as const),
        text: m.text,
        sentAt: m.sentAt,
      })),
      closedAt: r.closedAt ?? null,
      closedByEmail: r.closedByEmail ?? null,
      note: r.note ?? null,
    };
  });
}

/** The staff queue of open reports, oldest first (its sparse index holds only open ones). */
export async function listOpenReports(store: Store, key: CursorKey, options: { cursor?: string | undefined } = {}) {
  const after = options.cursor ? decodeCursor(key, "reports", options.cursor) : null;
  const base = store.entities.reports.query.queue({ openQueue: "open" });
  const query = after ? base.gt({ createdAt: after.at, reportId: after.id }) : base;
  const { data } = await query.go({ order: "asc", limit: REPORT_PAGE_SIZE + 1 });
  const page = data.slice(0, REPORT_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    reports: await withContext(store, page),
    nextCursor: data.length > REPORT_PAGE_SIZE && last ? encodeCursor(key, "reports", last.createdAt, last.reportId) : null,
  };
}

/**
 * Staff close a report, resolved (they acted: suspended someone, warned them) or dismissed, with a
 * note. The report leaves the queue and its audit line is written in one transaction, conditional
 * on the report still being open, so two staff members cannot both close it.
 */
export async function closeReport(
  store: Store,
  staff: StaffActor,
  reportId: string,
  input: ReportResolutionInput,
  clock: () => Date = () => new Date(),
): Promise<StaffReport> {
  const { data: report } = await store.entities.reports.get({ reportId }).go({ consistent: true });
  if (!report) throw fail("report_not_found");
  if (report.status !== "open") throw fail("report_closed");
  const at = clock().toISOString();
  const outcome = await writeTransaction(store, (e) => [
    e.reports
      .patch({ reportId })
      .set({ status: input.outcome, closedAt: at, closedById: staff.id, closedByEmail: staff.email, note: input.note })
      .remove(["openQueue"])
      .where((a, o) => o.eq(a.status, "open"))
      .commit(),
    recordStaffAction(e, {
      staff,
      action: input.outcome === "resolved" ? "report.resolve" : "report.dismiss",
      target: { kind: "report", id: reportId, label: `${report.kind} report (${reasonWords(report)})` },
      reason: input.note,
      details: { reportedUserId: report.reportedUserId, jobId: report.jobId },
      at,
    }),
  ]);
  if (!outcome.ok) throw fail("report_closed");
  const { data: closed } = await store.entities.reports.get({ reportId }).go({ consistent: true });
  const [presented] = await withContext(store, [closed ?? report]);
  if (!presented) throw fail("report_not_found");
  return presented;
}
