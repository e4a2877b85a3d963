import { Service } from "electrodb";
import type { DocumentClient } from "./client.ts";
import { CounterEntity } from "./entities/counter.ts";
import { JobEntity } from "./entities/job.ts";
import { LoginThrottleEntity } from "./entities/login-throttle.ts";
import { NotificationEntity } from "./entities/notification.ts";
import { PrinterEntity } from "./entities/printer.ts";
import { RateLimitEntity } from "./entities/rate-limit.ts";
import { SessionEntity } from "./entities/session.ts";
import { UniqueEntity } from "./entities/unique.ts";
import { UploadEntity } from "./entities/upload.ts";
import { UserEntity } from "./entities/user.ts";

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
      notifications: NotificationEntity,
      printers: PrinterEntity,
      counters: CounterEntity,
      uploads: UploadEntity,
      jobs: JobEntity,
    },
    { client, table },
  );
  return { service, entities: service.entities, client, table };
}

export type Store = ReturnType<typeof createStore>;
