import { describe, expect, it } from "vitest";
import { handedOverMoney } from "../../src/shared/earnings.ts";
import { isOwnerActive, isOwnerCompleted, isOwnerPending, isOwnerReady, trackingSummary } from "../../src/shared/job-groups.ts";
import { JOB_STATUSES } from "../../src/shared/lifecycle.ts";
import { ownerFigures, sumTallies, type TalliedOrder, tallyDelta } from "../../src/shared/tallies.ts";

/**
 * The owner's screens count from tallies (issue 23 point 2) but their lists filter orders with the
 * groups of job-groups.ts: a tally built move by move must give what those groups give over the
 * whole list, for every status and both ways of handing over.
 */
const order = (status: string, deliveryMethod: string, profit: number, reversed = 0): TalliedOrder => ({
  status,
  deliveryMethod,
  pricing: {
    printerProfitCents: profit,
    deliveryFeeCents: deliveryMethod === "shipping" ? 700 : 0,
    platformFeeCents: 300,
    totalCents: profit + 300 + (deliveryMethod === "shipping" ? 700 : 0),
  },
  ...(reversed ? { earningsReversedCents: reversed } : {}),
});

const orders = JOB_STATUSES.filter((s) => s !== "draft").flatMap((s, i) => [
  order(s, "pickup", 1000 + i * 10),
  order(s, "shipping", 2000 + i * 10, s === "picked_up" || s === "shipped" ? 150 : 0),
  order(s, "local_delivery", 500 + i),
]);

describe("order tallies agree with the lists they stand for", () => {
  it("counts each owner group, the tracking cards and the handed-over money as the list's filters do", () => {
    const tally = sumTallies(orders.map((o) => tallyDelta(null, o)));
    const figures = ownerFigures(tally);
    expect(figures.pending).toBe(orders.filter(isOwnerPending).length);
    expect(figures.active).toBe(orders.filter(isOwnerActive).length);
    expect(figures.ready).toBe(orders.filter(isOwnerReady).length);
    expect(figures.completed).toBe(orders.filter(isOwnerCompleted).length);
    expect(figures.totalJobs).toBe(orders.length);
    const money = handedOverMoney(orders);
    expect(figures.tracking).toEqual({
      ...trackingSummary(orders),
      customerPaidCents: money.customersPaidCents,
      ownerEarnedCents: money.earningsCents,
    });
  });

  it("moves an order between groups without leaving anything behind, a draft counting nothing", () => {
    const path = ["draft", "submitted", "confirmed", "accepted", "printing", "completed", "ready_for_pickup", "picked_up"];
    let tally = {};
    for (let i = 1; i < path.length; i++) {
      tally = sumTallies([tally, tallyDelta(order(path[i - 1]!, "pickup", 900), order(path[i]!, "pickup", 900))]);
      const now = [order(path[i]!, "pickup", 900)];
      expect(ownerFigures(tally)).toEqual(ownerFigures(sumTallies(now.map((o) => tallyDelta(null, o)))));
    }
    expect(tallyDelta(order("draft", "pickup", 900), order("draft", "pickup", 900))).toEqual({});
  });
});
