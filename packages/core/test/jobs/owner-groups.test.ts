import { describe, expect, it } from "vitest";
import { isOwnerActive, isOwnerCompleted, isOwnerPending, ownerEarningsCents } from "../../src/shared/job-groups.ts";
import { JOB_STATUSES } from "../../src/shared/lifecycle.ts";

// Spec 2 §4 "Owner grouping": pending = submitted; active = accepted or printing; completed = completed or picked_up.
const expected: Record<string, "pending" | "active" | "completed" | null> = {
  draft: null,
  submitted: "pending",
  confirmed: null,
  accepted: "active",
  printing: "active",
  completed: "completed",
  ready_for_pickup: null,
  ready_for_shipping: null,
  picked_up: "completed",
  shipped: null,
  cancelled: null,
  rejected: null,
};

describe("owner grouping", () => {
  it.each(JOB_STATUSES.map((s) => [s, expected[s] ?? null] as const))("%s → %s", (status, group) => {
    const job = { status };
    expect(isOwnerPending(job)).toBe(group === "pending");
    expect(isOwnerActive(job)).toBe(group === "active");
    expect(isOwnerCompleted(job)).toBe(group === "completed");
  });

  it("earns the printer profit of completed and picked-up jobs only", () => {
    const job = (status: string, printerProfitCents: number) => ({ status, pricing: { printerProfitCents } });
    expect(ownerEarningsCents([job("completed", 1000), job("picked_up", 250), job("printing", 900), job("cancelled", 4000)])).toBe(1250);
    expect(ownerEarningsCents([])).toBe(0);
  });
});
