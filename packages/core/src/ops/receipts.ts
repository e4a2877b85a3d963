import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";

/** How long a receipt is kept: EventBridge retries for at most 24 hours, and redeliveries come within minutes. */
export const RECEIPT_TTL_SECONDS = 2 * 24 * 60 * 60;

/**
 * True the first time `consumer` receives the event `eventId`, false on every later delivery
 * (architecture rule 6). A conditional create, so two concurrent deliveries cannot both be first.
 */
export async function firstReceipt(store: Store, consumer: string, eventId: string, now: Date): Promise<boolean> {
  try {
    await store.entities.eventReceipts
      .create({
        consumer,
        eventId,
        receivedAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + RECEIPT_TTL_SECONDS,
      })
      .go();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
