import { describe, expect, it } from "vitest";
import { isOwnerActive, isOwnerCompleted, isOwnerPending, isOwnerReady, trackingSummary } from "../../src/shared/job-groups.ts";
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
});

describe("tracking summary (spec 2 §4 tracking lists)", () => {
  const job = (status: string, deliveryMethod: string) => ({ status, deliveryMethod });
  it.each([
    [[], { pickupCount: 0, shippingCount: 0, completedCount: 0 }],
    [
      [job("completed", "pickup"), job("ready_for_pickup", "delivery"), job("picked_up", "pickup")],
      { pickupCount: 3, shippingCount: 0, completedCount: 1 },
    ],
    [
      [job("completed", "shipping"), job("ready_for_shipping", "shipping"), job("shipped", "shipping")],
      { pickupCount: 0, shippingCount: 3, completedCount: 1 },
    ],
    [
      [job("printing", "pickup"), job("cancelled", "shipping"), job("picked_up", "delivery"), job("shipped", "shipping")],
      { pickupCount: 1, shippingCount: 1, completedCount: 2 },
    ],
  ] as const)("%j → %j", (jobs, expected) => {
    expect(trackingSummary(jobs)).toEqual(expected);
  });
});
