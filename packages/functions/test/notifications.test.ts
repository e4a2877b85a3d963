import { EVENT_BUS_NAME } from "@printhood/local";
import { describe, expect, it } from "vitest";
import { createEventPublisher } from "../src/lib/events.ts";
import { newUser, TestClient } from "./client.ts";
import { useStack } from "./stack.ts";

const stack = useStack();

async function registered() {
  const c = new TestClient(stack().url);
  const me = (await c.post("/api/register", newUser())).json as { id: string };
  return { c, me };
}

/** Publishes job status changes for `customerId` through the real bus and waits for the consumer. */
async function publish(customerId: string, statuses: string[]) {
  const events = createEventPublisher(EVENT_BUS_NAME);
  for (const to of statuses) {
    await events.publish("job.status_changed", {
      jobId: "job-42",
      to,
      customerId,
      ownerId: "someone-else",
      fileName: "gear.stl",
      at: new Date().toISOString(),
    });
  }
  await stack().idle();
}

describe("notifications through the event bus", () => {
  it("turns a published job status change into the customer's notification, once", async () => {
    const { c, me } = await registered();
    await publish(me.id, ["accepted"]);
    const list = await c.get(`/api/users/${me.id}/notifications`);
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

describe("the bell's calls", () => {
  it("count unread, mark one read, mark all read", async () => {
    const { c, me } = await registered();
    await publish(me.id, ["accepted", "printing", "completed"]);
    const count = async () => (await c.get(`/api/users/${me.id}/notifications/unread-count`)).json.unreadCount;
    expect(await count()).toBe(3);

    const list = (await c.get(`/api/users/${me.id}/notifications`)).json as { id: string; title: string; isRead: boolean }[];
    expect(list.map((n) => n.title)).toEqual(["Print complete", "Printing started", "Order accepted"]);
    const first = list[0]!;
    expect((await c.post(`/api/notifications/${first.id}/read`)).status).toBe(200);
    expect((await c.request("PATCH", `/api/notifications/${first.id}/read`)).status).toBe(200);
    expect(await count()).toBe(2);
    const after = (await c.get(`/api/users/${me.id}/notifications`)).json as { id: string; isRead: boolean }[];
    expect(after.find((n) => n.id === first.id)!.isRead).toBe(true);

    const all = await c.post(`/api/users/${me.id}/notifications/read-all`);
    expect(all.json).toEqual({ marked: 2 });
    expect(await count()).toBe(0);
    expect(((await c.get(`/api/users/${me.id}/notifications`)).json as { isRead: boolean }[]).every((n) => n.isRead)).toBe(true);
    expect((await c.post(`/api/users/${me.id}/notifications/read-all`)).json).toEqual({ marked: 0 });
  });

  it("are refused for anyone else's notifications", async () => {
    const { c, me } = await registered();
    await publish(me.id, ["shipped"]);
    const [mine] = (await c.get(`/api/users/${me.id}/notifications`)).json as { id: string }[];
    const other = await registered();
    expect((await other.c.post(`/api/notifications/${mine!.id}/read`)).status).toBe(404);
    expect((await other.c.get(`/api/users/${me.id}/notifications`)).status).toBe(403);
    expect((await other.c.get(`/api/users/${me.id}/notifications/unread-count`)).status).toBe(403);
    expect((await other.c.post(`/api/users/${me.id}/notifications/read-all`)).status).toBe(403);
    expect((await c.post("/api/notifications/not-an-id/read")).status).toBe(404);
    const anonymous = new TestClient(stack().url);
    expect((await anonymous.post(`/api/notifications/${mine!.id}/read`)).status).toBe(401);
    expect((await c.get(`/api/users/${me.id}/notifications/unread-count`)).json.unreadCount).toBe(1);
  });
});
