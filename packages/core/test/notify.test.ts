import { describe, expect, it } from "vitest";
import { jobStatusDetail, messageNotification, planJobStatus } from "../src/events/notify.ts";
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
});
