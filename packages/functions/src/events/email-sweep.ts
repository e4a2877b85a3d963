import { sendDueReminders } from "@printhood/core";
import { scheduledJob } from "../lib/handlers.ts";
import { consumerDeps } from "./consumer-deps.ts";

/** Scheduled every minute (core/events/rules.ts SCHEDULES): sends the "unread message" e-mails that are due. */
export const handler = scheduledJob("email-sweep", async () => ({ sent: await sendDueReminders(consumerDeps(), new Date()) }));
