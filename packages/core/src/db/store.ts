import { Entity, Service } from "electrodb";
import type { DocumentClient } from "./client.ts";
import { AuditEntryEntity } from "./entities/audit.ts";
import { CellCountEntity } from "./entities/cell-count.ts";
import { ClaimEntity } from "./entities/claim.ts";
import { CounterEntity } from "./entities/counter.ts";
import { DeadlineEntity } from "./entities/deadline.ts";
import { EmailDeliveryEntity } from "./entities/email-delivery.ts";
import { EmailReminderEntity } from "./entities/email-reminder.ts";
import { EventReceiptEntity } from "./entities/event-receipt.ts";
import { HoldingEntity } from "./entities/holding.ts";
import { InboxEntity } from "./entities/inbox.ts";
import { JobEntity } from "./entities/job.ts";
import { BalanceEntity, LedgerEntryEntity, PayoutEntity } from "./entities/ledger.ts";
import { LoginThrottleEntity, SignInSlowdownEntity } from "./entities/login-throttle.ts";
import { MessageEntity } from "./entities/message.ts";
import { MoneyTaskEntity } from "./entities/money-task.ts";
import { NotificationEntity } from "./entities/notification.ts";
import { OrderTallyEntity } from "./entities/order-tally.ts";
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

/** Whether a store of this process already took the module-level entity instances. */
let sharedTaken = false;

/**
 * Each store's own instances of the entities. ElectroDB's Service points every entity it joins at
 * its client and table (`setClient`, `setTableName` on the instance), so if two stores of a process
 * joined the same module-level entities, both would read and write through the one made last:
 * local mode's API beside its in-process function handlers (each makes its store), a test that
 * starts a second stack, a bench's meter on one client. The first store takes the module-level
 * instances (a Lambda makes one store: its cold start builds no entity twice); a later store builds
 * its own from each entity's model (`schema`), about 1.5 ms an entity.
 */
// biome-ignore lint/suspicious/noExplicitAny: any entity of the service
function ownEntities<T extends Record<string, Entity<any, any, any, any>>>(entities: T): T {
  if (!sharedTaken) {
    sharedTaken = true;
    return entities;
  }
  return Object.fromEntries(Object.entries(entities).map(([name, e]) => [name, new Entity(e.schema)])) as T;
}

/**
 * All entities on the one table as an ElectroDB service (transactions span entities).
 * Access patterns are listed in ACCESS_PATTERNS.md beside this file.
 */
export function createStore(client: DocumentClient, table: string) {
  const service = new Service(
    ownEntities({
      users: UserEntity,
      uniques: UniqueEntity,
      sessions: SessionEntity,
      loginThrottles: LoginThrottleEntity,
      signInSlowdowns: SignInSlowdownEntity,
      rateLimits: RateLimitEntity,
      holdings: HoldingEntity,
      notifications: NotificationEntity,
      printers: PrinterEntity,
      counters: CounterEntity,
      cellCounts: CellCountEntity,
      uploads: UploadEntity,
      jobs: JobEntity,
      orderTallies: OrderTallyEntity,
      deadlines: DeadlineEntity,
      refNumbers: RefNumberEntity,
      ledgerEntries: LedgerEntryEntity,
      balances: BalanceEntity,
      payouts: PayoutEntity,
      moneyTasks: MoneyTaskEntity,
      claims: ClaimEntity,
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
      eventReceipts: EventReceiptEntity,
    }),
    { client, table },
  );
  return { service, entities: service.entities, client, table };
}

export type Store = ReturnType<typeof createStore>;
