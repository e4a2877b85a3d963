import { log } from "../ops/log.ts";
import type { DetailType } from "./rules.ts";

/**
 * Where core publishes domain events (EventBridge in AWS, the local bus in local mode; the
 * adapter is packages/functions/src/lib/events.ts). Call only after the write the event describes
 * has succeeded (architecture rule 6).
 */
export interface EventPublisher {
  publish(detailType: DetailType, detail: Record<string, unknown>): Promise<void>;
}

/**
 * Publish after a successful write. A failed publish is logged and does not undo the write: the
 * order stands, only a notification is lost (DECISIONS.md "Submitting").
 */
export async function publishAfterWrite(events: EventPublisher, detailType: DetailType, detail: Record<string, unknown>) {
  try {
    await events.publish(detailType, detail);
  } catch (e) {
    log.error(`${detailType} not published`, { jobId: detail.jobId, error: (e as Error).message });
  }
}
