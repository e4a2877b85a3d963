import { describe, expect, it } from "vitest";
import { CUSTOMER_TABS, customerTabHas, DEFAULT_CUSTOMER_TAB } from "../../src/shared/job-groups.ts";
import { customerMay, JOB_STATUSES, type JobStatus } from "../../src/shared/lifecycle.ts";
import { formatOrderNumber, matchesOrderRef, parseOrderNumber } from "../../src/shared/order-numbers.ts";
import { customerFigures, sumTallies, tallyDelta } from "../../src/shared/tallies.ts";

// Spec 2 §4 "Customer tab grouping": drafts = draft; completed = ready_for_pickup, ready_for_shipping,
// picked_up, shipped; active = everything except those, cancelled and draft; all = everything.
const tabOf: Record<JobStatus, "drafts" | "active" | "completed" | null> = {
  draft: "drafts",
  submitted: "active",
  confirmed: "active",
  accepted: "active",
  rejected: "active",
  printing: "active",
  completed: "active",
  ready_for_pickup: "completed",
  ready_for_shipping: "completed",
  picked_up: "completed",
  shipped: "completed",
  cancelled: null,
};

describe("the customer's dashboard tabs", () => {
  it.each(JOB_STATUSES)("%s is listed in its tab and in All Orders", (status) => {
    for (const tab of CUSTOMER_TABS) expect(customerTabHas(tab, status), tab).toBe(tab === "all" || tab === tabOf[status]);
  });

  it("opens on Active Orders", () => {
    expect(DEFAULT_CUSTOMER_TAB).toBe("active");
  });

  // The cards and tab counts come from the customer's tally (shared/tallies.ts), moved with each order.
  const order = (status: JobStatus, amountCents: number, paymentStatus = "captured") => ({
    status,
    deliveryMethod: "pickup",
    pricing: { printerProfitCents: amountCents - 100, deliveryFeeCents: 0, platformFeeCents: 100, totalCents: amountCents },
    payment: { status: paymentStatus, amountCents },
  });
  const tallyOf = (orders: ReturnType<typeof order>[]) => sumTallies(orders.map((o) => tallyDelta(null, o)));

  it("counts each order (never a draft) in its tab as the tab lists it", () => {
    const orders = JOB_STATUSES.map((status) => order(status, 1000));
    const figures = customerFigures(tallyOf(orders));
    const listed = (tab: "active" | "completed") => orders.filter((o) => o.status !== "draft" && customerTabHas(tab, o.status)).length;
    expect(figures).toMatchObject({ totalOrders: JOB_STATUSES.length - 1, active: listed("active"), completed: listed("completed") });
    expect([figures.active, figures.completed]).toEqual([6, 4]);
  });

  it("spends only what was paid for orders still paid for", () => {
    const figures = customerFigures(
      tallyOf([
        order("draft", 500, "pending"),
        order("submitted", 700, "pending"),
        order("confirmed", 1000, "authorized"),
        order("printing", 2000),
        order("shipped", 300),
        order("cancelled", 900, "released"),
        order("rejected", 400, "refunded"),
      ]),
    );
    expect(figures).toEqual({ totalOrders: 6, active: 4, completed: 1, totalSpentCents: 3300 });
  });

  it("gives back what a claim refunded, in part or in all, as the refund moves the order", () => {
    const received = order("picked_up", 2000);
    const half = { ...received, payment: { ...received.payment, refundedCents: 800 } };
    const all = { ...received, payment: { ...received.payment, status: "refunded", refundedCents: 2000 } };
    const tally = sumTallies([tallyOf([received]), tallyDelta(received, half)]);
    expect(customerFigures(tally).totalSpentCents).toBe(1200);
    expect(customerFigures(sumTallies([tally, tallyDelta(half, all)]))).toEqual({
      totalOrders: 1,
      active: 0,
      completed: 1,
      totalSpentCents: 0,
    });
  });

  it("follows an order from tab to tab without leaving anything behind", () => {
    const path: JobStatus[] = ["draft", "submitted", "confirmed", "accepted", "printing", "completed", "ready_for_pickup", "picked_up"];
    let tally = {};
    for (let i = 1; i < path.length; i++) {
      tally = sumTallies([tally, tallyDelta(order(path[i - 1]!, 800), order(path[i]!, 800))]);
      expect(customerFigures(tally)).toEqual(customerFigures(tallyOf([order(path[i]!, 800)])));
    }
  });
});

describe("what the customer may still do", () => {
  it("cancel while the lifecycle table lets them: submitted, confirmed or accepted", () => {
    expect(JOB_STATUSES.filter((s) => customerMay(s, "cancel"))).toEqual(["submitted", "confirmed", "accepted"]);
  });

  it("confirm a pickup only when it is ready for pickup", () => {
    expect(JOB_STATUSES.filter((s) => customerMay(s, "pickUp"))).toEqual(["ready_for_pickup"]);
  });
});

describe("order numbers as people type them", () => {
  const order = { id: "6f1c2a9e-1111-4222-8333-944445555666", orderNumber: formatOrderNumber(10423) };

  it.each(["PH-10423", "ph10423", "ph-10423", "#10423", "10423", " PH-10423 ", order.id, order.id.toUpperCase(), ""])(
    "%j finds the order",
    (typed) => {
      expect(matchesOrderRef(order, typed)).toBe(true);
    },
  );

  it.each(["PH-10424", "1042", "PH-", "6f1c2a9e", "box.stl"])("%j does not", (typed) => {
    expect(matchesOrderRef(order, typed)).toBe(false);
  });

  it("an order without a number is found only by its id", () => {
    expect(matchesOrderRef({ id: "abc", orderNumber: null }, "10423")).toBe(false);
    expect(matchesOrderRef({ id: "abc", orderNumber: null }, "abc")).toBe(true);
    expect(parseOrderNumber("PH-10423")).toBe(10423);
  });
});
