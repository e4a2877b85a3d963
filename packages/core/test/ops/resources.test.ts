import { describe, expect, it } from "vitest";
import { EVENT_RULES, SCHEDULES } from "../../src/events/rules.ts";
import { deadLetterQueueName, functionName, logGroupName, serviceOfHandler } from "../../src/ops/resources.ts";

describe("resource names", () => {
  it("names each consumer after its file", () => {
    expect(serviceOfHandler("packages/functions/src/events/notify.handler")).toBe("notify");
    expect(serviceOfHandler("packages/functions/src/events/email-sweep.handler")).toBe("email-sweep");
    // Several rules may share a consumer (notify): the services are the consumers' files.
    expect([...new Set([...EVENT_RULES, ...SCHEDULES].map((r) => serviceOfHandler(r.handler)))].sort()).toEqual([
      "email-sweep",
      "expiry-sweep",
      "held-earnings-sweep",
      "metrics",
      "money-sweep",
      "notify",
      "payments",
    ]);
    expect(() => serviceOfHandler("packages/functions/src/events/Notify.handler")).toThrow(/kebab-case/);
  });

  it("starts every name with the stage", () => {
    expect(functionName("prod", "notify")).toBe("prod-printhood-notify");
    expect(deadLetterQueueName("prod", "notify")).toBe("prod-printhood-notify-dlq");
    expect(logGroupName("alice", "api")).toBe("/printhood/alice/api");
  });

  it("refuses a function name Lambda would refuse", () => {
    expect(() => functionName("x".repeat(50), "expiry-sweep")).toThrow(/longer than Lambda's 64 characters/);
  });
});
