import { sendDueReminders } from "@printhood/core";
import { consumerDeps } from "./consumer-deps.ts";

/** Scheduled every minute (core/events/rules.ts SCHEDULES): sends the "unread message" e-mails that are due. */
export async function handler() {
  const sent = await sendDueReminders(consumerDeps(), new Date());
  if (sent) console.log(JSON.stringify({ level: "info", message: "unread-message e-mails sent", count: sent }));
}
