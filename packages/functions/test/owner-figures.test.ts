import {
  balanceEarnedCents,
  copyMissingOwnerNames,
  isOwnerActive,
  isOwnerCompleted,
  isOwnerPending,
  isOwnerReady,
  OWNER_COMPLETED_STATUSES,
  recountOrderTallies,
} from "@printhood/core";
import { DEMO_PASSWORD } from "@printhood/local";
import { describe, expect, it } from "vitest";
import { TestClient } from "./client.ts";
import { handOverForReal, ownerStep, paidOrder, placeOrder } from "./orders.ts";
import { useStack } from "./stack.ts";

/**
 * Issue 23 point 2, the owner's side: the dashboard's and the Print Queue's figures are counted on
 * the server (GET …/printer-jobs/figures, GET /api/printers/{id}/jobs/figures: the printers' order
 * tallies, kept in every order move) and their lists are read a page at a time by group
 * (`group=open`, `group=completed`). Each figure must agree with the whole list it stands for.
 */
const stack = useStack({ seed: true });

type Item = { id: string; status: string; submittedAt: string };
type Figures = {
  pending: number;
  active: number;
  ready: number;
  completed: number;
  totalJobs: number;
  earnedCents?: number;
  tracking: { pickupCount: number; shippingCount: number; completedCount: number };
};

async function signIn(email: string) {
  const c = new TestClient(stack().url);
  expect((await c.post("/api/login", { email, password: DEMO_PASSWORD })).status).toBe(200);
  const me = (await c.get("/api/auth/user")).json as { id: string };
  return { c, me };
}

