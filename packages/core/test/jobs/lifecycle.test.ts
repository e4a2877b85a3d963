import { describe, expect, it } from "vitest";
import { VisibleError } from "../../src/shared/errors.ts";
import {
  actionForStatus,
  findTransition,
  isFinal,
  isOpenOrder,
  JOB_ACTIONS,
  JOB_STATUSES,
  type JobAction,
  type JobActor,
  type JobStatus,
  movesFor,
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

  // The allowed moves, written out by hand from DECISIONS.md "Orders" (not derived from the table).
  const ALLOWED: Record<string, string> = {
    "draft submit customer": "submitted",
    "submitted confirmPayment system": "confirmed",
    "submitted reject owner": "rejected",
    "submitted cancel customer": "cancelled",
    "submitted expire system": "cancelled",
    "confirmed accept owner": "accepted",
    "confirmed reject owner": "rejected",
    "confirmed cancel customer": "cancelled",
    "confirmed expire system": "cancelled",
    "accepted startPrinting owner": "printing",
    "accepted cancel customer": "cancelled",
    "printing complete owner": "completed",
    "completed readyForPickup owner": "ready_for_pickup",
    "completed readyForShipping owner": "ready_for_shipping",
    "ready_for_pickup pickUp owner": "picked_up",
    "ready_for_pickup pickUp customer": "picked_up",
    "ready_for_shipping ship owner": "shipped",
    // Staff stop what a suspension stops (issue 21), up to printing; a finished part is left alone.
    "submitted staffCancel staff": "cancelled",
    "confirmed staffCancel staff": "cancelled",
    "accepted staffCancel staff": "cancelled",
    "printing staffCancel staff": "cancelled",
  };
  const ACTORS: JobActor[] = ["customer", "owner", "system", "staff"];

  it(`every status × action × actor: ${JOB_STATUSES.length * JOB_ACTIONS.length * ACTORS.length} cases`, () => {
    let allowed = 0;
    for (const from of JOB_STATUSES)
      for (const action of JOB_ACTIONS)
        for (const actor of ACTORS) {
          const to = ALLOWED[`${from} ${action} ${actor}`];
          const someoneMay = ACTORS.some((a) => ALLOWED[`${from} ${action} ${a}`]);
          if (to) {
            expect(planTransition(from, action, actor).to, `${from} ${action} ${actor}`).toBe(to);
            allowed++;
            continue;
          }
          let error: VisibleError | undefined;
          try {
            planTransition(from, action, actor);
          } catch (e) {
            error = e as VisibleError;
          }
          expect(error, `${from} ${action} ${actor} must be refused`).toBeInstanceOf(VisibleError);
          // Someone else may do it: forbidden for this actor. Nobody may: the order is in the wrong state.
          expect(error?.kind, `${from} ${action} ${actor}`).toBe(someoneMay ? "forbidden" : "conflict");
        }
    expect(allowed).toBe(Object.keys(ALLOWED).length);
    expect(TRANSITIONS.flatMap((t) => t.by).length).toBe(allowed);
  });

  it.each([
    ["readyForPickup", "pickup", "ready_for_pickup"],
    ["readyForPickup", "delivery", "ready_for_pickup"],
    ["readyForShipping", "shipping", "ready_for_shipping"],
  ] as const)("%s for a %s order goes to %s", (action, delivery, to) => {
    expect(planTransition("completed", action, "owner", delivery).to).toBe(to);
  });

  it.each([
    ["readyForPickup", "shipping", "This order is for shipping, so it cannot be marked ready for pickup."],
    ["readyForShipping", "pickup", "This order is for pickup, so it cannot be marked ready for shipping."],
    ["readyForShipping", "delivery", "This order is for local delivery, so it cannot be marked ready for shipping."],
  ] as const)("refuses %s for a %s order", (action, delivery, message) => {
    expect(() => planTransition("completed", action, "owner", delivery)).toThrowError(message);
  });

  it.each([
    ["confirmed", "accepted", "owner", "accept"],
    ["submitted", "rejected", "owner", "reject"],
    ["submitted", "cancelled", "customer", "cancel"],
    ["submitted", "cancelled", "system", "expire"],
    ["accepted", "printing", "owner", "startPrinting"],
    ["completed", "ready_for_shipping", "owner", "readyForShipping"],
    ["ready_for_pickup", "picked_up", "customer", "pickUp"],
  ] as const)("a status named by PUT maps to its one step: %s → %s by %s is %s", (from, to, actor, action) => {
    expect(actionForStatus(from, to, actor)).toBe(action);
  });

  it.each([
    ["confirmed", "printing"],
    ["accepted", "completed"],
    ["printing", "shipped"],
    ["submitted", "accepted"],
    ["shipped", "cancelled"],
  ] as const)("no skipped steps: %s → %s is a 409", (from, to) => {
    expect(() => actionForStatus(from, to, "owner")).toThrowError(/^This order is .+, so it cannot be marked .+ now\.$/);
  });

  it("open orders: submitted to ready, not drafts or finished ones", () => {
    expect(JOB_STATUSES.filter(isOpenOrder)).toEqual([
      "submitted",
      "confirmed",
      "accepted",
      "printing",
      "completed",
      "ready_for_pickup",
      "ready_for_shipping",
    ]);
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
    ["submitted", "reject", "customer"],
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
  it.each([
    ["submitted", "owner", "pickup", ["reject"]],
    ["confirmed", "owner", "pickup", ["accept", "reject"]],
    ["accepted", "owner", "pickup", ["startPrinting"]],
    ["printing", "owner", "shipping", ["complete"]],
    ["completed", "owner", "pickup", ["readyForPickup"]],
    ["completed", "owner", "delivery", ["readyForPickup"]],
    ["completed", "owner", "shipping", ["readyForShipping"]],
    ["ready_for_pickup", "owner", "pickup", ["pickUp"]],
    ["ready_for_shipping", "owner", "shipping", ["ship"]],
    ["shipped", "owner", "shipping", []],
    ["confirmed", "customer", "pickup", ["cancel"]],
    ["printing", "customer", "pickup", []],
    ["ready_for_pickup", "customer", "pickup", ["pickUp"]],
  ] as const)("movesFor(%s, %s, %s) offers %j", (status, actor, delivery, actions) => {
    expect(movesFor(status, actor, delivery).map((t) => t.action)).toEqual(actions);
  });

  it("movesFor offers exactly the moves planTransition allows", () => {
    for (const s of JOB_STATUSES)
      for (const actor of ["customer", "owner", "system"] as const)
        for (const d of ["pickup", "delivery", "shipping"] as const) {
          const offered = new Set(movesFor(s, actor, d).map((t) => t.action));
          for (const a of JOB_ACTIONS) {
            let allowed = true;
            try {
              planTransition(s, a, actor, d);
            } catch {
              allowed = false;
            }
            expect(offered.has(a)).toBe(allowed);
          }
        }
  });
});
