import { describe, expect, it } from "vitest";
import { jobStatusDetail, messageNotification, planJobStatus } from "../src/events/notify.ts";
import type { JobStatusChanged } from "../src/orders/events.ts";
import { JOB_STATUSES } from "../src/shared/lifecycle.ts";

const job = { jobId: "j1", customerId: "cust", ownerId: "own", fileName: "bracket.stl" };
const plan = (detail: Record<string, unknown>) => planJobStatus(jobStatusDetail.parse({ ...job, ...detail }));
const summary = (detail: Record<string, unknown>) => {
  const p = plan(detail);
  return {
    notifications: p.notifications.map((n) => `${n.to}:${n.title}`),
    emails: p.emails.map((e) => `${e.to}:${e.kind}`),
  };
};

// The consumer's table (issue 10): a new request and its payment for the owner; accepted,
// rejected, printing, completed, ready, shipped, expired for the customer.
const TABLE: [string, Record<string, unknown>, string[], string[]][] = [
  ["submitted", { to: "submitted" }, ["owner:New order request"], ["owner:newOrders"]],
  ["confirmed", { to: "confirmed" }, ["owner:Order paid", "customer:Order confirmed"], ["owner:newOrders", "customer:orderConfirmation"]],
  ["accepted", { to: "accepted" }, ["customer:Order accepted"], ["customer:orderUpdates"]],
  ["rejected", { to: "rejected" }, ["customer:Order declined"], ["customer:orderUpdates"]],
  ["printing", { to: "printing" }, ["customer:Printing started"], ["customer:orderUpdates"]],
  ["completed", { to: "completed" }, ["customer:Print complete"], ["customer:orderUpdates"]],
  ["ready_for_pickup", { to: "ready_for_pickup" }, ["customer:Ready for pickup"], ["customer:orderUpdates"]],
  ["ready_for_shipping", { to: "ready_for_shipping" }, ["customer:Ready to ship"], ["customer:orderUpdates"]],
  ["shipped", { to: "shipped" }, ["customer:Shipped"], ["customer:orderUpdates"]],
  ["picked_up", { to: "picked_up" }, ["owner:Picked up", "customer:How did it go?"], []],
  // a local delivery goes through the pickup statuses, said as a delivery
  [
    "ready, a local delivery",
    { to: "ready_for_pickup", deliveryMethod: "delivery" },
    ["customer:Ready for delivery"],
    ["customer:orderUpdates"],
  ],
  ["handed over, a local delivery", { to: "picked_up", deliveryMethod: "delivery" }, ["owner:Delivered", "customer:How did it go?"], []],
  ["cancelled by the customer", { to: "cancelled", actor: "customer" }, ["owner:Order cancelled"], ["owner:newOrders"]],
  ["cancelled by the owner", { to: "cancelled", actor: "owner" }, ["customer:Order cancelled"], []],
  [
    "expired (cancelled by the system)",
    { to: "cancelled", actor: "system", reason: "expired" },
    ["customer:Order expired", "owner:Order expired"],
    ["customer:orderUpdates"],
  ],
  ["expired (its own status)", { to: "expired" }, ["customer:Order expired", "owner:Order expired"], ["customer:orderUpdates"]],
  ["the older `status` field", { status: "accepted" }, ["customer:Order accepted"], ["customer:orderUpdates"]],
  // The order service publishes null for what a change does not have (orders/events.ts).
  [
    "nulls from the order service",
    { to: "confirmed", reason: null, carrier: null, trackingNumber: null },
    ["owner:Order paid", "customer:Order confirmed"],
    ["owner:newOrders", "customer:orderConfirmation"],
  ],
  ["draft (nothing to say)", { to: "draft" }, [], []],
];

describe("the consumer's table: who hears what", () => {
  it.each(TABLE)("%s", (_name, detail, notifications, emails) => {
    expect(summary(detail)).toEqual({ notifications, emails });
  });

  it("covers every status of the lifecycle (or says nothing on purpose)", () => {
    const silent = new Set(["draft"]);
    for (const status of JOB_STATUSES) {
      if (silent.has(status)) continue;
      expect(plan({ to: status, actor: "customer" }).notifications.length, status).toBeGreaterThan(0);
    }
  });

  it("names the file and links the right page", () => {
    for (const [, detail] of TABLE) {
      for (const n of plan(detail).notifications) {
        expect(n.message).toContain("bracket.stl");
        expect(["/order/j1", "/printer-dashboard"]).toContain(n.link);
      }
    }
  });

  it("a new message notifies the other person with a link to the conversation", () => {
    expect(messageNotification({ jobId: "j 1", senderName: "Casey M.", fileName: "bracket.stl" })).toEqual({
      title: "New message",
      message: "Casey M. wrote about bracket.stl.",
      link: "/messages?job=j%201",
    });
  });

  it("a new message names the order by its number once it has one, as the other notices do", () => {
    for (const orderNumber of [10042, "PH-10042"])
      expect(messageNotification({ jobId: "j1", senderName: "Casey M.", fileName: "bracket.stl", orderNumber }).message).toBe(
        "Casey M. wrote about bracket.stl (PH-10042).",
      );
  });

  it("a thread's one entry counts its unread messages once there are more than one", () => {
    expect(messageNotification({ jobId: "j1", senderName: "Casey M.", fileName: "bracket.stl", orderNumber: 10042, unread: 1 })).toEqual({
      title: "New message",
      message: "Casey M. wrote about bracket.stl (PH-10042).",
      link: "/messages?job=j1",
    });
    expect(messageNotification({ jobId: "j1", senderName: "Casey M.", fileName: "bracket.stl", orderNumber: 10042, unread: 30 })).toEqual({
      title: "New messages",
      message: "Casey M. wrote 30 new messages about bracket.stl (PH-10042).",
      link: "/messages?job=j1",
    });
  });
});

