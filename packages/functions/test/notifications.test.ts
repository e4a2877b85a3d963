import { EVENT_BUS_NAME } from "@printhood/local";
import { describe, expect, it } from "vitest";
import { createEventPublisher } from "../src/lib/events.ts";
import { newUser, TestClient } from "./client.ts";
import { useStack } from "./stack.ts";

const stack = useStack();

describe("notifications through the event bus", () => {
  it("turns a published job status change into the customer's notification, once", async () => {
    const customer = new TestClient(stack().url);
    const me = (await customer.post("/api/register", newUser())).json;
    const events = createEventPublisher(EVENT_BUS_NAME);
    const detail = { jobId: "job-42", status: "accepted", customerId: me.id, ownerId: "someone-else", fileName: "gear.stl" };
    await events.publish("job.status_changed", detail);
    await stack().idle();
    const list = await customer.get(`/api/users/${me.id}/notifications`);
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      expect.objectContaining({
        title: "Order accepted",
        isRead: false,
        link: "/order/job-42",
        message: expect.stringContaining("gear.stl"),
      }),
    ]);
    expect(Number.isNaN(Date.parse(list.json[0].createdAt))).toBe(false);
  });
});
