import { createServer } from "node:net";
import { createSesMailer } from "@printhood/functions/lib/ses";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../src/ports.ts";
import { inboxOf, readInbox, startSes } from "../src/ses.ts";

describe("the local SES stand-in", () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it("takes the SDK's SendEmail through AWS_ENDPOINT_URL_SESV2 and shows both parts in its inbox and JSON store", async () => {
    const ses = await startSes();
    closers.push(ses.close);
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      AWS_ACCESS_KEY_ID: "local",
      AWS_SECRET_ACCESS_KEY: "local",
      AWS_REGION: "us-east-1",
    });
    const mailer = createSesMailer("Printhood <orders@printhood.local>");
    const { messageId } = await mailer.send({
      to: "ada@example.com",
      subject: "Hello",
      text: "Plain words",
      html: "<p>Plain &amp; simple</p>",
    });
    expect(messageId).not.toBe("");
    const [mail] = await inboxOf(ses.endpoint, "ADA@example.com");
    expect(mail).toMatchObject({
      messageId,
      from: "Printhood <orders@printhood.local>",
      subject: "Hello",
      body: { text: "Plain words", html: "<p>Plain &amp; simple</p>" },
    });
    expect((await readInbox(ses.endpoint)).length).toBeGreaterThanOrEqual(1);
    const page = await fetch(ses.inboxUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
  });

  it("takes another port when the preferred one is busy (instead of hanging)", async () => {
    const port = await freePort();
    const blocker = createServer().listen(port, "127.0.0.1");
    await new Promise((r) => blocker.once("listening", r));
    try {
      const ses = await startSes({ port });
      closers.push(ses.close);
      expect(ses.endpoint).not.toContain(`:${port}`);
      expect((await fetch(`${ses.endpoint}/health-check`)).status).toBe(200);
    } finally {
      blocker.close();
    }
  });
});
