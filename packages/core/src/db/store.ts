import { Service } from "electrodb";
import type { DocumentClient } from "./client.ts";
import { AuditEntryEntity } from "./entities/audit.ts";
import { CounterEntity } from "./entities/counter.ts";
import { DeadlineEntity } from "./entities/deadline.ts";
import { EmailDeliveryEntity } from "./entities/email-delivery.ts";
import { EmailReminderEntity } from "./entities/email-reminder.ts";
import { HoldingEntity } from "./entities/holding.ts";
import { InboxEntity } from "./entities/inbox.ts";
import { JobEntity } from "./entities/job.ts";
import { BalanceEntity, LedgerEntryEntity, PayoutEntity } from "./entities/ledger.ts";
import { LoginThrottleEntity } from "./entities/login-throttle.ts";
import { MessageEntity } from "./entities/message.ts";
import { NotificationEntity } from "./entities/notification.ts";
import { PhotoEntity } from "./entities/photo.ts";
import { PrinterEntity } from "./entities/printer.ts";
import { RateLimitEntity } from "./entities/rate-limit.ts";
import { RefNumberEntity } from "./entities/ref-number.ts";
import { ReportEntity } from "./entities/report.ts";
import { ReviewEntity } from "./entities/review.ts";
import { SessionEntity } from "./entities/session.ts";
import { ThreadEntity } from "./entities/thread.ts";
import { UniqueEntity } from "./entities/unique.ts";
import { UploadEntity } from "./entities/upload.ts";
import { UserEntity } from "./entities/user.ts";
import { VerificationEntity } from "./entities/verification.ts";

/**
 * All entities on the one table as an ElectroDB service (transactions span entities).
 * Access patterns are listed in ACCESS_PATTERNS.md beside this file.
 */
export function createStore(client: DocumentClient, table: string) {
  const service = new Service(
    {
      users: UserEntity,
      uniques: UniqueEntity,
      sessions: SessionEntity,
      loginThrottles: LoginThrottleEntity,
      rateLimits: RateLimitEntity,
      holdings: HoldingEntity,
      notifications: NotificationEntity,
      printers: PrinterEntity,
      counters: CounterEntity,
      uploads: UploadEntity,
      jobs: JobEntity,
      deadlines: DeadlineEntity,
      refNumbers: RefNumberEntity,
      ledgerEntries: LedgerEntryEntity,
      balances: BalanceEntity,
      payouts: PayoutEntity,
      messages: MessageEntity,
      threads: ThreadEntity,
      inboxes: InboxEntity,
      reviews: ReviewEntity,
      emailDeliveries: EmailDeliveryEntity,
      emailReminders: EmailReminderEntity,
      photos: PhotoEntity,
      verifications: VerificationEntity,
      auditEntries: AuditEntryEntity,
      reports: ReportEntity,
    },
    { client, table },
  );
  return { service, entities: service.entities, client, table };
}

export type Store = ReturnType<typeof createStore>;
