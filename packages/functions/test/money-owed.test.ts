import { expireDueOrders, type OrderDeps, owedMoneyForStaff, runDueMoneyTasks, stuckMoneyTasks } from "@printhood/core";
import { createEventPublisher } from "@printhood/functions/lib/events";
import { stripeFromEnv } from "@printhood/functions/lib/stripe";
import type { LocalStack } from "@printhood/local";
import { inboxOf } from "@printhood/local/ses";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handOverForReal, moneyEvents, OWNER_EMAIL, orderWithOwner, paidOrder, placeOrder, signIn, stripeOf } from "./orders.ts";
import { useStack } from "./stack.ts";
import { staffSignedIn } from "./staff.ts";

/*
 * Issue 26 §1: no refund or release is ever lost. Stripe (the stand-in) is taken down on purpose
 * while orders are cancelled, rejected and expired; every refund and release is recorded as owed
 * with the status change, the order says "Refund on its way", and once Stripe is back the money
 * sweep moves every one of them.
 */
const stack = useStack({ seed: true });
const inbox = (address: string) => inboxOf(stack().endpoints.ses, address);

async function outage(s: LocalStack, seconds: number) {
  const res = await fetch(`${s.endpoints.stripe}/_test/outage`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seconds }),
  });
  expect(res.status).toBe(200);
}

function depsAt(offsetMs: number): OrderDeps {
  return {
    store: stack().store,
    events: createEventPublisher(process.env.EVENT_BUS_NAME ?? ""),
    ...stripeFromEnv(),
    clock: () => new Date(Date.now() + offsetMs),
    expiry: { unpaidHours: 24, unacceptedHours: 48 },
    shipping: { quote: () => Promise.reject(new Error("not used")) },
  };
}

/** A paid order Maria accepted (its payment captured), and staff signed in to refund it. */
async function acceptedWithStaff() {
  const owner = await signIn(stack(), OWNER_EMAIL);
  const order = await paidOrder(stack());
  expect((await owner.c.post(`/api/print-jobs/${order.orderId}/respond`, { action: "accept" })).status).toBe(200);
  return { owner, order, staff: await staffSignedIn(stack()) };
}

afterEach(async () => {
  await outage(stack(), 0);
  vi.restoreAllMocks();
});

