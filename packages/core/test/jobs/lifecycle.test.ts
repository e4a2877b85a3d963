import { describe, expect, it } from "vitest";
import { VisibleError } from "../../src/shared/errors.ts";
import {
  findTransition,
  isFinal,
  JOB_ACTIONS,
  JOB_STATUSES,
  type JobAction,
  type JobActor,
  type JobStatus,
  planTransition,
  TRANSITIONS,
} from "../../src/shared/lifecycle.ts";

describe("job lifecycle (docs/architecture.md Jobs)", () => {
  it.each([
    ["draft", "submit", "customer", "submitted", "submittedAt"],
    ["submitted", "confirmPayment", "system", "confirmed", "confirmedAt"],
    ["submitted", "cancel", "customer", "cancelled", "cancelledAt"],
    ["submitted", "expire", "system", "cancelled", "cancelledAt"],
    ["confirmed", "accept", "owner", "accepted", "acceptedAt"],
    ["confirmed", "reject", "owner", "rejected", "rejectedAt"],
    ["confirmed", "cancel", "customer", "cancelled", "cancelledAt"],
    ["confirmed", "expire", "system", "cancelled", "cancelledAt"],
    ["accepted", "startPrinting", "owner", "printing", "printingStartedAt"],
    ["accepted", "cancel", "customer", "cancelled", "cancelledAt"],
    ["printing", "complete", "owner", "completed", "completedAt"],
    ["completed", "readyForPickup", "owner", "ready_for_pickup", "readyAt"],
    ["completed", "readyForShipping", "owner", "ready_for_shipping", "readyAt"],
    ["ready_for_pickup", "pickUp", "owner", "picked_up", "pickedUpAt"],
    ["ready_for_pickup", "pickUp", "customer", "picked_up", "pickedUpAt"],
    ["ready_for_shipping", "ship", "owner", "shipped", "shippedAt"],
  ] as const)("%s --%s by %s--> %s (records %s)", (from, action, actor, to, stamp) => {
    const t = planTransition(from, action, actor);
    expect(t.to).toBe(to);
    expect(t.stamp).toBe(stamp);
  });

  it.each([
    ["submitted", "accept", "owner"], // owners accept only paid orders
    ["draft", "confirmPayment", "system"],
    ["printing", "cancel", "customer"], // no cancelling once printing
    ["cancelled", "submit", "customer"],
    ["submitted", "submit", "customer"], // submitted twice
    ["shipped", "ship", "owner"],
  ] as const)("refuses %s --%s by %s with a 409", (from, action, actor) => {
    expect(() => planTransition(from, action, actor)).toThrowError(VisibleError);
    try {
      planTransition(from, action, actor);
    } catch (e) {
      expect((e as VisibleError).kind).toBe("conflict");
      expect((e as VisibleError).message).toMatch(/^This order is .+, so it cannot be .+ now\.$/);
    }
  });

  it.each([
    ["draft", "submit", "owner"],
    ["confirmed", "accept", "customer"],
    ["submitted", "confirmPayment", "customer"],
  ] as const)("refuses %s --%s by %s with a 403", (from, action, actor) => {
    try {
      planTransition(from, action, actor as JobActor);
      expect.unreachable();
    } catch (e) {
      expect((e as VisibleError).kind).toBe("forbidden");
    }
  });

  it("has at most one target per status and action, and every status is reachable from draft", () => {
    for (const s of JOB_STATUSES)
      for (const a of JOB_ACTIONS) expect(TRANSITIONS.filter((t) => t.from === s && t.action === a).length).toBeLessThanOrEqual(1);
    const seen = new Set<JobStatus>(["draft"]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const t of TRANSITIONS)
        if (seen.has(t.from) && !seen.has(t.to)) {
          seen.add(t.to);
          grew = true;
        }
    }
    expect([...seen].sort()).toEqual([...JOB_STATUSES].sort());
  });

  it("final statuses", () => {
    expect(JOB_STATUSES.filter(isFinal).sort()).toEqual(["cancelled", "picked_up", "rejected", "shipped"]);
    expect(findTransition("draft", "cancel" as JobAction)).toBeNull();
  });
});
