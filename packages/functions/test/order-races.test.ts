import { UNPAID_ORDERS } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { draftBody, printerNamed } from "./designs.ts";
import { customerWithUpload, moneyEvents, OWNER_EMAIL, ownerStep, paidOrder, pay, signIn, statusEvents, stripeOf } from "./orders.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });

describe("races: status and money agree", () => {
  it("50 concurrent accepts of one paid order: exactly one wins and the payment is captured once", async () => {
    const order = await paidOrder(stack());
    const owner = await signIn(stack(), OWNER_EMAIL);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => owner.c.post(`/api/print-jobs/${order.orderId}/respond`, { action: "accept" })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.json.message).toBe("This order is accepted, so it cannot be accepted now.");

    await stack().idle();
    expect(moneyEvents(stack(), order.intentId)).toEqual({ captures: 1, refunds: 0, cancels: 0 });
    const pi = await stripeOf(stack()).paymentIntents.retrieve(order.intentId);
    expect(pi.amount_received).toBe(order.amountCents);
    expect(statusEvents(stack(), order.orderId).filter((e) => e.to === "accepted")).toHaveLength(1);
    const ledger = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json.ledger.filter(
      (e: { jobId: string }) => e.jobId === order.orderId,
    );
    expect(ledger).toHaveLength(1);
  });

  it("accept racing cancel, ten times: the order's status and the money always agree", async () => {
    const owner = await signIn(stack(), OWNER_EMAIL);
    const before = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json.pendingCents as number;
    const orders = await Promise.all(Array.from({ length: 10 }, () => paidOrder(stack())));
    const stripe = stripeOf(stack());
    const outcomes: string[] = [];
    let expectedPending = before;
    for (const [i, order] of orders.entries()) {
      // Both in flight together; the cancel starts at once, or a moment (0-400 ms) after the accept,
      // so both the cancel-first and the accept-first interleavings occur.
      const accept = () => owner.c.post(`/api/print-jobs/${order.orderId}/respond`, { action: "accept" });
      const cancel = async () => {
        await new Promise((r) => setTimeout(r, (i % 5) * 100));
        return order.c.post(`/api/orders/${order.orderId}/cancel`);
      };
      const [a, c] = await Promise.all([accept(), cancel()]);
      expect([a!.status, c!.status].every((s) => s === 200 || s === 409)).toBe(true);
      await stack().idle();
      const final = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json;
      const pi = await stripe.paymentIntents.retrieve(order.intentId);
      const charge = pi.latest_charge ? await stripe.charges.retrieve(String(pi.latest_charge)) : null;
      const kept = pi.amount_received - (charge?.amount_refunded ?? 0);
      if (final.status === "accepted") {
        expect(pi.status).toBe("succeeded");
        expect(kept).toBe(order.amountCents);
        expect(a!.status).toBe(200);
        expectedPending += final.pricing.printerProfitCents;
      } else {
        expect(final.status).toBe("cancelled");
        expect(kept).toBe(0); // released, or captured and refunded in full
        expect(["released", "refunded"]).toContain(final.payment.status);
      }
      expect(moneyEvents(stack(), order.intentId).captures).toBeLessThanOrEqual(1);
      expect(moneyEvents(stack(), order.intentId).refunds).toBeLessThanOrEqual(1);
      outcomes.push(final.status);
    }
    // The owner's pending earnings count exactly the orders that stayed accepted.
    const after = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json.pendingCents as number;
    expect(after).toBe(expectedPending);
    expect(outcomes).toHaveLength(10);
    console.log(
      `accept vs cancel: ${outcomes.filter((o) => o === "accepted").length} accepted, ${outcomes.filter((o) => o === "cancelled").length} cancelled`,
    );
  });

  it("200 concurrent submissions from forty customers get 200 distinct order numbers, one after another", {
    timeout: 300_000,
  }, async () => {
    // One account may hold only UNPAID_ORDERS unpaid orders (limits/rules.ts), so the crowd is forty
    // customers submitting their five each at the same moment. Accounts are made four at a time:
    // each sign-up's password hash is deliberately costly in time and memory.
    const customers: Awaited<ReturnType<typeof customerWithUpload>>[] = [];
    while (customers.length < 200 / UNPAID_ORDERS.max)
      customers.push(...(await Promise.all(Array.from({ length: 4 }, () => customerWithUpload(stack())))));
    const maria = await printerNamed(stack(), "Maria's Prusa");
    const submissions: { c: (typeof customers)[number]["c"]; draftId: string }[] = [];
    for (const { c, uploadId } of customers) {
      const batch = await Promise.all(Array.from({ length: UNPAID_ORDERS.max }, () => c.post("/api/save-draft", draftBody(uploadId))));
      for (const d of batch) {
        expect(d.status).toBe(201);
        submissions.push({ c, draftId: d.json.jobId });
      }
    }
    const total = submissions.length;
    expect(total).toBe(200);
    const answers = await Promise.all(
      submissions.map(({ c, draftId }) =>
        c.post("/api/submit-order", { printerId: maria.printerId, draftId, filamentColor: "Black", deliveryMethod: "pickup" }),
      ),
    );
    expect(answers.map((a) => a.status).every((s) => s === 201)).toBe(true);
    const numbers = answers.map((a) => Number(String(a.json.orderNumber).replace("PH-", ""))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(total);
    // No gaps and no repeats: consecutive numbers.
    expect(numbers[total - 1]! - numbers[0]!).toBe(total - 1);
    // Each number finds its own order.
    for (const [i, a] of answers.slice(0, 20).entries()) {
      const found = await submissions[i]!.c.get(`/api/print-jobs/${a.json.orderNumber}`);
      expect(found.json.id).toBe(a.json.orderId);
    }
  });

  it("Request Payout under ten concurrent clicks records one request for the whole available balance, paid once", async () => {
    const owner = await signIn(stack(), "priya@printhood.local");
    // Priya earns from one picked-up order on her printer.
    const order = await paidOrderOn("North Loveland Workshop");
    expect((await owner.c.post(`/api/print-jobs/${order.orderId}/respond`, { action: "accept" })).status).toBe(200);
    for (const status of ["printing", "completed", "ready_for_pickup", "picked_up"])
      expect((await ownerStep(stack(), owner.c, order.orderId, { status })).status).toBe(200);
    expect((await order.c.post(`/api/print-jobs/${order.orderId}/received`)).status).toBe(200);
    const connect = await owner.c.post(`/api/users/${owner.me.id}/payouts/connect`);
    expect(connect.status).toBe(200);
    expect(connect.json.accountId).toMatch(/^acct_/);
    const available = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json.availableCents as number;
    expect(available).toBeGreaterThan(0);

    const clicks = await Promise.all(Array.from({ length: 10 }, () => owner.c.post(`/api/users/${owner.me.id}/payouts`)));
    expect(clicks.filter((r) => r.status === 201)).toHaveLength(1);
    expect(clicks.filter((r) => r.status === 409)).toHaveLength(9);
    const paid = clicks.find((r) => r.status === 201)!.json;
    expect(paid).toMatchObject({ amountCents: available, status: "paid", transferId: expect.stringMatching(/^tr_/) });

    const summary = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json;
    expect(summary).toMatchObject({ availableCents: 0, paidCents: available, requestedCents: 0, stripeConnected: true });
    expect(summary.payouts).toHaveLength(1);
    const transfers = await stripeOf(stack()).transfers.retrieve(paid.transferId);
    expect(transfers).toMatchObject({ amount: available, destination: connect.json.accountId });
    expect((await owner.c.post(`/api/users/${owner.me.id}/payouts`)).json.message).toBe("You have no earnings available to pay out yet.");
  });
});

async function paidOrderOn(printer: string) {
  const { c, uploadId } = await customerWithUpload(stack());
  const p = await printerNamed(stack(), printer);
  const draft = await c.post("/api/save-draft", draftBody(uploadId));
  const res = await c.post("/api/submit-order", {
    printerId: p.printerId,
    draftId: draft.json.jobId,
    filamentColor: "Black",
    deliveryMethod: "pickup",
  });
  expect(res.status).toBe(201);
  const paid = await pay(stack(), c, res.json.orderId);
  expect(paid.status).toBe(200);
  return { c, orderId: res.json.orderId as string };
}