describe("money owed while Stripe is down", () => {
  it("every refund and release of a cancel, a reject and an expiry lands after the outage", async () => {
    const owner = await signIn(stack(), OWNER_EMAIL);
    const held = await paidOrder(stack()); // customer cancels a hold
    const captured = await paidOrder(stack()); // customer cancels after the owner accepted
    const rejected = await paidOrder(stack()); // the owner rejects
    const expiring = await paidOrder(stack()); // nobody accepts in time
    const unpaid = await placeOrder(stack()); // cancelled before paying: nothing is owed
    expect((await owner.c.post(`/api/print-jobs/${captured.orderId}/respond`, { action: "accept" })).status).toBe(200);
    const stripe = stripeOf(stack());

    await outage(stack(), 600);
    const cancelHeld = await held.c.post(`/api/orders/${held.orderId}/cancel`);
    expect(cancelHeld.status).toBe(200);
    expect(cancelHeld.json.order).toMatchObject({ status: "cancelled", payment: { status: "release_pending" } });
    const cancelCaptured = await captured.c.post(`/api/orders/${captured.orderId}/cancel`);
    expect(cancelCaptured.status).toBe(200);
    expect(cancelCaptured.json.order).toMatchObject({ status: "cancelled", payment: { status: "refund_pending" } });
    const reject = await owner.c.post(`/api/print-jobs/${rejected.orderId}/respond`, { action: "reject" });
    expect(reject.status).toBe(200);
    expect(reject.json.order).toMatchObject({ status: "rejected", payment: { status: "release_pending" } });
    expect((await unpaid.c.post(`/api/orders/${unpaid.orderId}/cancel`)).status).toBe(200);
    await expireDueOrders(depsAt(48.1 * 3_600_000));
    const expired = (await expiring.c.get(`/api/print-jobs/${expiring.orderId}`)).json;
    expect(expired).toMatchObject({ status: "cancelled", cancelReason: "expired_unaccepted", payment: { status: "release_pending" } });

    // The sweep during the outage moves nothing and loses nothing; a second cancel is still refused.
    // (The expiry ran on a clock two days ahead, so its task is due on that clock: sweep from there.)
    const H = 3_600_000;
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
    const during = await runDueMoneyTasks(depsAt(48.5 * H));
    expect(during.done).toBe(0);
    // (The stack's own one-minute sweep may hold one of them at that moment: busy, not lost.)
    expect(during.retry + during.busy).toBeGreaterThanOrEqual(4);
    expect((await held.c.post(`/api/orders/${held.orderId}/cancel`)).status).toBe(409);

    // Still owed an hour after it was recorded: one alarm line per task, and the tasks show as stuck.
    await runDueMoneyTasks(depsAt(50 * H));
    const alarms = lines.filter((l) => l.includes('"alarm":"MoneyOwedTooLong"'));
    for (const o of [held, captured, rejected, expiring]) expect(alarms.filter((l) => l.includes(o.orderId))).toHaveLength(1);
    vi.restoreAllMocks();
    const stuck = await stuckMoneyTasks(stack().store, new Date(Date.now() + 50 * H));
    expect(stuck.map((t) => t.jobId)).toEqual(expect.arrayContaining([held.orderId, captured.orderId, rejected.orderId, expiring.orderId]));

    // Stripe is back: the next sweep moves every one of them.
    await outage(stack(), 0);
    await runDueMoneyTasks(depsAt(52 * H));
    await stack().idle();
    expect((await stripe.paymentIntents.retrieve(held.intentId)).status).toBe("canceled");
    expect((await stripe.paymentIntents.retrieve(rejected.intentId)).status).toBe("canceled");
    expect((await stripe.paymentIntents.retrieve(expiring.intentId)).status).toBe("canceled");
    expect(moneyEvents(stack(), captured.intentId)).toMatchObject({ captures: 1, refunds: 1 });
    const read = async (o: { c: typeof held.c; orderId: string }) => (await o.c.get(`/api/print-jobs/${o.orderId}`)).json.payment;
    expect(await read(held)).toMatchObject({ status: "released" });
    expect(await read(rejected)).toMatchObject({ status: "released" });
    expect(await read(expiring)).toMatchObject({ status: "released" });
    expect(await read(captured)).toMatchObject({ status: "refunded", refundedCents: captured.amountCents });
    expect(await stuckMoneyTasks(stack().store, new Date(Date.now() + 52 * H))).toEqual([]);

    // Running it again changes nothing: each debt was paid once.
    await runDueMoneyTasks(depsAt(60 * H));
    expect(moneyEvents(stack(), captured.intentId)).toMatchObject({ captures: 1, refunds: 1 });
  });

  it("an owner's accept while Stripe is down is kept, and the hold is captured once Stripe answers", async () => {
    const owner = await signIn(stack(), OWNER_EMAIL);
    const order = await paidOrder(stack());
    await outage(stack(), 600);
    const accept = await owner.c.post(`/api/print-jobs/${order.orderId}/respond`, { action: "accept" });
    expect(accept.status).toBe(200);
    expect(accept.json.order).toMatchObject({ status: "accepted", payment: { status: "capture_pending" } });
    await outage(stack(), 0);
    await runDueMoneyTasks(depsAt(10 * 60_000));
    expect((await stripeOf(stack()).paymentIntents.retrieve(order.intentId)).status).toBe("succeeded");
    expect((await order.c.get(`/api/print-jobs/${order.orderId}`)).json.payment).toMatchObject({ status: "captured" });
  });

  it("an accept that Stripe is down for, then a cancel: the hold is released, never captured", async () => {
    const owner = await signIn(stack(), OWNER_EMAIL);
    const order = await paidOrder(stack());
    await outage(stack(), 600);
    expect((await owner.c.post(`/api/print-jobs/${order.orderId}/respond`, { action: "accept" })).status).toBe(200);
    const cancel = await order.c.post(`/api/orders/${order.orderId}/cancel`);
    expect(cancel.json.order).toMatchObject({ status: "cancelled", payment: { status: "refund_pending" } });
    await outage(stack(), 0);
    await runDueMoneyTasks(depsAt(10 * 60_000));
    expect((await stripeOf(stack()).paymentIntents.retrieve(order.intentId)).status).toBe("canceled");
    expect(moneyEvents(stack(), order.intentId)).toMatchObject({ captures: 0 });
    expect((await order.c.get(`/api/print-jobs/${order.orderId}`)).json.payment).toMatchObject({ status: "released" });
  });

  it("a payout requested while Stripe is down stays requested, and is paid once Stripe answers", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    await handOverForReal(stack(), orderId, customer.c, owner.c);
    expect((await customer.c.post(`/api/print-jobs/${orderId}/received`)).status).toBe(200);
    const ownerId = owner.me.id;
    expect((await owner.c.post(`/api/users/${ownerId}/payouts/connect`)).status).toBe(200);
    const before = (await owner.c.get(`/api/users/${ownerId}/payouts`)).json;
    expect(before.availableCents).toBeGreaterThan(0);

    await outage(stack(), 600);
    const requested = await owner.c.post(`/api/users/${ownerId}/payouts`);
    expect(requested.status).toBe(201);
    expect(requested.json).toMatchObject({ status: "requested", amountCents: before.availableCents });
    const mid = (await owner.c.get(`/api/users/${ownerId}/payouts`)).json;
    expect(mid).toMatchObject({ availableCents: 0, requestedCents: before.requestedCents + before.availableCents });

    await outage(stack(), 0);
    await runDueMoneyTasks(depsAt(10 * 60_000));
    const after = (await owner.c.get(`/api/users/${ownerId}/payouts`)).json;
    expect(after).toMatchObject({ requestedCents: before.requestedCents, paidCents: before.paidCents + before.availableCents });
    expect(after.payouts[0]).toMatchObject({ id: requested.json.id, status: "paid" });
    expect(after.payouts[0].transferId).toMatch(/^tr_/);
  });

  it("staff refund by hand while Stripe is down: owed, listed for staff once overdue, and moved by a retry", async () => {
    const { owner, order, staff } = await acceptedWithStaff();
    const half = Math.floor(order.amountCents / 2);
    await outage(stack(), 600);
    const refund = await staff.c.post(`/api/staff/orders/${order.orderNumber}/refund`, {
      amount: (half / 100).toFixed(2),
      reason: "The owner asked us to refund half: printed in the wrong colour.",
    });
    expect(refund.status).toBe(200);
    expect(refund.json).toMatchObject({ amountCents: half, paymentStatus: "captured", refundedCents: 0 });
    // Money moved: both sides are told at once (the bell and an e-mail), though Stripe has not confirmed yet.
    await stack().idle();
    const amount = `$${(half / 100).toFixed(2)}`;
    const bell = async (c: typeof owner.c, id: string) =>
      ((await c.get(`/api/users/${id}/notifications`)).json as { title: string; message: string; link: string }[]).find(
        (n) => n.link === `/order/${order.orderId}` && n.message.includes("Printhood refunded"),
      );
    expect(await bell(order.c, order.me.id)).toMatchObject({
      title: "Refund on its way",
      message: expect.stringContaining(`refunded ${amount} of`),
    });
    expect(await bell(owner.c, owner.me.id)).toMatchObject({
      title: "Order refunded",
      message: expect.stringContaining("of your earning for it back"),
    });
    expect((await inbox(OWNER_EMAIL)).some((m) => m.subject.startsWith("Refunded by Printhood:"))).toBe(true);
    expect((await order.c.get(`/api/print-jobs/${order.orderId}`)).json.earningsReversedCents).toBe(
      Math.min(half, (await order.c.get(`/api/print-jobs/${order.orderId}`)).json.pricing.printerProfitCents),
    );
    // Too much is refused in words; customers and owners never reach the call.
    const tooMuch = await staff.c.post(`/api/staff/orders/${order.orderId}/refund`, { amount: "9999.00", reason: "x" });
    expect(tooMuch.status).toBe(400);
    expect((await owner.c.post(`/api/staff/orders/${order.orderId}/refund`, { amount: "1.00", reason: "x" })).status).toBe(404);

    // Not yet overdue: the console lists it an hour after it was recorded.
    expect((await staff.c.get("/api/staff/money")).json.some((t: { orderId: string }) => t.orderId === order.orderId)).toBe(false);
    const later = await owedMoneyForStaff(stack().store, new Date(Date.now() + 2 * 3_600_000));
    const owed = later.find((t) => t.orderId === order.orderId && t.kind === "refund");
    const number = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json.orderNumber;
    expect(number).toMatch(/^PH-\d+$/);
    // Named by the number both sides read it by.
    expect(owed).toMatchObject({ state: "pending", overdue: true, amount: (half / 100).toFixed(2), orderNumber: number });

    await outage(stack(), 0);
    const retried = await staff.c.post(`/api/staff/money/${encodeURIComponent(owed?.id ?? "")}/retry`, { reason: "Stripe is back." });
    expect(retried.json).toEqual({ result: "done" });
    expect((await order.c.get(`/api/print-jobs/${order.orderId}`)).json.payment).toMatchObject({ status: "captured", refundedCents: half });
    // Staff's look-up says what went back of a payment still "Captured".
    const found = (await staff.c.get(`/api/staff/lookup?q=${number}`)).json.orders[0];
    expect(found).toMatchObject({ paymentStatus: "captured", refunded: (half / 100).toFixed(2), refundOwed: "0.00" });
    const audit = (await staff.c.get(`/api/staff/audit?targetId=${order.orderId}`)).json.entries as { action: string }[];
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["order.refund", "money.retry"]));
  });

  it("staff refunds by hand never give back more than was paid: two at once, and one more while the first is still owed", async () => {
    const { order, staff } = await acceptedWithStaff();
    const paid = order.amountCents;
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const refund = (cents: number, reason: string) =>
      staff.c.post(`/api/staff/orders/${order.orderId}/refund`, { amount: dollars(cents), reason });

    // Two staff members (or a double click) refund 60% each at the same moment: one of them only.
    const sixty = Math.floor(paid * 0.6);
    const both = await Promise.all([refund(sixty, "Wrong colour."), refund(sixty, "Wrong colour.")]);
    expect(both.filter((r) => r.status === 200)).toHaveLength(1);
    const left = paid - sixty;

    // Stripe down: a refund of half of what is left is owed, and what is left counts it.
    await outage(stack(), 600);
    const half = Math.floor(left / 2);
    expect((await refund(half, "Half of the rest.")).status).toBe(200);
    const tooMuch = await refund(left, "All of the rest, again.");
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.code).toBe("refund_too_large");
    expect((await refund(left - half, "The rest.")).status).toBe(200);

    await outage(stack(), 0);
    await runDueMoneyTasks(depsAt(20 * 60_000));
    const after = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json;
    expect(after.payment).toMatchObject({ status: "refunded", refundedCents: paid });
    // The owner's earning lost at most the earning, and nothing was refused by Stripe.
    expect(after.earningsReversedCents).toBeLessThanOrEqual(after.pricing.printerProfitCents + after.pricing.deliveryFeeCents);
    const refused = (await owedMoneyForStaff(stack().store, new Date())).filter((t) => t.orderId === order.orderId);
    expect(refused).toEqual([]);
  });

  it("a refund Stripe refuses for good stays owed to the customer, with the earning it took back, until staff retry it", async () => {
    const { order, staff } = await acceptedWithStaff();
    const paid = order.amountCents;
    const half = Math.floor(paid / 2);
    await outage(stack(), 600);
    const owedRefund = await staff.c.post(`/api/staff/orders/${order.orderId}/refund`, {
      amount: (half / 100).toFixed(2),
      reason: "Late.",
    });
    expect(owedRefund.status).toBe(200);
    const reversed = owedRefund.json.earningReversedCents as number;
    // Meanwhile most of the charge is refunded outside Printhood (Stripe's dashboard): Stripe will refuse ours for good.
    await outage(stack(), 0);
    const stripe = stripeOf(stack());
    const intentId = (await stack().store.entities.jobs.get({ jobId: order.orderId }).go()).data?.payment?.intentId ?? "";
    await stripe.refunds.create({ payment_intent: intentId, amount: paid - half + 1 });
    await runDueMoneyTasks(depsAt(20 * 60_000));
    const tasks = (await owedMoneyForStaff(stack().store, new Date())).filter((t) => t.orderId === order.orderId);
    expect(tasks).toMatchObject([{ kind: "refund", state: "failed" }]);

    // Still owed: what is left to refund does not count it again (a second refund by hand cannot take the
    // owner's earning back twice for one refund), and the earning stays taken back for the customer.
    const number = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json.orderNumber;
    const lookup = async () => (await staff.c.get(`/api/staff/lookup?q=${number}`)).json.orders[0];
    expect(await lookup()).toMatchObject({ refundOwed: (half / 100).toFixed(2), refundableCents: paid - half, refunded: "0.00" });
    expect((await order.c.get(`/api/print-jobs/${order.orderId}`)).json.earningsReversedCents).toBe(reversed);
    // Staff retry it: refused again, and still owed once (not taken off twice).
    const retried = await staff.c.post(`/api/staff/money/${encodeURIComponent(tasks[0]?.id ?? "")}/retry`, { reason: "Try again." });
    expect(retried.json).toEqual({ result: "failed" });
    expect(await lookup()).toMatchObject({ refundOwed: (half / 100).toFixed(2), refundableCents: paid - half });

    // It can never land (most of the charge went back outside Printhood): staff close it, with a reason
    // the customer reads. Only staff, only a refused task, and once.
    const close = (c: typeof staff.c, reason: string) =>
      c.post(`/api/staff/money/${encodeURIComponent(tasks[0]?.id ?? "")}/close`, { reason });
    expect((await close(order.c, "Mine.")).status).toBe(404);
    expect((await close(staff.c, "  ")).status).toBe(400);
    const reason = "Stripe's dashboard already refunded most of this charge to your card.";
    const closed = await close(staff.c, reason);
    expect(closed.status).toBe(200);
    expect((await close(staff.c, reason)).json.code).toBe("money_task_not_found");
    // No longer owed nor listed; the earning it took back stays taken back.
    expect(await lookup()).toMatchObject({ refundOwed: "0.00", refundableCents: paid });
    expect((await owedMoneyForStaff(stack().store, new Date())).filter((t) => t.orderId === order.orderId)).toEqual([]);
    const after = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json;
    expect(after.earningsReversedCents).toBe(reversed);
    expect(after.payment).toMatchObject({ status: "captured" });
    // The customer, who was told it was on its way, is told it will not come and why.
    await stack().idle();
    const bell = (await order.c.get(`/api/users/${order.me.id}/notifications`)).json as { title: string; message: string }[];
    expect(bell.find((n) => n.title === "Refund closed")?.message).toContain(reason);
    const email = (await order.c.get("/api/auth/user")).json.email as string;
    expect((await inbox(email)).some((m) => m.subject.startsWith(`Refund of $${(half / 100).toFixed(2)} closed:`))).toBe(true);
    const audit = (await staff.c.get(`/api/staff/audit?targetId=${order.orderId}`)).json.entries as { action: string }[];
    expect(audit.map((a) => a.action)).toContain("money.close");
  });

  it("a refund owed while the whole charge went back outside Printhood is no longer owed: the customer has their money", async () => {
    const { order, staff } = await acceptedWithStaff();
    const paid = order.amountCents;
    const half = Math.floor(paid / 2);
    await outage(stack(), 600);
    const refund = await staff.c.post(`/api/staff/orders/${order.orderId}/refund`, { amount: (half / 100).toFixed(2), reason: "Late." });
    expect(refund.status).toBe(200);
    // Meanwhile all of the charge is refunded in Stripe's dashboard: ours finds nothing left to refund.
    await outage(stack(), 0);
    const intentId = (await stack().store.entities.jobs.get({ jobId: order.orderId }).go()).data?.payment?.intentId ?? "";
    await stripeOf(stack()).refunds.create({ payment_intent: intentId });
    await runDueMoneyTasks(depsAt(20 * 60_000));
    // Before, the task ended "done" and the order said $x.xx was still on its way, for ever, with nothing in staff's list.
    const number = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json.orderNumber;
    const found = (await staff.c.get(`/api/staff/lookup?q=${number}`)).json.orders[0];
    expect(found).toMatchObject({ paymentStatus: "refunded", refundOwed: "0.00", refunded: (paid / 100).toFixed(2), refundableCents: 0 });
    expect(
      (await owedMoneyForStaff(stack().store, new Date(Date.now() + 2 * 3_600_000))).filter((t) => t.orderId === order.orderId),
    ).toEqual([]);
  });

  it("money still being tried cannot be closed: only a refusal for good can", async () => {
    const { order, staff } = await acceptedWithStaff();
    await outage(stack(), 600);
    const cents = Math.floor(order.amountCents / 3);
    expect(
      (await staff.c.post(`/api/staff/orders/${order.orderId}/refund`, { amount: (cents / 100).toFixed(2), reason: "Late." })).status,
    ).toBe(200);
    const task = (await owedMoneyForStaff(stack().store, new Date(Date.now() + 2 * 3_600_000))).find((t) => t.orderId === order.orderId);
    expect(task).toMatchObject({ kind: "refund", state: "pending" });
    const refused = await staff.c.post(`/api/staff/money/${encodeURIComponent(task?.id ?? "")}/close`, { reason: "Give up." });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("money_task_not_refused");
    expect((await staff.c.get(`/api/staff/lookup?q=${order.orderId}`)).json.orders[0]).toMatchObject({
      refundOwed: (cents / 100).toFixed(2),
    });
  });
});
