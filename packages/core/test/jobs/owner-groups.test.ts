import { describe, expect, it } from "vitest";
import {
  isOwnerActive,
  isOwnerCompleted,
  isOwnerPending,
  isOwnerReady,
  orderEarningsCents,
  ownerEarningsCents,
  trackingSummary,
} from "../../src/shared/job-groups.ts";
import { JOB_STATUSES } from "../../src/shared/lifecycle.ts";

// Spec 2 §4 "Owner grouping": pending = submitted (and confirmed: paid, waiting for the owner); active = accepted or printing; completed = completed or picked_up (and shipped, the shipping path's picked_up).
const expected: Record<string, "pending" | "active" | "ready" | "completed" | null> = {
  draft: null,
  submitted: "pending",
  confirmed: "pending",
  accepted: "active",
  printing: "active",
  completed: "completed",
  ready_for_pickup: "ready",
  ready_for_shipping: "ready",
  picked_up: "completed",
  shipped: "completed",
  cancelled: null,
  rejected: null,
};

describe("owner grouping", () => {
  it.each(JOB_STATUSES.map((s) => [s, expected[s] ?? null] as const))("%s → %s", (status, group) => {
    const job = { status };
    expect(isOwnerPending(job)).toBe(group === "pending");
    expect(isOwnerActive(job)).toBe(group === "active");
    expect(isOwnerCompleted(job)).toBe(group === "completed");
    expect(isOwnerReady(job)).toBe(group === "ready");
  });

  it("an order earns its owner the printer profit plus the delivery fee or shipping cost", () => {
    expect(orderEarningsCents({ printerProfitCents: 1234, deliveryFeeCents: 0 })).toBe(1234);
    expect(orderEarningsCents({ printerProfitCents: 1234, deliveryFeeCents: 500 })).toBe(1734);
  });

  it("earns the printer profit of completed and picked-up jobs only", () => {
    const job = (status: string, printerProfitCents: number) => ({ status, pricing: { printerProfitCents } });
    expect(ownerEarningsCents([job("completed", 1000), job("picked_up", 250), job("printing", 900), job("cancelled", 4000)])).toBe(1250);
    expect(ownerEarningsCents([])).toBe(0);
  });
});

describe("tracking summary (spec 2 §4 tracking lists, §9 earnings)", () => {
  const job = (status: string, deliveryMethod: string, totalCents: number) => ({ status, deliveryMethod, pricing: { totalCents } });
  it.each([
    [[], { pickupCount: 0, shippingCount: 0, completedCount: 0, earningsCents: 0 }],
    [
      [job("completed", "pickup", 1000), job("ready_for_pickup", "delivery", 2000), job("picked_up", "pickup", 3000)],
      { pickupCount: 3, shippingCount: 0, completedCount: 1, earningsCents: 3000 },
    ],
    [
      [job("completed", "shipping", 1000), job("ready_for_shipping", "shipping", 2000), job("shipped", "shipping", 4500)],
      { pickupCount: 0, shippingCount: 3, completedCount: 1, earningsCents: 4500 },
    ],
    [
      [
        job("printing", "pickup", 1000),
        job("cancelled", "shipping", 999),
        job("picked_up", "delivery", 700),
        job("shipped", "shipping", 300),
      ],
      { pickupCount: 1, shippingCount: 1, completedCount: 2, earningsCents: 1000 },
    ],
  ] as const)("%j → %j", (jobs, expected) => {
    expect(trackingSummary(jobs)).toEqual(expected);
  });
});
