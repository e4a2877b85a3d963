import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import type { Mailer } from "@printhood/core";
import { METRICS } from "@printhood/core/ops/metrics";
import { countMetric, traceClient } from "./observability.ts";

/**
 * The e-mail port on Amazon SES (SESv2 SendEmail, a text and an HTML part). The endpoint is
 * never chosen in code: local mode points AWS_ENDPOINT_URL_SESV2 at the local SES stand-in
 * (architecture rule 7). `from` is the verified sender identity (EMAIL_FROM). Each send counts as
 * `EmailsSent` or `EmailsFailed` (the failure is thrown again: the consumer's retry sends it later).
 */
export function createSesMailer(from: string): Mailer {
  const client = traceClient(new SESv2Client({ region: process.env.AWS_REGION ?? "us-east-1" }));
  return {
    async send(email) {
      const out = await client
        .send(
          new SendEmailCommand({
            FromEmailAddress: from,
            Destination: { ToAddresses: [email.to] },
            Content: {
              Simple: {
                Subject: { Data: email.subject, Charset: "UTF-8" },
                Body: { Text: { Data: email.text, Charset: "UTF-8" }, Html: { Data: email.html, Charset: "UTF-8" } },
              },
            },
          }),
        )
        .catch((e: unknown) => {
          countMetric(METRICS.emailsFailed);
          throw e;
        });
      countMetric(METRICS.emailsSent);
      return { messageId: out.MessageId ?? "" };
    },
  };
}
