import { describe, expect, it } from "vitest";
import { closingPaymentStatus, MONEY_TASK_ALARM_AFTER_MS, retryDelayMs, shouldAlarm } from "../../src/payments/tasks.ts";
import type { PaymentStatus } from "../../src/shared/payment-status.ts";

describe("money tasks: retries", () => {
  it.each([
    [1, 15_000],
    [2, 30_000],
    [3, 60_000],
    [5, 240_000],
    [6, 480_000],
    [7, 600_000],
    [40, 600_000],
  ])("after %i failed attempts waits %i ms", (attempts, ms) => {
    expect(retryDelayMs(attempts)).toBe(ms);
  });
});

describe("money tasks: the alarm after an hour", () => {
  const created = "2026-11-25T10:00:00.000Z";
  const at = (minutes: number) => new Date(Date.parse(created) + minutes * 60_000);
  it.each([
    ["owed 59 minutes", { state: "pending" as const }, 59, false],
    ["owed an hour", { state: "pending" as const }, 60, true],
    ["owed a day", { state: "pending" as const }, 24 * 60, true],
    ["already alarmed", { state: "pending" as const, alarmedAt: at(61).toISOString() }, 120, false],
    ["done", { state: "done" as const }, 120, false],
    ["refused for good", { state: "failed" as const }, 120, true],
  ])("%s", (_name, task, minutes, alarm) => {
    expect(shouldAlarm({ createdAt: created, ...task }, at(minutes))).toBe(alarm);
  });
  it("is an hour", () => expect(MONEY_TASK_ALARM_AFTER_MS).toBe(3_600_000));
});

describe("money tasks: what an order's payment becomes when it closes", () => {
  it.each<[PaymentStatus, PaymentStatus]>([
    ["pending", "pending"],
    ["authorized", "release_pending"],
    ["capture_pending", "refund_pending"],
    ["captured", "refund_pending"],
    ["released", "released"],
    ["refunded", "refunded"],
  ])("%s → %s", (from, to) => {
    expect(closingPaymentStatus(from)).toBe(to);
  });
});
