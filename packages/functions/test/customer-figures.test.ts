import { customerTabHas, PAID_STATUSES, TAB_LOOK_MAX } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { TestClient } from "./client.ts";
import { customerWithUpload, handOverForReal, ownerStep, pay, signIn, submitDraft } from "./orders.ts";
import { useStack } from "./stack.ts";
import { walkPages } from "./walk-pages.ts";

/**
 * Issue 23 point 2, the customer's side: the dashboard's cards and tab counts are counted on the
 * server (GET /api/users/{id}/jobs/figures: the customer's order tally, kept in every order move)
 * and its tabs are read a page at a time (`group=active`, `group=completed`, or every order). Each
 * figure must agree with the whole list it stands for, and each tab's pages with the tab's rule.
 */
const stack = useStack({ seed: true });

type Item = { id: string; status: string; createdAt: string; payment: { amountCents: number } | null };
type Figures = { totalOrders: number; active: number; completed: number; totalSpentCents: number };

const walk = (c: TestClient, path: string, size: number) => walkPages<Item>(c, path, size);

const ids = (items: Item[]) => items.map((j) => j.id);
const inTab = (tab: "active" | "completed") => (j: Item) => customerTabHas(tab, j.status);

describe("the customer's figures and tabs", () => {
  it("count what the whole list holds, and each tab's pages hold exactly its orders, newest first", async () => {
    // One customer, orders in every tab: unpaid, paid, accepted, ready, handed over, cancelled, declined.
    const customer = await customerWithUpload(stack());
    const owner = await signIn(stack(), "maria@printhood.local");
    const order = () => submitDraft(stack(), customer.c, customer.uploadId);
    await order();
    const paid = await order();
    expect((await pay(stack(), customer.c, paid.orderId)).status).toBe(200);
    const ready = await order();
    expect((await pay(stack(), customer.c, ready.orderId)).status).toBe(200);
    expect((await owner.c.post(`/api/print-jobs/${ready.orderId}/respond`, { action: "accept" })).status).toBe(200);
    for (const status of ["printing", "completed", "ready_for_pickup"])
      expect((await ownerStep(stack(), owner.c, ready.orderId, { status })).status).toBe(200);
    const handed = await order();
    await handOverForReal(stack(), handed.orderId, customer.c, owner.c);
    const gone = await order();
    expect((await customer.c.put(`/api/print-jobs/${gone.orderId}/cancel`)).status).toBe(200);
    const declined = await order();
    expect((await pay(stack(), customer.c, declined.orderId)).status).toBe(200);
    expect((await owner.c.post(`/api/print-jobs/${declined.orderId}/respond`, { action: "reject" })).status).toBe(200);
    await stack().idle();

    const me = customer.me.id;
    const all = (await customer.c.get(`/api/users/${me}/jobs`)).json as Item[];
    expect(all.map((j) => j.status).sort()).toEqual(
      ["submitted", "confirmed", "ready_for_pickup", "picked_up", "cancelled", "rejected"].sort(),
    );
    const figures = (await customer.c.get(`/api/users/${me}/jobs/figures`)).json as Figures;
    const paidFor = all.filter((j) => (PAID_STATUSES as readonly string[]).includes(j.status));
    expect(figures).toEqual({
      totalOrders: all.length,
      active: all.filter(inTab("active")).length,
      completed: all.filter(inTab("completed")).length,
      totalSpentCents: paidFor.reduce((sum, j) => sum + (j.payment?.amountCents ?? 0), 0),
    });
    expect([figures.active, figures.completed]).toEqual([3, 2]);
    expect(figures.totalSpentCents).toBeGreaterThan(0);

    for (const size of [1, 2]) {
      expect(ids((await walk(customer.c, `/api/users/${me}/jobs?group=active`, size)).items)).toEqual(ids(all.filter(inTab("active"))));
      expect(ids((await walk(customer.c, `/api/users/${me}/jobs?group=completed`, size)).items)).toEqual(
        ids(all.filter(inTab("completed"))),
      );
      expect(ids((await walk(customer.c, `/api/users/${me}/jobs`, size)).items)).toEqual(ids(all));
    }
  });

  it("read a tab whose orders are rare in a long history in bounded steps, none missed", async () => {
    const customer = await customerWithUpload(stack());
    const first = await submitDraft(stack(), customer.c, customer.uploadId);
    const me = customer.me.id;
    // A long history after it: handed-over orders written as the seed writes them (copies of the first).
    const store = stack().store;
    const { data: record } = await store.entities.jobs.get({ jobId: first.orderId }).go();
    if (!record) throw new Error("the order was not stored");
    const { activeKey: _k, activeAt: _a, ...base } = record;
    const later = Array.from({ length: TAB_LOOK_MAX + 30 }, (_, i) => ({
      ...base,
      jobId: `later-${String(i).padStart(4, "0")}-${me}`,
      createdAt: new Date(Date.parse(record.createdAt) + (i + 1) * 1000).toISOString(),
      status: "picked_up" as const,
    }));
    await store.entities.jobs.put(later).go({ concurrency: 4 });

    const active = await walk(customer.c, `/api/users/${me}/jobs?group=active`, 24);
    expect(ids(active.items)).toEqual([first.orderId]);
    // Asked without `limit`, a tab still answers a page, with the marker to read on.
    const bare = (await customer.c.get(`/api/users/${me}/jobs?group=active`)).json as { items: Item[]; nextCursor?: string };
    expect(bare.items).toEqual([]);
    expect(bare.nextCursor).toBeTruthy();
    // The first page looked at TAB_LOOK_MAX handed-over orders, found none and said where to go on.
    expect(active.emptyPages).toBe(1);
    const completed = await walk(customer.c, `/api/users/${me}/jobs?group=completed`, 100);
    expect(completed.items).toHaveLength(later.length);
    expect(completed.items[0]?.id).toBe(later.at(-1)?.jobId);
  });

  it("answer only the customer", async () => {
    const customer = await customerWithUpload(stack());
    const other = await customerWithUpload(stack());
    const me = customer.me.id;
    expect((await other.c.get(`/api/users/${me}/jobs/figures`)).status).toBe(403);
    expect((await other.c.get(`/api/users/${me}/jobs?group=active`)).status).toBe(403);
    expect((await new TestClient(stack().url).get(`/api/users/${me}/jobs/figures`)).status).toBe(401);
    const bad = await customer.c.get(`/api/users/${me}/jobs?group=finished`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("Group must be active or completed.");
    // A marker of one tab is not one of another's.
    await submitDraft(stack(), customer.c, customer.uploadId);
    await submitDraft(stack(), customer.c, customer.uploadId);
    const page = (await customer.c.get(`/api/users/${me}/jobs?group=active&limit=1`)).json as { nextCursor?: string };
    expect(page.nextCursor).toBeTruthy();
    const crossed = await customer.c.get(
      `/api/users/${me}/jobs?group=completed&limit=1&cursor=${encodeURIComponent(page.nextCursor ?? "")}`,
    );
    expect(crossed.status).toBe(400);
  });
});
