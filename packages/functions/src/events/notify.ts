import { type EventEnvelope, handleDomainEvent } from "@printhood/core";
import { eventConsumer } from "../lib/handlers.ts";
import { consumerDeps } from "./consumer-deps.ts";

/** EventBridge consumer: job status changes and messages become notifications and e-mails (core/events/consume.ts). */
export const handler = eventConsumer("notify", (event: EventEnvelope) => handleDomainEvent(consumerDeps(), event));
