import { type EventEnvelope, handleDomainEvent } from "@printhood/core";
import { consumerDeps } from "./consumer-deps.ts";

/** EventBridge consumer: job status changes and messages become notifications and e-mails (core/events/consume.ts). */
export async function handler(event: EventEnvelope) {
  await handleDomainEvent(consumerDeps(), event);
}
