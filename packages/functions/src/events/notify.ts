import { createDocumentClient, createNotification, createStore, type EventEnvelope } from "@printhood/core";
import { notificationsFor } from "@printhood/core/events/notify";

/** EventBridge consumer: job status changes and messages become in-app notifications. */
let store: ReturnType<typeof createStore> | undefined;

export async function handler(event: EventEnvelope) {
  store ??= createStore(createDocumentClient(), process.env.TABLE_NAME ?? "");
  for (const n of notificationsFor(event)) await createNotification(store, n);
}
