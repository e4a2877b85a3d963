import { describe, expect, it } from "vitest";
import { DETAIL_TYPES, EVENT_RULES } from "../../src/events/rules.ts";
import { businessMetricsOf, METRICS, metricNamespace } from "../../src/ops/metrics.ts";

const status = (detail: Record<string, unknown>) => ({ "detail-type": DETAIL_TYPES.jobStatusChanged, detail });
const payment = (detail: Record<string, unknown>) => ({ "detail-type": DETAIL_TYPES.paymentChanged, detail });
const names = (event: { "detail-type": string; detail: unknown }) => businessMetricsOf(event).map((m) => `${m.name}=${m.value}`);

// Which domain event counts as which business figure (issue 24 point 2).
const TABLE: [string, { "detail-type": string; detail: unknown }, string[]][] = [
  ["submitted", status({ from: "draft", to: "submitted", action: "submit" }), ["OrdersSubmitted=1"]],
  ["paid (authorised)", status({ from: "submitted", to: "confirmed", action: "confirmPayment" }), ["OrdersPaid=1"]],
  ["accepted", status({ from: "confirmed", to: "accepted", action: "accept" }), ["OrdersAccepted=1"]],
  ["rejected", status({ from: "confirmed", to: "rejected", action: "reject" }), ["OrdersRejected=1"]],
  ["completed", status({ from: "printing", to: "completed", action: "complete" }), ["OrdersCompleted=1"]],
  [
    "cancelled by the customer",
    status({ from: "confirmed", to: "cancelled", action: "cancel", reason: "customer" }),
    ["OrdersCancelled=1"],
  ],
  ["cancelled for a failed payment", status({ to: "cancelled", action: "cancel", reason: "payment_failed" }), ["OrdersCancelled=1"]],
  [
    "expired (the system's cancel)",
    status({ from: "submitted", to: "cancelled", action: "expire", reason: "expired" }),
    ["OrdersExpired=1"],
  ],
  ["expired (reason only)", status({ to: "cancelled", reason: "expired" }), ["OrdersExpired=1"]],
  ["expired (its own status)", status({ to: "expired" }), ["OrdersExpired=1"]],
  ["the older `status` field", status({ status: "accepted" }), ["OrdersAccepted=1"]],
  ["printing counts nothing", status({ from: "accepted", to: "printing", action: "startPrinting" }), []],
  ["picked up counts nothing", status({ to: "picked_up" }), []],
  ["a status it does not know", status({ to: "teleported" }), []],
  ["no status at all", status({ jobId: "j1" }), []],
  ["captured, with its amount", payment({ kind: "captured", amountCents: 2599 }), ["PaymentsCaptured=1", "PaymentsCapturedCents=2599"]],
  ["refunded, with its amount", payment({ kind: "refunded", amountCents: 1200 }), ["PaymentsRefunded=1", "PaymentsRefundedCents=1200"]],
  ["failed", payment({ kind: "failed", amountCents: 2599, message: "Your card was declined." }), ["PaymentsFailed=1"]],
  ["authorised counts nothing (the order's status change counts it)", payment({ kind: "authorized", amountCents: 2599 }), []],
  ["released counts nothing", payment({ kind: "released", amountCents: 2599 }), []],
  ["a payment without a kind", payment({ amountCents: 1 }), []],
  ["a negative amount is not a payment", payment({ kind: "captured", amountCents: -5 }), []],
  ["a claim opened", { "detail-type": DETAIL_TYPES.claimChanged, detail: { step: "opened", claimId: "c1" } }, ["ClaimsOpened=1"]],
  ["a claim decided counts nothing", { "detail-type": DETAIL_TYPES.claimChanged, detail: { step: "decided" } }, []],
  ["a message counts nothing", { "detail-type": DETAIL_TYPES.messageSent, detail: { jobId: "j1" } }, []],
  ["a detail that is not an object", status("accepted" as never), []],
];

describe("businessMetricsOf", () => {
  it.each(TABLE)("%s", (_name, event, expected) => {
    expect(names(event)).toEqual(expected);
  });

  it("gives counts in Count and money in cents (unit None)", () => {
    expect(businessMetricsOf(payment({ kind: "captured", amountCents: 100 }))).toEqual([
      { name: METRICS.paymentsCaptured, value: 1, unit: "Count" },
      { name: METRICS.paymentsCapturedCents, value: 100, unit: "None" },
    ]);
  });

  it("reads exactly the events the metrics consumer's rule routes to it", () => {
    const rule = EVENT_RULES.find((r) => r.handler === "packages/functions/src/events/metrics.handler");
    expect(rule?.pattern["detail-type"].sort()).toEqual(
      [DETAIL_TYPES.jobStatusChanged, DETAIL_TYPES.paymentChanged, DETAIL_TYPES.claimChanged].sort(),
    );
  });
});

describe("metric names", () => {
  it("are unique, CloudWatch-safe and namespaced per stage", () => {
    const all = Object.values(METRICS);
    expect(new Set(all).size).toBe(all.length);
    for (const name of all) expect(name).toMatch(/^[A-Z][A-Za-z0-9]+$/);
    expect(metricNamespace("prod")).toBe("Printhood/prod");
  });
});
