import { expiryFromEnv, type OrderDeps, releaseHeldEarnings } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { handOverForReal, orderWithOwner, stranger } from "./orders.ts";
import { useStack } from "./stack.ts";

/*
 * Issue 21 §3: money held until the customer has the part. Picked up or shipped, the owner's
 * earning is held; it becomes available when the customer confirms receipt or when the claim
 * window (7 days) closes without a claim, and never before: a payout cannot take it.
 */
const stack = useStack({ seed: true });

const depsAt = (offsetMs: number): Pick<OrderDeps, "store" | "clock"> => ({
  store: stack().store,
  clock: () => new Date(Date.now() + offsetMs),
});
const DAY = 86_400_000;

async function handedOver() {
  const o = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
  await handOverForReal(stack(), o.orderId, o.customer.c, o.owner.c);
  const order = (await o.customer.c.get(`/api/print-jobs/${o.orderId}`)).json;
  return { ...o, order, earning: order.pricing.printerProfitCents + order.pricing.deliveryFeeCents };
}

const balance = async (o: Awaited<ReturnType<typeof handedOver>>) => (await o.owner.c.get(`/api/users/${o.owner.me.id}/payouts`)).json;

describe("held earnings", () => {
  it("are held after the hand-over, cannot be paid out, and free up when the customer confirms receipt", async () => {
    const o = await handedOver();
    const held = await balance(o);
    const line = held.ledger.find((e: { jobId: string }) => e.jobId === o.orderId);
    expect(line).toMatchObject({ status: "held", heldUntil: o.order.claimWindowEndsAt });
    expect(held.heldCents).toBeGreaterThanOrEqual(o.earning);
    expect(held.held).toBe((held.heldCents / 100).toFixed(2));

    // A payout of held earnings is impossible.
    if (held.availableCents <= 0) {
      const payout = await o.owner.c.post(`/api/users/${o.owner.me.id}/payouts`);
      expect(payout.status).toBe(409);
      expect(payout.json.message).toBe("You have no earnings available to pay out yet.");
    }

    // Only the customer confirms, and only once it is in their hands.
    expect((await (await stranger(stack())).c.post(`/api/print-jobs/${o.orderId}/received`)).status).toBe(404);
    expect((await o.owner.c.post(`/api/print-jobs/${o.orderId}/received`)).status).toBe(403);
    const received = await o.customer.c.post(`/api/print-jobs/${o.orderId}/received`);
    expect(received.status).toBe(200);
    const after = await balance(o);
    expect(after.availableCents - held.availableCents).toBe(o.earning);
    expect(held.heldCents - after.heldCents).toBe(o.earning);
    expect(after.ledger.find((e: { jobId: string }) => e.jobId === o.orderId)).toMatchObject({ status: "available", heldUntil: null });

    // The owner hears of it in the bell (and by e-mail), with what was freed; once, also when asked again below.
    await stack().idle();
    const told = async () =>
      ((await o.owner.c.get(`/api/users/${o.owner.me.id}/notifications`)).json as { title: string; message: string }[]).filter(
        (n) => n.title === "Order received" && n.message.includes(o.order.orderNumber),
      );
    expect((await told())[0]?.message).toContain(`your earning of $${(o.earning / 100).toFixed(2)} is available`);

    // Asked again: the same answer, and no money moves twice.
    expect((await o.customer.c.post(`/api/print-jobs/${o.orderId}/received`)).json.receivedAt).toBe(received.json.receivedAt);
    await stack().idle();
    expect(await told()).toHaveLength(1);
    expect((await balance(o)).availableCents).toBe(after.availableCents);
    // The window's sweep has nothing left to free for it.
    await releaseHeldEarnings(depsAt(8 * DAY));
    expect((await balance(o)).availableCents).toBe(after.availableCents);
  });

  it("free up by themselves when the claim window closes without a claim, not a minute before", async () => {
    const o = await handedOver();
    const before = await balance(o);
    const end = Date.parse(o.order.claimWindowEndsAt);
    await releaseHeldEarnings({ store: stack().store, clock: () => new Date(end - 60_000) });
    expect((await balance(o)).availableCents).toBe(before.availableCents);
    await releaseHeldEarnings({ store: stack().store, clock: () => new Date(end + 60_000) });
    const after = await balance(o);
    expect(after.availableCents - before.availableCents).toBe(o.earning);
    expect(after.ledger.find((e: { jobId: string }) => e.jobId === o.orderId)).toMatchObject({ status: "available" });
  });

  it("cannot be confirmed before the part is in the customer's hands", async () => {
    const o = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
    const early = await o.customer.c.post(`/api/print-jobs/${o.orderId}/received`);
    expect(early.status).toBe(409);
    expect(early.json.message).toBe("This order has not been picked up or shipped yet, so it cannot be confirmed as received.");
  });

  it("the claim window is set by configuration (CLAIM_WINDOW_DAYS)", () => {
    expect(expiryFromEnv({ CLAIM_WINDOW_DAYS: "14" }).claimWindowDays).toBe(14);
    expect(expiryFromEnv({}).claimWindowDays).toBe(7);
  });
});
