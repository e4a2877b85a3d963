import { DEMO_PASSWORD } from "@printhood/local";
import { SCALE_CUSTOMER, SCALE_OWNER, seedScale } from "@printhood/local/scale/seed";
import { describe, expect, it } from "vitest";
import { TestClient } from "./client.ts";
import { useStack } from "./stack.ts";

/**
 * `npm run seed:scale` (issue 23 point 3) writes data the product reads as its own: the scale
 * accounts sign in, the scale owner's figures, earnings and ledger agree with the orders, and a
 * second run adds nothing. Small in printers; the 5,000 orders of the scale accounts are fixed.
 */
const stack = useStack();

async function signIn(email: string) {
  const c = new TestClient(stack().url);
  expect((await c.post("/api/login", { email, password: DEMO_PASSWORD })).status).toBe(200);
  return { c, id: ((await c.get("/api/auth/user")).json as { id: string }).id };
}

type Line = { status: string; ownerEarningsCents: number };

describe("the scale seed", () => {
  it("gives the scale owner earnings that add up to the orders' and a ledger of every order, in pages", async () => {
    const data = await seedScale(stack().store, { printers: 30, orders: 5000 });
    expect(data).not.toBeNull();
    const owner = await signIn(SCALE_OWNER);

    const figures = (await owner.c.get(`/api/users/${owner.id}/printer-jobs/figures`)).json as {
      totalJobs: number;
      completed: number;
      earnedCents: number;
    };
    expect(figures.totalJobs).toBe(5000);

    // Every ledger line, 100 a page: one per order, and they sum to the balance's "earned in all".
    const lines: Line[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 60; i++) {
      const r = await owner.c.get(`/api/users/${owner.id}/ledger?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(r.status).toBe(200);
      const page = r.json as { items: Line[]; nextCursor?: string };
      lines.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeUndefined();
    expect(lines).toHaveLength(5000);
    const sum = (status?: string) => lines.filter((l) => !status || l.status === status).reduce((s, l) => s + l.ownerEarningsCents, 0);
    expect(figures.earnedCents).toBe(sum());
    expect(figures.earnedCents).toBeGreaterThan(0);

    const balance = (await owner.c.get(`/api/users/${owner.id}/payouts`)).json as { pendingCents: number; availableCents: number };
    expect(balance.availableCents).toBe(sum("available"));
    expect(balance.pendingCents).toBe(sum("pending"));
    expect(lines.filter((l) => l.status === "pending")).toHaveLength(5000 - figures.completed);

    // The scale customer sees a full first page of their orders.
    const customer = await signIn(SCALE_CUSTOMER);
    const orders = (await customer.c.get(`/api/users/${customer.id}/jobs?limit=24`)).json as { items: unknown[]; nextCursor?: string };
    expect(orders.items).toHaveLength(24);
    expect(orders.nextCursor).toBeTruthy();
    // Their dashboard counts all 5,000 (the customer's tally), and its Active Orders tab reads every
    // active one in pages: the tab's count of them, then no more.
    const mine = (await customer.c.get(`/api/users/${customer.id}/jobs/figures`)).json as {
      totalOrders: number;
      active: number;
      completed: number;
      totalSpentCents: number;
    };
    expect(mine.totalOrders).toBe(5000);
    expect(mine.active + mine.completed).toBe(5000);
    expect(mine.active).toBeGreaterThan(0);
    expect(mine.totalSpentCents).toBeGreaterThan(0);
    let active = 0;
    cursor = undefined;
    for (let i = 0; i < 40 && active < mine.active; i++) {
      const q = `group=active&limit=24${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = (await customer.c.get(`/api/users/${customer.id}/jobs?${q}`)).json as {
        items: { status: string }[];
        nextCursor?: string;
      };
      active += page.items.length;
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(active).toBe(mine.active);

    // Run again: the data is there, nothing is added.
    expect(await seedScale(stack().store, { printers: 30, orders: 5000 })).toBeNull();
  }, 180_000);
});