/** The detail exactly as the order moves publish it (orders/events.ts): null stands for "none". */
const published = (over: Partial<JobStatusChanged>): JobStatusChanged => ({
  jobId: "j1",
  orderNumber: "PH-10042",
  from: "submitted",
  to: "confirmed",
  status: "confirmed",
  action: "confirmPayment",
  actor: "system",
  actorId: null,
  customerId: "cust",
  ownerId: "own",
  printerId: "p1",
  fileName: "bracket.stl",
  reason: null,
  expired: null,
  message: null,
  deliveryMethod: "pickup",
  carrier: null,
  trackingNumber: null,
  at: "2026-11-22T15:00:00.123Z",
  ...over,
});
const planOf = (d: JobStatusChanged) => planJobStatus(jobStatusDetail.parse(d));

describe("the consumer reads what the order moves publish", () => {
  it("takes null for every fact an event may lack", () => {
    const d = jobStatusDetail.parse(published({}));
    expect(d).toMatchObject({ reason: undefined, carrier: undefined, trackingNumber: undefined, orderNumber: "PH-10042" });
  });

  it("names the order by its number wherever it has one", () => {
    for (const [from, to, action, actor] of [
      ["draft", "submitted", "submit", "customer"],
      ["submitted", "confirmed", "confirmPayment", "system"],
      ["confirmed", "accepted", "accept", "owner"],
      ["confirmed", "rejected", "reject", "owner"],
      ["accepted", "printing", "startPrinting", "owner"],
      ["printing", "completed", "complete", "owner"],
      ["completed", "ready_for_pickup", "readyForPickup", "owner"],
      ["ready_for_pickup", "picked_up", "pickUp", "owner"],
      ["ready_for_shipping", "shipped", "ship", "owner"],
      ["accepted", "cancelled", "cancel", "customer"],
    ] as const) {
      const p = planOf(published({ from, to, status: to, action, actor }));
      expect(p.notifications.length, to).toBeGreaterThan(0);
      for (const n of p.notifications) expect(n.message, to).toContain("bracket.stl (PH-10042)");
    }
    // A number given bare (or as #10042) is the same order number.
    expect(jobStatusDetail.parse({ ...job, to: "accepted", orderNumber: 10042 }).orderNumber).toBe("PH-10042");
    expect(jobStatusDetail.parse({ ...job, to: "accepted", orderNumber: "#10042" }).orderNumber).toBe("PH-10042");
  });

  it("the expiry sweep's event (cancelled by the system, reason expired) tells both sides it expired", () => {
    const p = planOf(
      published({ from: "confirmed", to: "cancelled", status: "cancelled", action: "expire", reason: "expired", expired: "unaccepted" }),
    );
    expect(p.notifications.map((n) => `${n.to}:${n.title}`)).toEqual(["customer:Order expired", "owner:Order expired"]);
    expect(p.emails.map((e) => `${e.to}:${e.kind}`)).toEqual(["customer:orderUpdates"]);
  });

  it("a shipped order gives its carrier and tracking number", () => {
    const p = planOf(
      published({
        from: "ready_for_shipping",
        to: "shipped",
        status: "shipped",
        action: "ship",
        actor: "owner",
        carrier: "UPS",
        trackingNumber: "1Z999",
      }),
    );
    expect(p.notifications[0]?.message).toBe("bracket.stl (PH-10042) is on its way with UPS, tracking number 1Z999.");
  });

  it("a cancelled paid order tells the owner what happened to the money", () => {
    const refunded = planOf(
      published({ from: "accepted", to: "cancelled", status: "cancelled", action: "cancel", actor: "customer", reason: "customer" }),
    );
    expect(refunded.notifications[0]?.message).toContain("refunded in full");
    const released = planOf(
      published({ from: "confirmed", to: "cancelled", status: "cancelled", action: "cancel", actor: "customer", reason: "customer" }),
    );
    expect(released.notifications[0]?.message).toContain("hold on their card was released");
  });
});

describe("the detail the orders publish", () => {
  it("reads absent facts written as null (no number, reason, carrier or tracking yet) as absent", () => {
    const detail = jobStatusDetail.parse({
      ...job,
      orderNumber: null,
      from: "submitted",
      to: "confirmed",
      status: "confirmed",
      action: "confirmPayment",
      actor: "system",
      actorId: null,
      printerId: "p1",
      reason: null,
      expired: null,
      message: null,
      deliveryMethod: "pickup",
      carrier: null,
      trackingNumber: null,
      at: "2026-03-02T10:00:00.000Z",
    });
    expect(detail).toMatchObject({ to: "confirmed", customerId: "cust" });
    expect(detail.carrier).toBeUndefined();
    expect(planJobStatus(detail).notifications.map((n) => `${n.to}:${n.title}`)).toEqual(["owner:Order paid", "customer:Order confirmed"]);
  });
});
