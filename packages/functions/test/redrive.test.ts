import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { deadLetterServices } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX, describeQueue, parseRedriveArgs, regionOfQueueUrl, replayOf, resolveQueue } from "../scripts/redrive-plan.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const letter = (body: string, attributes: Record<string, string> = {}) => ({ messageId: "m1", body, attributes });

describe("npm run ops:redrive: which queue", () => {
  it("takes a short name with the stage, a full name, or a URL", () => {
    expect(resolveQueue("notify", "prod")).toBe("prod-printhood-notify-dlq");
    expect(resolveQueue("events", "alice")).toBe("alice-printhood-events-dlq");
    expect(resolveQueue("prod-printhood-email-sweep-dlq", undefined)).toBe("prod-printhood-email-sweep-dlq");
    const url = "https://sqs.eu-west-1.amazonaws.com/123456789012/staging-printhood-analysis-dlq";
    expect(resolveQueue(url, undefined)).toBe(url);
    for (const service of deadLetterServices()) expect(describeQueue(resolveQueue(service, "prod"))).toEqual({ stage: "prod", service });
  });

  it("refuses a queue that is not one of ours, and a short name without its stage", () => {
    expect(() => resolveQueue("notify", undefined)).toThrow(/--stage NAME/);
    expect(() => resolveQueue("orders", "prod")).toThrow(/not a dead-letter queue of ours: name one of analysis, photos, notify/);
    expect(() => resolveQueue("prod-other-notify-dlq", undefined)).toThrow(/not one of our dead-letter queues/);
    expect(() => resolveQueue("-printhood-notify-dlq", undefined)).toThrow(/not one of our dead-letter queues/);
  });

  it("tells a stage whose name ends like a service from the service", () => {
    expect(describeQueue("team-sweep-printhood-email-sweep-dlq")).toEqual({ stage: "team-sweep", service: "email-sweep" });
    expect(describeQueue("my-printhood-expiry-sweep-dlq")).toEqual({ stage: "my", service: "expiry-sweep" });
  });

  it("reads the arguments: the queue, --max, --dry-run and the region (the URL's first)", () => {
    expect(parseRedriveArgs(["payments", "--stage", "prod"], {})).toEqual({
      queue: "prod-printhood-payments-dlq",
      region: "us-east-1",
      max: DEFAULT_MAX,
      dryRun: false,
    });
    expect(parseRedriveArgs(["payments", "--stage", "prod", "--max", "5", "--dry-run", "--region", "us-west-2"], {})).toMatchObject({
      max: 5,
      dryRun: true,
      region: "us-west-2",
    });
    expect(parseRedriveArgs(["analysis", "--stage", "prod"], { AWS_REGION: "eu-central-1" }).region).toBe("eu-central-1");
    const url = "https://sqs.ap-southeast-2.amazonaws.com/123456789012/prod-printhood-notify-dlq";
    expect(parseRedriveArgs([url, "--region", "us-east-1"], {}).region).toBe("ap-southeast-2");
    expect(regionOfQueueUrl("prod-printhood-notify-dlq")).toBeUndefined();
  });

  it("refuses what it cannot do: no queue, two queues, a bad --max, an unknown option", () => {
    expect(() => parseRedriveArgs([], {})).toThrow(/Name one queue/);
    expect(() => parseRedriveArgs(["notify", "payments", "--stage", "prod"], {})).toThrow(/Name one queue/);
    expect(() => parseRedriveArgs(["notify", "--stage", "prod", "--max", "0"], {})).toThrow(/--max/);
    expect(() => parseRedriveArgs(["notify", "--stage", "prod", "--max", "ten"], {})).toThrow(/--max/);
    expect(() => parseRedriveArgs(["notify", "--stage", "prod", "--purge"], {})).toThrow();
  });
});

describe("npm run ops:redrive: where each letter goes", () => {
  const event = JSON.stringify({ id: "e1", "detail-type": "job.status_changed", detail: {} });

  it("hands a function's letter back to that function", () => {
    expect(replayOf("prod-printhood-notify-dlq", letter(event))).toEqual({ to: "prod-printhood-notify", payload: event });
    expect(replayOf("https://sqs.us-east-1.amazonaws.com/1/prod-printhood-analysis-dlq", letter("{}"))).toEqual({
      to: "prod-printhood-analysis",
      payload: "{}",
    });
  });

  it("hands EventBridge's letter to the target it could not reach, if it is one of the stage's functions", () => {
    const to = (arn: string) => replayOf("prod-printhood-events-dlq", letter(event, { TARGET_ARN: arn, ERROR_CODE: "Throttled" }));
    expect(to("arn:aws:lambda:us-east-1:123456789012:function:prod-printhood-payments")).toEqual({
      to: "prod-printhood-payments",
      payload: event,
    });
    expect(to("arn:aws:lambda:us-east-1:123456789012:function:dev-printhood-payments")).toMatchObject({
      skip: expect.stringMatching(/not a function of stage prod/),
    });
    expect(to("arn:aws:sqs:us-east-1:123456789012:elsewhere")).toMatchObject({ skip: expect.any(String) });
    expect(replayOf("prod-printhood-events-dlq", letter(event))).toMatchObject({ skip: expect.stringMatching(/TARGET_ARN/) });
  });

  it("keeps a letter whose body is not an event", () => {
    expect(replayOf("prod-printhood-notify-dlq", letter("not json"))).toMatchObject({ skip: expect.stringMatching(/not the JSON/) });
  });
});

describe("npm run ops:redrive (the command)", () => {
  it("says what is wrong and how to call it, before touching AWS", async () => {
    const run = promisify(execFile)("npm", ["run", "-s", "ops:redrive", "--", "orders", "--stage", "prod"], { cwd: ROOT });
    const failure = (await run.then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    )) as { code: number; stderr: string } | null;
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('ops:redrive: "orders" is not a dead-letter queue of ours');
  });
});
