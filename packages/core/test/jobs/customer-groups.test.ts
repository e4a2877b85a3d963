import { describe, expect, it } from "vitest";
import { CUSTOMER_TABS, customerStats, customerTabJobs, DEFAULT_CUSTOMER_TAB } from "../../src/shared/job-groups.ts";
import { customerMay, JOB_STATUSES, type JobStatus } from "../../src/shared/lifecycle.ts";
import { formatOrderNumber, matchesOrderRef, parseOrderNumber } from "../../src/shared/order-numbers.ts";

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
  const jobs = JOB_STATUSES.map((status) => ({ status }));

  it.each(JOB_STATUSES)("%s is listed in its tab and in All Orders", (status) => {
    for (const tab of CUSTOMER_TABS) {
      const listed = customerTabJobs(jobs, tab).some((j) => j.status === status);
      expect(listed, tab).toBe(tab === "all" || tab === tabOf[status]);
    }
  });

  it("opens on Active Orders", () => {
    expect(DEFAULT_CUSTOMER_TAB).toBe("active");
  });

  it("counts orders (never drafts), and spends only what a card holds or paid", () => {
    const order = (status: JobStatus, payment: { status: string; amountCents: number } | null) => ({ status, payment });
    expect(
      customerStats([
        order("draft", null),
        order("submitted", { status: "pending", amountCents: 700 }),
        order("confirmed", { status: "authorized", amountCents: 1000 }),
        order("printing", { status: "captured", amountCents: 2000 }),
        order("shipped", { status: "captured", amountCents: 300 }),
        order("cancelled", { status: "released", amountCents: 900 }),
        order("cancelled", { status: "refunded", amountCents: 400 }),
      ]),
    ).toEqual({ totalOrders: 6, active: 3, completed: 1, totalSpentCents: 3300 });
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
