import { describe, expect, it } from "vitest";
import { closedPaymentStatus, closeMoneyInput } from "../../src/staff/close-owed.ts";
import { planRefundClosedNotice } from "../../src/staff/refund-closed.ts";

describe("closing money Stripe refused for good", () => {
  it.each([
    // A full refund made the order say "Refund on its way": the payment is captured again.
    ["refund", "refund_pending", "captured"],
    // A part refund left it captured (or refunded, if other refunds landed): unchanged.
    ["refund", "captured", null],
    ["refund", "refunded", null],
    // A hold Stripe would not release lapses on its own.
    ["release", "release_pending", "released"],
    ["release", "released", null],
    // A payout touches no order.
    ["transfer", undefined, null],
  ] as const)("%s with the order's payment %s → %s", (kind, status, expected) => {
    expect(closedPaymentStatus(kind, status)).toBe(expected);
  });

  it("tells the customer the amount, the order and staff's reason, in words and by e-mail whatever their choices", () => {
    const notice = planRefundClosedNotice({
      jobId: "j1",
      orderNumber: "PH-10005",
      fileName: "knob.stl",
      customerId: "c1",
      amountCents: 1234,
      reason: "Your bank returned the whole charge to you through the dispute.",
    });
    expect(notice).toMatchObject({ to: "customer", title: "Refund closed", always: true });
    expect(notice.message).toBe(
      "Printhood closed the refund of $12.34 for knob.stl (PH-10005) without paying it to your card. The reason: Your bank returned the whole charge to you through the dispute.",
    );
    expect(notice.email.subject).toBe("Refund of $12.34 closed: knob.stl (PH-10005)");
  });

  it.each([
    ["", false],
    ["   \n ", false],
    ["Lost to a dispute.", true],
    ["x".repeat(2001), false],
  ])("a reason %j is accepted: %s", (reason, ok) => {
    expect(closeMoneyInput.safeParse({ reason }).success).toBe(ok);
  });

  it("refuses fields it does not know", () => {
    expect(closeMoneyInput.safeParse({ reason: "x", amount: "1.00" }).success).toBe(false);
  });
});
