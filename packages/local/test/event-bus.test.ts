import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DETAIL_TYPES, EVENT_RULES, EVENT_SOURCE, type EventEnvelope, type EventRule } from "@printhood/core/events/rules";
import { afterEach, describe, expect, it, vi } from "vitest";
// The app's own SDK version (packages/functions pins 3.1162.0; the root copy is sst's older one).
import { EventBridgeClient, PutEventsCommand } from "../../functions/node_modules/@aws-sdk/client-eventbridge";
import { type EventHandler, importHandler, type LocalEventBus, startEventBus } from "../src/event-bus.ts";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const credentials = { accessKeyId: "local", secretAccessKey: "local" };
const client = (endpoint: string) => new EventBridgeClient({ endpoint, region: "us-east-1", credentials });

const RULES: EventRule[] = [
  { id: "onJob", pattern: { source: [EVENT_SOURCE], "detail-type": [DETAIL_TYPES.jobStatusChanged] }, handler: "test/job.handler" },
  { id: "onMessage", pattern: { source: [EVENT_SOURCE], "detail-type": [DETAIL_TYPES.messageSent] }, handler: "test/message.handler" },
];

let bus: LocalEventBus | undefined;
afterEach(async () => {
  await bus?.close();
  bus = undefined;
  vi.unstubAllEnvs();
});

function stubHandlers(map: Record<string, EventHandler>) {
  return async (path: string) => {
    const h = map[path];
    if (!h) throw new Error(`no handler ${path}`);
    return h;
  };
}

