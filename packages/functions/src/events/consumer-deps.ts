import { type ConsumerDeps, DEFAULT_UNREAD_DELAY_MINUTES } from "@printhood/core";
import { perEnvironment, requireEnv } from "../lib/env.ts";
import { createSesMailer } from "../lib/ses.ts";
import { storeFromEnv } from "../lib/store.ts";

/** What the consumers need, built once per environment (same names in AWS and local mode). */
export const consumerDeps: () => ConsumerDeps = perEnvironment(() => ({
  store: storeFromEnv(),
  mailer: createSesMailer(requireEnv("EMAIL_FROM")),
  siteUrl: process.env.SITE_URL ?? "",
  unreadEmailDelayMinutes: Number(process.env.UNREAD_EMAIL_DELAY_MINUTES) || DEFAULT_UNREAD_DELAY_MINUTES,
}));
