import { describe, expect, it } from "vitest";
import { claimReasonsFor, customerGuarantee, refundSplit } from "../../src/shared/claims.ts";
import { dollarsToCents } from "../../src/shared/dollars.ts";
import { refundableCents } from "../../src/shared/payment-status.ts";
import { formatCents } from "../../src/shared/pricing.ts";

const now = new Date("2026-03-10T12:00:00.000Z");
type Over = { claimWindowEndsAt?: string | null; receivedAt?: string | null; claim?: { reprint: object | null } | null };
const order = (status: string, over: Over = {}) => ({
  status,
  claimWindowEndsAt: "2026-03-15T12:00:00.000Z",
  receivedAt: null,
  claim: null,
  ...over,
});

describe("what the customer may do under the guarantee", () => {
  it.each([
    ["picked up, inside the window", order("picked_up"), { windowOpen: true, mayConfirmReceipt: true, mayOpenClaim: true }],
    ["shipped, inside the window", order("shipped"), { windowOpen: true, mayConfirmReceipt: true, mayOpenClaim: true }],
    [
      "received already: a claim is still possible",
      order("picked_up", { receivedAt: "2026-03-09T12:00:00.000Z" }),
      { windowOpen: true, mayConfirmReceipt: false, mayOpenClaim: true },
    ],
    [
      "a claim is open",
      order("picked_up", { claim: { reprint: null } }),
      { windowOpen: true, mayConfirmReceipt: false, mayOpenClaim: false },
    ],
    [
      "the claim's reprint was handed over: a new window, receipt asked again",
      order("picked_up", { claim: { reprint: { at: "2026-03-09T12:00:00.000Z" } } }),
      { windowOpen: true, mayConfirmReceipt: true, mayOpenClaim: false },
    ],
    [
      "the window closed a moment ago",
      order("shipped", { claimWindowEndsAt: "2026-03-10T11:59:59.999Z" }),
      { windowOpen: false, mayConfirmReceipt: false, mayOpenClaim: false },
    ],
    [
      "the window closes exactly now",
      order("shipped", { claimWindowEndsAt: now.toISOString() }),
      { windowOpen: false, mayConfirmReceipt: false, mayOpenClaim: false },
    ],
    [
      "no window recorded",
      order("picked_up", { claimWindowEndsAt: null }),
      { windowOpen: false, mayConfirmReceipt: false, mayOpenClaim: false },
    ],
    ["ready for pickup: not handed over", order("ready_for_pickup"), { windowOpen: false, mayConfirmReceipt: false, mayOpenClaim: false }],
    ["completed: not handed over", order("completed"), { windowOpen: false, mayConfirmReceipt: false, mayOpenClaim: false }],
    ["cancelled", order("cancelled"), { windowOpen: false, mayConfirmReceipt: false, mayOpenClaim: false }],
  ])("%s", (_, o, expected) => {
    expect(customerGuarantee(o, now)).toEqual(expected);
  });
});

describe("a refund's split and what is left to refund", () => {
  const paid = { paidCents: 2000, alreadyRefundedCents: 0, earningCents: 1500, alreadyReversedCents: 0 };
  it.each([
    [
      "refund in full: all of it, the owner's whole earning",
      { outcome: "refund_full" as const },
      { refundCents: 2000, reverseCents: 1500 },
    ],
    ["half: the owner loses as much", { outcome: "refund_partial" as const, amountCents: 1000 }, { refundCents: 1000, reverseCents: 1000 }],
    [
      "more than the earning: the fee absorbs the rest",
      { outcome: "refund_partial" as const, amountCents: 1800 },
      { refundCents: 1800, reverseCents: 1500 },
    ],
    ["a reprint moves no money", { outcome: "reprint" as const }, { refundCents: 0, reverseCents: 0 }],
    ["a rejection moves no money", { outcome: "reject" as const }, { refundCents: 0, reverseCents: 0 }],
  ])("%s", (_, decision, expected) => {
    expect(refundSplit({ ...paid, ...decision })).toEqual(expected);
  });

  it.each([
    [null, 0],
    [{ status: "authorized", amountCents: 2000 }, 0],
    [{ status: "captured", amountCents: 2000 }, 2000],
    [{ status: "captured", amountCents: 2000, refundedCents: 750 }, 1250],
    [{ status: "capture_pending", amountCents: 2000, refundedCents: 0 }, 2000],
    [{ status: "refund_pending", amountCents: 2000, refundedCents: 0 }, 0],
    [{ status: "refunded", amountCents: 2000, refundedCents: 2000 }, 0],
  ])("refundable of %j is %i cents", (payment, cents) => {
    expect(refundableCents(payment)).toBe(cents);
  });
});

describe("an amount typed in dollars", () => {
  it.each([
    ["12.50", 1250],
    ["12.5", 1250],
    [" $12 ", 1200],
    [12.5, 1250],
    ["0.01", 1],
    ["0", 0],
    ["12.345", null],
    ["-3", null],
    ["1e3", null],
    ["twelve", null],
    ["", null],
  ] as const)("%j is %s cents", (typed, cents) => {
    expect(dollarsToCents(typed)).toBe(cents);
  });

  it("writes a balance below zero with its sign before the dollar", () => {
    expect([formatCents(1234), formatCents(-1234), formatCents(-5), formatCents(0)]).toEqual(["$12.34", "-$12.34", "-$0.05", "$0.00"]);
    expect([formatCents(123456), formatCents(100000), formatCents(99999), formatCents(-123456789)]).toEqual([
      "$1,234.56",
      "$1,000.00",
      "$999.99",
      "-$1,234,567.89",
    ]);
  });
});

describe("the reasons a claim may give", () => {
  it.each([
    ["pickup", false],
    ["delivery", true],
    ["shipping", true],
  ])("%s: never arrived %s", (method, offered) => {
    expect(claimReasonsFor(method).includes("not_arrived")).toBe(offered);
    expect(claimReasonsFor(method)).toContain("damaged");
  });
});
