import { log } from "@printhood/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addKeys, countMetric, emitMetrics, getLogger, loggerFor, runAs, setLogWriter } from "../src/lib/observability.ts";
import { REDACTED, scrub } from "../src/lib/redact.ts";

/** Powertools' real Logger and Metrics, their lines caught where local mode's files would get them. */
let written: { service: string; line: Record<string, unknown> }[] = [];
beforeEach(() => {
  written = [];
  setLogWriter((service, line) => void written.push({ service, line: JSON.parse(line) }));
});
afterEach(() => setLogWriter(undefined));

describe("the logger", () => {
  it("writes one JSON line per call with the work's keys, as its function", () => {
    runAs("notify", { eventId: "evt-1", detailType: "job.status_changed" }, () => {
      getLogger().info("event handled", { durationMs: 12 });
      addKeys({ userId: "u1" });
      getLogger().warn("later");
    });
    expect(written.map((w) => w.service)).toEqual(["notify", "notify"]);
    expect(written[0]?.line).toMatchObject({
      level: "INFO",
      message: "event handled",
      service: "notify",
      durationMs: 12,
      eventId: "evt-1",
      detailType: "job.status_changed",
    });
    expect(written[0]?.line.userId).toBeUndefined();
    expect(written[1]?.line).toMatchObject({ level: "WARN", userId: "u1", eventId: "evt-1" });
  });

  it("keeps concurrent pieces of work apart (local mode runs them in one process)", async () => {
    const one = (id: string) =>
      runAs("api", { requestId: id }, async () => {
        await new Promise((r) => setTimeout(r, 5));
        addKeys({ userId: `user-${id}` });
        await new Promise((r) => setTimeout(r, 5));
        getLogger().info("request");
      });
    await Promise.all(["a", "b", "c"].map(one));
    const pairs = written.map((w) => [w.line.requestId, w.line.userId]);
    expect(pairs.sort()).toEqual([
      ["a", "user-a"],
      ["b", "user-b"],
      ["c", "user-c"],
    ]);
  });

  it("carries core's lines (its logging port) with the work's keys", () => {
    runAs("payments", { eventId: "evt-9" }, () => log.error("payment not released", { jobId: "j1" }));
    expect(written).toEqual([
      {
        service: "payments",
        line: expect.objectContaining({ level: "ERROR", message: "payment not released", jobId: "j1", eventId: "evt-9" }),
      },
    ]);
  });

  it("never writes a password, a token, a cookie, a card number, a Stripe secret, an e-mail address or a message's text", () => {
    const error = new Error("user casey@example.com sent 4242 4242 4242 4242 with sk_test_abc123");
    loggerFor("api").error("bad", {
      password: "hunter2-hunter2",
      sessionToken: "u1.secretsecret",
      headers: { cookie: "ph_session=u1.abcdef; other=1", authorization: "Bearer x" },
      text: "Meet me at 12 Elm St",
      email: "casey@example.com",
      note: "card 4000002500003155, key whsec_abcdef and pi_123_secret_456, ph_session=u1.zzz",
      error,
    });
    const text = JSON.stringify(written);
    for (const secret of [
      "hunter2",
      "u1.secretsecret",
      "u1.abcdef",
      "Bearer x",
      "12 Elm St",
      "casey@example.com",
      "4242 4242",
      "4000002500003155",
      "sk_test_abc123",
      "whsec_abcdef",
      "pi_123_secret_456",
      "u1.zzz",
    ])
      expect(text, secret).not.toContain(secret);
    const line = written[0]?.line as Record<string, unknown>;
    expect(line).toMatchObject({
      password: REDACTED,
      sessionToken: REDACTED,
      text: REDACTED,
      email: REDACTED,
      headers: { cookie: REDACTED, authorization: REDACTED },
    });
    // The error keeps its shape (name, message, stack), scrubbed.
    expect(line.error).toMatchObject({ name: "Error", message: "user [email] sent [card] with [stripe-secret]" });
  });
});

describe("scrub", () => {
  it.each([
    ["an e-mail address", "from a.b+c@mail.example.org today", "from [email] today"],
    ["a card number in one run", "4242424242424242", "[card]"],
    ["a card number in groups", "4242-4242-4242-4242", "[card]"],
    ["an Amex number", "3782 822463 10005", "[card]"],
    ["digits that fail the Luhn check", "4242424242424241", "4242424242424241"],
    ["a timestamp", "1795626009661", "1795626009661"],
    ["an id of digits", "20261122101500123-ab12", "20261122101500123-ab12"],
    ["a restricted key", "rk_live_51Habc", "[stripe-secret]"],
    ["a session cookie", "cookie: ph_session=u1.a1b2; x=1", `cookie: ph_session=${REDACTED}; x=1`],
    ["a publishable key (public by design)", "pk_live_abc", "pk_live_abc"],
  ])("%s", (_what, input, expected) => {
    expect(scrub(input)).toBe(expected);
  });
});

describe("metrics", () => {
  it("are EMF lines in the stage's namespace with the product's dimension, and the work's keys beside them", () => {
    runAs("api", { requestId: "r1", route: "GET /api/stats" }, () => {
      countMetric("Http5xx", 1, { route: "GET /api/stats" });
      emitMetrics([
        { name: "AnalysesFinished", value: 1, unit: "Count" },
        { name: "AnalysisDuration", value: 840, unit: "Milliseconds" },
      ]);
    });
    const [http, analysis] = written.map((w) => w.line);
    expect(http).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          { Namespace: "Printhood/local", Dimensions: [["service", "route"]], Metrics: [{ Name: "Http5xx", Unit: "Count" }] },
        ],
      },
      service: "printhood",
      route: "GET /api/stats",
      requestId: "r1",
      Http5xx: 1,
    });
    expect(analysis).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Dimensions: [["service"]] }] },
      AnalysesFinished: 1,
      AnalysisDuration: 840,
    });
    // Dimensions of one emission never leak into the next.
    expect(analysis?.route).toBe("GET /api/stats"); // the work's key, not a dimension
    const aws = analysis?._aws as { CloudWatchMetrics: { Dimensions: string[][] }[] } | undefined;
    expect(aws?.CloudWatchMetrics[0]?.Dimensions).toEqual([["service"]]);
  });
});
