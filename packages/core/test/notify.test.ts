import { describe, expect, it } from "vitest";
import { notificationsFor } from "../src/events/notify.ts";

const job = { jobId: "j1", customerId: "cust", ownerId: "own", fileName: "bracket.stl" };
const event = (type: string, detail: unknown) => ({ id: "evt-1", time: "2026-11-22T10:00:00.000Z", "detail-type": type, detail });

describe("notifications for events", () => {
  it.each([
    ["submitted", "own", "New order request"],
    ["confirmed", "own", "Order paid"],
    ["accepted", "cust", "Order accepted"],
    ["rejected", "cust", "Order declined"],
    ["printing", "cust", "Printing started"],
    ["completed", "cust", "Print complete"],
    ["shipped", "cust", "Shipped"],
    ["cancelled", "own", "Order cancelled"],
  ])("job %s notifies %s with %s", (status, userId, title) => {
    const [n, ...rest] = notificationsFor(event("job.status_changed", { ...job, status }));
    expect(rest).toEqual([]);
    expect(n).toMatchObject({ userId, title, link: "/order/j1", sourceEventId: "evt-1", createdAt: "2026-11-22T10:00:00.000Z" });
    expect(n!.message).toContain("bracket.stl");
  });

  it("notifies the recipient of a message", () => {
    const out = notificationsFor(
      event("message.sent", { jobId: "j1", senderId: "cust", recipientId: "own", senderName: "Casey M.", fileName: "bracket.stl" }),
    );
    expect(out).toEqual([expect.objectContaining({ userId: "own", title: "New message", message: "Casey M. wrote about bracket.stl." })]);
  });

  it("ignores statuses and events it has nothing to say about", () => {
    expect(notificationsFor(event("job.status_changed", { ...job, status: "draft" }))).toEqual([]);
    expect(notificationsFor(event("other.thing", {}))).toEqual([]);
  });
});
