import { type ConsumerDeps, DEFAULT_UNREAD_DELAY_MINUTES } from "@printhood/core";
import { requireEnv } from "../lib/env.ts";
import { createSesMailer } from "../lib/ses.ts";
import { storeFromEnv } from "../lib/store.ts";

let deps: ConsumerDeps | undefined;

/** What the consumers need, built once per process from the environment (same names in AWS and local mode). */
export function consumerDeps(): ConsumerDeps {
  deps ??= {
    store: storeFromEnv(),
    mailer: createSesMailer(requireEnv("EMAIL_FROM")),
    siteUrl: process.env.SITE_URL ?? "",
    unreadEmailDelayMinutes: Number(process.env.UNREAD_EMAIL_DELAY_MINUTES) || DEFAULT_UNREAD_DELAY_MINUTES,
  };
  return deps;
}
