import { createHash } from "node:crypto";
import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { reserve } from "../limits/rate-limit.ts";
import { REPORTS_PER_DAY } from "../limits/rules.ts";
import { participantsFor } from "../messages/access.ts";
import { THREAD_LIMIT } from "../messages/read.ts";
import { fail } from "../shared/errors.ts";
import { presentReceipt, type ReportReceipt } from "./present.ts";
import type { ReportInput } from "./schemas.ts";

/**
 * A customer or owner reports a message of their order's thread or the other account of that order
 * (issue 21 point 6). Who may report is the thread's rule (`participantsFor`: the order's customer
 * and its printer's owner; anyone else gets the order's 404). One person reports one message, or one
 * account on one order, once: the report's id is made from what is reported, and the create is
 * conditional. Counted against REPORTS_PER_DAY first (architecture rule 11). The report lands in
 * the staff queue (its `openQueue` index).
 */
export async function fileReport(
  store: Store,
  userId: string,
  input: ReportInput,
  clock: () => Date = () => new Date(),
): Promise<ReportReceipt> {
  const p = await participantsFor(store, userId, input.orderId);
  let reportedUserId = p.otherId;
  let message: { messageId: string; messageText: string; messageSentAt: string } | null = null;
  if (input.kind === "message") {
    const { data } = await store.entities.messages.query.primary({ jobId: p.jobId }).go({ order: "desc", limit: THREAD_LIMIT });
    const m = data.find((x) => x.messageId === input.messageId);
    if (!m) throw fail("message_not_found");
    reportedUserId = m.senderId;
    message = { messageId: m.messageId, messageText: m.text, messageSentAt: m.sentAt };
  }
  // One's own message, or one's own account (an owner who ordered from their own printer).
  if (reportedUserId === userId) throw fail("cannot_report_self");

  const slot = await reserve(store, REPORTS_PER_DAY, userId);
  const what = message ? `message:${message.messageId}` : `account:${p.jobId}:${reportedUserId}`;
  const reportId = createHash("sha256").update(`${userId}|${what}`).digest("hex").slice(0, 32);
  const record = {
    reportId,
    createdAt: clock().toISOString(),
    reporterId: userId,
    reporterRole: p.role === "customer" ? ("customer" as const) : ("owner" as const),
    kind: input.kind,
    jobId: p.jobId,
    reportedUserId,
    ...(message ?? {}),
    reason: input.reason,
    ...(input.details ? { details: input.details } : {}),
    status: "open" as const,
    openQueue: "open",
  };
  try {
    await store.entities.reports.create(record).go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    await slot.refund();
    throw fail("already_reported");
  }
  return presentReceipt(record);
}
