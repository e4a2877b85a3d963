import { describe, expect, it } from "vitest";
import {
  AWAITING_OWNER_STATUSES,
  CLOSED_STATUSES,
  CUSTOMER_COMPLETED_STATUSES,
  EARNING_STATUSES,
  HANDED_OVER_STATUSES,
  IN_PRODUCTION_STATUSES,
  isClosed,
  isHandedOver,
  isPaid,
  mayArrangePickup,
  mayContactPrinter,
  PAID_STATUSES,
  paymentTaken,
  READY_STATUSES,
} from "../../src/shared/job-groups.ts";
import { JOB_STATUSES, TRANSITIONS } from "../../src/shared/lifecycle.ts";

// The named status groups (one home: shared/job-groups.ts), checked against the lifecycle table.
describe("status groups", () => {
  it("place every order status (not a draft) in exactly one stage", () => {
    const stages = [AWAITING_OWNER_STATUSES, IN_PRODUCTION_STATUSES, ["completed"], READY_STATUSES, HANDED_OVER_STATUSES, CLOSED_STATUSES];
    for (const status of JOB_STATUSES.filter((s) => s !== "draft")) {
      expect(
        stages.filter((g) => (g as readonly string[]).includes(status)),
        status,
      ).toHaveLength(1);
    }
  });

  it("name as handed over and closed exactly the final statuses of the lifecycle", () => {
    const final = JOB_STATUSES.filter((s) => s !== "draft" && !TRANSITIONS.some((t) => t.from === s));
    expect([...HANDED_OVER_STATUSES, ...CLOSED_STATUSES].sort()).toEqual(final.sort());
  });

  it("say an order earns from acceptance and is paid from its payment, until it closes", () => {
    const reachable = (from: string): string[] => {
      const next = TRANSITIONS.filter((t) => t.from === from).map((t) => t.to);
      return [from, ...next.flatMap((s) => (s === from ? [] : reachable(s)))];
    };
    const unclosed = (s: string) => !(CLOSED_STATUSES as readonly string[]).includes(s);
    expect(new Set(EARNING_STATUSES)).toEqual(new Set(reachable("accepted").filter(unclosed)));
    expect(new Set(PAID_STATUSES)).toEqual(new Set(reachable("confirmed").filter(unclosed)));
  });

  it.each([
    ["submitted", { paid: false, closed: false, handedOver: false, contact: false, pickup: false }],
    ["confirmed", { paid: true, closed: false, handedOver: false, contact: true, pickup: false }],
    ["printing", { paid: true, closed: false, handedOver: false, contact: true, pickup: false }],
    ["ready_for_shipping", { paid: true, closed: false, handedOver: false, contact: true, pickup: true }],
    ["shipped", { paid: true, closed: false, handedOver: true, contact: false, pickup: false }],
    ["rejected", { paid: false, closed: true, handedOver: false, contact: false, pickup: false }],
  ] as const)("%s → %j", (status, want) => {
    const job = { status };
    expect({
      paid: isPaid(job),
      closed: isClosed(job),
      handedOver: isHandedOver(job),
      contact: mayContactPrinter(job),
      pickup: mayArrangePickup(job),
    }).toEqual(want);
  });

  it("complete the customer's orders once they are ready or handed over", () => {
    expect(CUSTOMER_COMPLETED_STATUSES).toEqual(["ready_for_pickup", "ready_for_shipping", "picked_up", "shipped"]);
  });

  it("count a payment as taken once authorised or captured", () => {
    expect(["pending", "authorized", "captured", "released", "refunded"].map((status) => paymentTaken({ status }))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(paymentTaken(null)).toBe(false);
  });
});