/** Every page of a list, `size` at a time. */
async function walk(c: TestClient, path: string, size: number): Promise<Item[]> {
  const out: Item[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const sep = path.includes("?") ? "&" : "?";
    const r = await c.get(`${path}${sep}limit=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(r.status).toBe(200);
    const page = r.json as { items: Item[]; nextCursor?: string };
    expect(page.items.length).toBeLessThanOrEqual(size);
    out.push(...page.items);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
  throw new Error("the list did not end");
}

const OPEN = (j: Item) => isOwnerPending(j) || isOwnerActive(j) || isOwnerReady(j) || j.status === "completed";
const ids = (items: Item[]) => items.map((j) => j.id);
const newestFirst = (items: Item[]) =>
  [...items].sort((a, b) => b.submittedAt.localeCompare(a.submittedAt) || b.id.localeCompare(a.id)).map((j) => j.id);

function expectFiguresOf(figures: Figures, all: Item[]) {
  expect(figures.pending).toBe(all.filter(isOwnerPending).length);
  expect(figures.active).toBe(all.filter(isOwnerActive).length);
  expect(figures.ready).toBe(all.filter(isOwnerReady).length);
  expect(figures.completed).toBe(all.filter(isOwnerCompleted).length);
  expect(figures.totalJobs).toBe(all.length);
}

describe("the owner's figures and lists by group", () => {
  it("count what the whole list holds, and each group's pages hold exactly its orders, newest first", async () => {
    // Orders in every group: a request, a paid one accepted, one ready, one handed over, one cancelled.
    const { c, me } = await signIn("maria@printhood.local");
    await placeOrder(stack());
    const accepted = await paidOrder(stack());
    expect((await c.post(`/api/print-jobs/${accepted.orderId}/respond`, { action: "accept" })).status).toBe(200);
    const ready = await paidOrder(stack());
    expect((await c.post(`/api/print-jobs/${ready.orderId}/respond`, { action: "accept" })).status).toBe(200);
    for (const status of ["printing", "completed", "ready_for_pickup"])
      expect((await ownerStep(stack(), c, ready.orderId, { status })).status).toBe(200);
    const handed = await placeOrder(stack());
    await handOverForReal(stack(), handed.orderId, handed.c, c);
    const gone = await placeOrder(stack());
    expect((await gone.c.put(`/api/print-jobs/${gone.orderId}/cancel`)).status).toBe(200);
    await stack().idle();

    const all = (await c.get(`/api/users/${me.id}/printer-jobs`)).json as Item[];
    expect(new Set(all.map((j) => j.status))).toEqual(
      new Set(["submitted", "accepted", "ready_for_pickup", "picked_up", "cancelled", ...all.map((j) => j.status)]),
    );
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.length).toBeLessThan(100); // the unpaged answer is the whole list here

    const figures = (await c.get(`/api/users/${me.id}/printer-jobs/figures`)).json as Figures;
    expectFiguresOf(figures, all);
    for (const n of [figures.pending, figures.active, figures.ready, figures.completed]) expect(n).toBeGreaterThan(0);
    expect(figures.earnedCents).toBeGreaterThan(0);
    // Total Earnings is the payouts tab's "Earned in all": one definition of earnings.
    const payouts = (await c.get(`/api/users/${me.id}/payouts`)).json;
    expect(figures.earnedCents).toBe(balanceEarnedCents(payouts));

    const open = await walk(c, `/api/users/${me.id}/printer-jobs?group=open`, 2);
    expect(ids(open)).toEqual(newestFirst(all.filter(OPEN)));
    const completed = await walk(c, `/api/users/${me.id}/printer-jobs?group=completed`, 2);
    expect(ids(completed)).toEqual(newestFirst(all.filter((j) => (OWNER_COMPLETED_STATUSES as readonly string[]).includes(j.status))));

    // One printer: its own figures and queue.
    const printers = (await c.get(`/api/users/${me.id}/printers`)).json as { id: string }[];
    for (const p of printers) {
      const mine = (await c.get(`/api/printers/${p.id}/jobs`)).json as Item[];
      expectFiguresOf((await c.get(`/api/printers/${p.id}/jobs/figures`)).json as Figures, mine);
      expect(ids(await walk(c, `/api/printers/${p.id}/jobs?group=open`, 1))).toEqual(newestFirst(mine.filter(OPEN)));
    }
  });

  it("follow an order as it moves: a request counts as pending and leads the open list; cancelled, it leaves both", async () => {
    const { c, me } = await signIn("maria@printhood.local");
    const figures = async () => (await c.get(`/api/users/${me.id}/printer-jobs/figures`)).json as Figures;
    const firstOpen = async () =>
      ((await c.get(`/api/users/${me.id}/printer-jobs?group=open&limit=1`)).json as { items: Item[] }).items[0]?.id;
    const before = await figures();
    const order = await placeOrder(stack());
    const submitted = await figures();
    expect(submitted.pending).toBe(before.pending + 1);
    expect(submitted.totalJobs).toBe(before.totalJobs + 1);
    expect(await firstOpen()).toBe(order.orderId);
    expect((await order.c.put(`/api/print-jobs/${order.orderId}/cancel`)).status).toBe(200);
    const cancelled = await figures();
    expect(cancelled.pending).toBe(before.pending);
    expect(cancelled.totalJobs).toBe(before.totalJobs + 1); // a cancelled order is still one sent
    expect(await firstOpen()).not.toBe(order.orderId);
  });

  it("are counted again from the orders by the backfill, which also gives old printers their owner's name", async () => {
    const { c, me } = await signIn("maria@printhood.local");
    await placeOrder(stack());
    const figures = async () => (await c.get(`/api/users/${me.id}/printer-jobs/figures`)).json as Figures;
    const before = await figures();
    const printerId = ((await c.get(`/api/users/${me.id}/printers`)).json as { id: string }[])[0]!.id;
    const store = stack().store;
    // As data written before the tallies and the copy of the owner's name existed.
    await store.entities.orderTallies.delete({ scope: `printer:${printerId}` }).go();
    await store.entities.printers.patch({ printerId }).remove(["ownerUsername", "ownerFirstName", "ownerLastName"]).go();
    expect((await figures()).totalJobs).toBeLessThan(before.totalJobs);

    const counted = await recountOrderTallies(store);
    expect(counted.orders).toBeGreaterThanOrEqual(before.totalJobs);
    expect(await figures()).toEqual(before);
    expect((await copyMissingOwnerNames(store)).printers).toBeGreaterThanOrEqual(1);
    const { data } = await store.entities.printers.get({ printerId }).go();
    expect(data?.ownerUsername).toBe("maria_prints");
    // Run again, nothing changes.
    await recountOrderTallies(store);
    expect(await figures()).toEqual(before);
    expect((await copyMissingOwnerNames(store)).printers).toBe(0);
  });

  it("answer only the owner", async () => {
    const maria = await signIn("maria@printhood.local");
    const sam = await signIn("sam@printhood.local");
    expect((await sam.c.get(`/api/users/${maria.me.id}/printer-jobs/figures`)).status).toBe(403);
    const printers = (await maria.c.get(`/api/users/${maria.me.id}/printers`)).json as { id: string }[];
    expect((await sam.c.get(`/api/printers/${printers[0]!.id}/jobs/figures`)).status).toBe(403);
    expect((await sam.c.get(`/api/printers/${printers[0]!.id}/jobs?group=open`)).status).toBe(403);
    expect((await new TestClient(stack().url).get(`/api/users/${maria.me.id}/printer-jobs/figures`)).status).toBe(401);
    expect((await maria.c.get(`/api/users/${maria.me.id}/printer-jobs?group=finished`)).status).toBe(400);
  });
});