describe("local event bus", () => {
  it("answers PutEvents like EventBridge and delivers the envelope to the matching consumer only", async () => {
    const job = vi.fn<EventHandler>(async () => undefined);
    const message = vi.fn<EventHandler>(async () => undefined);
    bus = await startEventBus({ rules: RULES, resolveHandler: stubHandlers({ "test/job.handler": job, "test/message.handler": message }) });

    const out = await client(bus.url).send(
      new PutEventsCommand({
        Entries: [
          {
            Source: EVENT_SOURCE,
            DetailType: DETAIL_TYPES.jobStatusChanged,
            Detail: JSON.stringify({ jobId: "job_1", from: "submitted", to: "confirmed" }),
            EventBusName: "printhood-local",
            Resources: ["arn:aws:dynamodb:us-east-1:000000000000:table/printhood"],
            Time: new Date("2025-01-02T03:04:05.678Z"),
          },
        ],
      }),
    );
    expect(out.FailedEntryCount).toBe(0);
    expect(out.Entries).toHaveLength(1);
    const eventId = out.Entries![0]!.EventId!;
    expect(eventId).toMatch(/^[0-9a-f-]{36}$/);

    await bus.idle();
    expect(message).not.toHaveBeenCalled();
    expect(job).toHaveBeenCalledTimes(1);
    const event = job.mock.calls[0]![0] as EventEnvelope;
    expect(event).toEqual({
      version: "0",
      id: eventId,
      "detail-type": "job.status_changed",
      source: "printhood",
      account: "000000000000",
      time: "2025-01-02T03:04:05Z",
      region: "us-east-1",
      resources: ["arn:aws:dynamodb:us-east-1:000000000000:table/printhood"],
      detail: { jobId: "job_1", from: "submitted", to: "confirmed" },
    });
    expect(bus.delivered).toMatchObject([{ eventId, ruleId: "onJob", handler: "test/job.handler", attempts: 1, ok: true }]);
  });

  it("finds the bus through AWS_ENDPOINT_URL_EVENTBRIDGE and ignores events no rule matches", async () => {
    const job = vi.fn<EventHandler>(async () => undefined);
    bus = await startEventBus({ rules: RULES, resolveHandler: stubHandlers({ "test/job.handler": job, "test/message.handler": job }) });
    vi.stubEnv("AWS_ENDPOINT_URL_EVENTBRIDGE", bus.url);
    const viaEnv = new EventBridgeClient({ region: "us-east-1", credentials });

    const out = await viaEnv.send(
      new PutEventsCommand({
        Entries: [
          { Source: "someone.else", DetailType: DETAIL_TYPES.jobStatusChanged, Detail: "{}" },
          { Source: EVENT_SOURCE, DetailType: "job.deleted", Detail: "{}" },
        ],
      }),
    );
    expect(out.FailedEntryCount).toBe(0);
    expect(out.Entries).toHaveLength(2);
    await bus.idle();
    expect(job).not.toHaveBeenCalled();
    expect(bus.delivered).toEqual([]);
  });

  it("replies before the consumer finishes (delivery is asynchronous)", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const job = vi.fn<EventHandler>(() => gate);
    bus = await startEventBus({ rules: RULES, resolveHandler: stubHandlers({ "test/job.handler": job }) });

    const out = await client(bus.url).send(
      new PutEventsCommand({ Entries: [{ Source: EVENT_SOURCE, DetailType: DETAIL_TYPES.jobStatusChanged, Detail: "{}" }] }),
    );
    expect(out.FailedEntryCount).toBe(0);
    expect(bus.delivered).toEqual([]);
    let idle = false;
    const waiting = bus.idle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(job).toHaveBeenCalledTimes(1);
    expect(idle).toBe(false);
    release();
    await waiting;
    expect(bus.delivered).toMatchObject([{ ok: true }]);
  });

  it("retries a throwing consumer with backoff, then gives up and logs", async () => {
    let calls = 0;
    const flaky = vi.fn<EventHandler>(async () => {
      calls++;
      if (calls < 3) throw new Error(`boom ${calls}`);
    });
    const broken = vi.fn<EventHandler>(async () => {
      throw new Error("always broken");
    });
    const log = vi.fn();
    bus = await startEventBus({
      rules: RULES,
      maxAttempts: 3,
      backoffMs: 5,
      log,
      resolveHandler: stubHandlers({ "test/job.handler": flaky, "test/message.handler": broken }),
    });
    const started = Date.now();
    await client(bus.url).send(
      new PutEventsCommand({
        Entries: [
          { Source: EVENT_SOURCE, DetailType: DETAIL_TYPES.jobStatusChanged, Detail: "{}" },
          { Source: EVENT_SOURCE, DetailType: DETAIL_TYPES.messageSent, Detail: '{"messageId":"m1"}' },
        ],
      }),
    );
    await bus.idle();
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 + 10); // two backoffs: 5 ms, 10 ms
    expect(flaky).toHaveBeenCalledTimes(3);
    expect(broken).toHaveBeenCalledTimes(3);
    // Every attempt gets the same event (same id).
    const ids = new Set(broken.mock.calls.map((c) => (c[0] as EventEnvelope).id));
    expect(ids.size).toBe(1);
    const byRule = Object.fromEntries(bus.delivered.map((d) => [d.ruleId, d]));
    expect(byRule.onJob).toMatchObject({ ok: true, attempts: 3 });
    expect(byRule.onMessage).toMatchObject({ ok: false, attempts: 3, error: "always broken" });
    expect(log).toHaveBeenCalledTimes(2 + 3); // flaky: 2 failures, broken: 3
    expect(String(log.mock.calls.at(-1)![0])).toMatch(/giving up/);
  });

  it("reports invalid entries per entry and still delivers the valid ones", async () => {
    const job = vi.fn<EventHandler>(async () => undefined);
    bus = await startEventBus({ rules: RULES, resolveHandler: stubHandlers({ "test/job.handler": job }) });
    const out = await client(bus.url).send(
      new PutEventsCommand({
        Entries: [
          { Source: EVENT_SOURCE, DetailType: DETAIL_TYPES.jobStatusChanged, Detail: "not json" },
          { Source: EVENT_SOURCE, DetailType: DETAIL_TYPES.jobStatusChanged },
          { Source: EVENT_SOURCE, DetailType: DETAIL_TYPES.jobStatusChanged, Detail: '{"ok":true}' },
        ],
      }),
    );
    expect(out.FailedEntryCount).toBe(2);
    expect(out.Entries![0]).toMatchObject({ ErrorCode: "MalformedDetail" });
    expect(out.Entries![1]).toMatchObject({ ErrorCode: "InvalidArgument" });
    expect(out.Entries![2]!.EventId).toBeTruthy();
    await bus.idle();
    expect(job).toHaveBeenCalledTimes(1);
    expect((job.mock.calls[0]![0] as EventEnvelope).detail).toEqual({ ok: true });
  });

  it("rejects operations it does not implement with an EventBridge-style error", async () => {
    bus = await startEventBus({ rules: RULES, resolveHandler: stubHandlers({}) });
    const res = await fetch(bus.url, {
      method: "POST",
      headers: { "x-amz-target": "AWSEvents.ListRules", "content-type": "application/x-amz-json-1.1" },
      body: "{}",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ __type: "UnknownOperationException" });
  });

  it("uses EVENT_RULES and imports `<root>/<path>.ts` by default", async () => {
    // Default rules: a job status change reaches the rule the stacks deploy for it.
    const seen: string[] = [];
    bus = await startEventBus({ resolveHandler: async (path) => async () => void seen.push(path) });
    await client(bus.url).send(
      new PutEventsCommand({ Entries: [{ Source: EVENT_SOURCE, DetailType: DETAIL_TYPES.jobStatusChanged, Detail: "{}" }] }),
    );
    await bus.idle();
    const expected = EVENT_RULES.filter((r) => r.pattern["detail-type"].includes(DETAIL_TYPES.jobStatusChanged));
    expect(expected.length).toBeGreaterThan(0);
    expect(bus.delivered.map((d) => d.ruleId)).toEqual(expected.map((r) => r.id));
    expect(seen).toEqual(expected.map((r) => r.handler));

    // Default resolver: "dir/file.export" → named export of dir/file.ts under the root.
    const root = await mkdtemp(join(tmpdir(), "bus-"));
    try {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the string is the source of a module the test writes
      await writeFile(join(root, "consumer.ts"), "export const handler = async (e: { id: string }) => `got ${e.id}`;\n");
      const fn = await importHandler("consumer.handler", root);
      expect(await fn({ id: "e1" } as EventEnvelope)).toBe("got e1");
      await expect(importHandler("consumer.missing", root)).rejects.toThrow(/no exported function "missing"/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
