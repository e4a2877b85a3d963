import { expireDueOrders, type OrderDeps } from "@printhood/core";
import { createEventPublisher } from "@printhood/functions/lib/events";
import { stripeFromEnv } from "@printhood/functions/lib/stripe";
import { inboxOf } from "@printhood/local/ses";
import { describe, expect, it } from "vitest";
import { TestClient } from "./client.ts";
import { printerNamed } from "./designs.ts";
import {
  confirmCard,
  customerWithUpload,
  moneyEvents,
  OWNER_EMAIL,
  ownerStep,
  paidOrder,
  pay,
  placeOrder,
  signIn,
  statusEvents,
  stripeOf,
  submitDraft,
} from "./orders.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });

/** The customer's bell entries and e-mails that say a card hold was released (hold-released.ts). */
async function holdReleasedNotices(order: { c: TestClient; me: { id: string } }) {
  await stack().idle();
  const bell = (await order.c.get(`/api/users/${order.me.id}/notifications`)).json as { title: string; message: string; link: string }[];
  const email = (await order.c.get("/api/auth/user")).json.email as string;
  return {
    bell: bell.filter((n) => n.title === "Card hold released"),
    mails: (await inboxOf(stack().endpoints.ses, email)).filter((m) => m.subject.startsWith("Card hold of")),
  };
}

describe("an order from payment to pickup (spec 2 §4)", () => {
  it("numbers the order, holds the payment, captures on accept, and walks every step to picked up", async () => {
    const order = await placeOrder(stack());
    expect(order.orderNumber).toMatch(/^PH-\d{5,}$/);
    expect(order.status).toBe("submitted");

    // Found by its number as well as its id; the number is in every answer.
    const byNumber = await order.c.get(`/api/print-jobs/${order.orderNumber}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.json).toMatchObject({ id: order.orderId, orderNumber: order.orderNumber, status: "submitted", viewer: "customer" });
    expect(byNumber.json.printer).toMatchObject({ name: "Maria's Prusa", owner: { username: "maria_prints" } });
    expect(byNumber.json.expiresAt).toBeTruthy();

    // The server charges its own total, whatever the client says.
    const intent = await order.c.post("/api/create-payment-intent", { orderId: order.orderNumber, amount: 1 });
    expect(intent.status).toBe(200);
    expect(intent.json.amountCents).toBe(Math.round(Number(order.totalCost) * 100));
    expect(intent.json.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const again = await order.c.post("/api/create-payment-intent", { orderId: order.orderId });
    expect(again.json.paymentIntentId).toBe(intent.json.paymentIntentId); // one intent per order

    const paid = await pay(stack(), order.c, order.orderId);
    expect(paid.status).toBe(200);
    expect(paid.body.paymentIntent?.status).toBe("requires_capture");
    const confirmed = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json;
    expect(confirmed).toMatchObject({ status: "confirmed", payment: { status: "authorized", amountCents: intent.json.amountCents } });
    expect(confirmed.confirmedAt).toBeTruthy();

    // The owner sees the customer's name and email and the part's printed size.
    const owner = await signIn(stack(), OWNER_EMAIL);
    const seen = (await owner.c.get(`/api/print-jobs/${order.orderNumber}`)).json;
    expect(seen).toMatchObject({ viewer: "owner", customer: { email: expect.stringContaining("@example.com") } });
    expect(seen.printedSize).toMatchObject({ x: 40, y: 30, z: 20, text: "40 × 30 × 20 mm" });
    const list = (await owner.c.get(`/api/users/${owner.me.id}/printer-jobs`)).json as {
      id: string;
      orderNumber: string;
      printedSize: unknown;
    }[];
    expect(list.find((j) => j.id === order.orderId)).toMatchObject({
      orderNumber: order.orderNumber,
      printedSize: { text: "40 × 30 × 20 mm" },
    });

    const stripe = stripeOf(stack());
    expect((await stripe.paymentIntents.retrieve(paid.intent.paymentIntentId)).status).toBe("requires_capture");

    const accepted = await owner.c.post(`/api/print-jobs/${order.orderId}/respond`, {
      action: "accept",
      message: "  Printing tomorrow!  ",
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.message).toContain("accepted");
    expect(accepted.json.order).toMatchObject({ status: "accepted", payment: { status: "captured" }, ownerMessage: "Printing tomorrow!" });
    const pi = await stripe.paymentIntents.retrieve(paid.intent.paymentIntentId);
    expect(pi.status).toBe("succeeded");
    expect(pi.amount_received).toBe(intent.json.amountCents);

    // The steps, in the owner's PUT with a status; skipping one is refused.
    const skip = await owner.c.put(`/api/print-jobs/${order.orderId}`, { status: "completed" });
    expect(skip.status).toBe(409);
    expect(skip.json.message).toBe("This order is accepted, so it cannot be marked complete now.");
    for (const status of ["printing", "completed", "ready_for_pickup"]) {
      const res = await ownerStep(stack(), owner.c, order.orderId, { status });
      expect(res.status, status).toBe(200);
      expect(res.json.status).toBe(status);
    }
    const wrongPath = await owner.c.put(`/api/print-jobs/${order.orderId}`, { status: "shipped" });
    expect(wrongPath.status).toBe(409);

    const before = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json;
    const jobsOf = async () => (await owner.c.get(`/api/printers/${confirmed.printerId}`)).json.totalJobs as number;
    const jobsBefore = await jobsOf();
    const pickedUp = await order.c.put(`/api/print-jobs/${order.orderId}`, { status: "picked_up" }); // the customer confirms pickup
    expect(pickedUp.status).toBe(200);
    const done = pickedUp.json;
    expect(done.status).toBe("picked_up");
    expect(await jobsOf()).toBe(jobsBefore + 1); // a finished order counts on its printer, in the same write
    for (const stamp of ["submittedAt", "confirmedAt", "acceptedAt", "printingStartedAt", "completedAt", "readyAt", "pickedUpAt"])
      expect(done[stamp], stamp).toBeTruthy();

    // The earning is held until the claim window closes or the customer confirms receipt: the print plus nothing for pickup.
    const held = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json;
    expect(held.heldCents - before.heldCents).toBe(done.pricing.printerProfitCents);
    expect(held.availableCents).toBe(before.availableCents);
    expect(done.claimWindowEndsAt).toBe(new Date(Date.parse(done.pickedUpAt) + 7 * 86_400_000).toISOString());
    expect(held.ledger.find((e: { jobId: string }) => e.jobId === order.orderId)).toMatchObject({
      status: "held",
      heldUntil: done.claimWindowEndsAt,
    });

    // "Received, looks good": the earning is available.
    const received = await order.c.post(`/api/print-jobs/${order.orderId}/received`);
    expect(received.status).toBe(200);
    expect(received.json.receivedAt).toBeTruthy();
    const after = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json;
    expect(after.availableCents - before.availableCents).toBe(done.pricing.printerProfitCents);
    expect(after.heldCents).toBe(before.heldCents);
    expect(after.ledger.find((e: { jobId: string }) => e.jobId === order.orderId)).toMatchObject({
      status: "available",
      customerPaidCents: intent.json.amountCents,
      platformFeeCents: done.pricing.platformFeeCents,
      ownerEarningsCents: done.pricing.printerProfitCents,
    });

    await stack().idle();
    expect(statusEvents(stack(), order.orderId).map((e) => `${e.from}>${e.to}:${e.actor}`)).toEqual([
      "draft>submitted:customer",
      "submitted>confirmed:system",
      "confirmed>accepted:owner",
      "accepted>printing:owner",
      "printing>completed:owner",
      "completed>ready_for_pickup:owner",
      "ready_for_pickup>picked_up:customer",
    ]);
    expect(moneyEvents(stack(), paid.intent.paymentIntentId)).toMatchObject({ captures: 1, refunds: 0 });
  });

  it("a declined card leaves the order unpaid, with Stripe's message, and nothing charged", async () => {
    const order = await placeOrder(stack());
    const paid = await pay(stack(), order.c, order.orderId, "4000 0000 0000 0002");
    expect(paid.status).toBe(402);
    expect(paid.body.error?.message).toBe("Your card was declined.");
    const now = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json;
    expect(now.status).toBe("submitted");
    expect(now.payment.status).toBe("pending");
    expect(moneyEvents(stack(), paid.intent.paymentIntentId).captures).toBe(0);
    // and the same order can then be paid with a good card
    const retry = await pay(stack(), order.c, order.orderId);
    expect(retry.status).toBe(200);
    expect((await order.c.get(`/api/print-jobs/${order.orderId}`)).json.status).toBe("confirmed");
  });

  it("a shipping order pays its chosen option and ends shipped with a carrier and tracking number", async () => {
    const order = await placeOrder(stack(), { deliveryMethod: "shipping" });
    const noOption = await order.c.post("/api/create-payment-intent", { orderId: order.orderId });
    expect(noOption.status).toBe(409);
    expect(noOption.json.message).toBe("Please enter your ZIP code and choose a shipping option before paying.");

    const maria = await printerNamed(stack(), "Maria's Prusa");
    const quote = await order.c.post("/api/calculate-shipping", {
      weightGrams: 25,
      zipFrom: "80424",
      zipTo: "10001",
      printerId: maria.printerId,
    });
    expect(quote.status).toBe(200);
    expect(quote.json.zipFrom).toBe("80513"); // from the printer, not the spec's fixed 80424
    expect(quote.json.options.map((o: { carrier: string }) => o.carrier)).toEqual(["USPS", "USPS", "UPS"]);
    expect(quote.json.defaultOption).toMatchObject({ id: "usps_ground_advantage", estimatedCost: expect.any(Number) });
    const byNumber = await order.c.post("/api/calculate-shipping", {
      weightGrams: 25,
      zipTo: "10001",
      printerId: maria.printerNumber ?? -1,
    });
    expect(byNumber.json.options).toEqual(quote.json.options);

    const chosen = await order.c.put(`/api/orders/${order.orderNumber}/shipping`, { zipTo: "10001", optionId: "usps_priority" });
    expect(chosen.status).toBe(200);
    const priority = quote.json.options.find((o: { id: string }) => o.id === "usps_priority");
    expect(chosen.json.shipping).toMatchObject({ carrier: "USPS", service: "Priority Mail", zipFrom: "80513", zipTo: "10001" });
    expect(chosen.json.pricing.totalCents).toBe(chosen.json.pricing.customerPaysCents + chosen.json.shipping.costCents);
    expect(chosen.json.shipping.costCents).toBeGreaterThanOrEqual(priority.estimatedCostCents);

    const paid = await pay(stack(), order.c, order.orderId);
    expect(paid.intent.amountCents).toBe(chosen.json.pricing.totalCents);
    const locked = await order.c.put(`/api/orders/${order.orderId}/shipping`, { zipTo: "10001", optionId: "ups_ground" });
    expect(locked.status).toBe(409);

    const owner = await signIn(stack(), OWNER_EMAIL);
    expect((await owner.c.post(`/api/print-jobs/${order.orderId}/respond`, { action: "accept" })).status).toBe(200);
    for (const status of ["printing", "completed"]) expect((await ownerStep(stack(), owner.c, order.orderId, { status })).status).toBe(200);
    expect((await owner.c.put(`/api/print-jobs/${order.orderId}`, { status: "ready_for_pickup" })).json.message).toBe(
      "This order is for shipping, so it cannot be marked ready for pickup.",
    );
    expect((await owner.c.put(`/api/print-jobs/${order.orderId}`, { status: "ready_for_shipping" })).status).toBe(200);
    const noTracking = await owner.c.put(`/api/print-jobs/${order.orderId}`, { status: "shipped" });
    expect(noTracking.status).toBe(400);
    const shipped = await owner.c.put(`/api/print-jobs/${order.orderId}`, {
      status: "shipped",
      carrier: "USPS",
      trackingNumber: "9400 1000 0000 0000 0000 00",
    });
    expect(shipped.json).toMatchObject({ status: "shipped", carrier: "USPS", trackingNumber: "9400 1000 0000 0000 0000 00" });
    const ledger = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json.ledger.find(
      (e: { jobId: string }) => e.jobId === order.orderId,
    );
    expect(ledger.ownerEarningsCents).toBe(shipped.json.pricing.printerProfitCents + shipped.json.shipping.costCents);
  });

  it("a card confirmed for a total the order has left (a second tab, after a new shipping option) is given back, and the order can still be paid", async () => {
    const order = await placeOrder(stack(), { deliveryMethod: "shipping" });
    const ground = await order.c.put(`/api/orders/${order.orderId}/shipping`, { zipTo: "10001", optionId: "usps_ground_advantage" });
    const stale = await order.c.post("/api/create-payment-intent", { orderId: order.orderId });
    expect(stale.json.amountCents).toBe(ground.json.pricing.totalCents);
    const ups = await order.c.put(`/api/orders/${order.orderId}/shipping`, { zipTo: "10001", optionId: "ups_ground" });
    expect(ups.json.pricing.totalCents).not.toBe(ground.json.pricing.totalCents);
    // the first tab confirms the card with the intent it had, for the old total
    const confirmed = await confirmCard(stack(), stale.json.clientSecret);
    expect(confirmed.status).toBe(200);
    await stack().idle();
    const stripe = stripeOf(stack());
    expect((await stripe.paymentIntents.retrieve(stale.json.paymentIntentId)).status).toBe("canceled");
    // the order says the hold was given back, for the amount it held, so the first tab can tell the customer
    const after = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json;
    expect(after).toMatchObject({ status: "submitted", payment: { status: "released", amountCents: stale.json.amountCents } });
    expect(after.payment.releasedAt).toBeTruthy();
    // the card was held, so the customer is told it was released, once, in the bell and by e-mail
    const told = await holdReleasedNotices(order);
    const held = `$${(stale.json.amountCents / 100).toFixed(2)}`;
    expect(told.bell).toHaveLength(1);
    expect(told.bell[0]?.message).toContain(`after your card was confirmed for ${held}, so that hold on your card was released`);
    expect(told.bell[0]?.link).toBe(`/order/${order.orderId}`);
    expect(told.mails.map((m) => m.subject)).toEqual([`Card hold of ${held} released: ${after.fileName} (${order.orderNumber})`]);

    // still open to change and to pay, at its own total, with a new intent
    expect((await order.c.put(`/api/orders/${order.orderId}/shipping`, { zipTo: "10001", optionId: "usps_priority" })).status).toBe(200);
    const paid = await pay(stack(), order.c, order.orderId);
    expect(paid.status).toBe(200);
    expect(paid.intent.paymentIntentId).not.toBe(stale.json.paymentIntentId);
    const now = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json;
    expect(now).toMatchObject({ status: "confirmed", payment: { status: "authorized", amountCents: now.pricing.totalCents } });
  });

  it("a card confirmed for a total the order has left is given back when checkout asks for the intent again, before Stripe's word arrives, and the new total can be paid at once", async () => {
    const order = await placeOrder(stack(), { deliveryMethod: "shipping" });
    await order.c.put(`/api/orders/${order.orderId}/shipping`, { zipTo: "10001", optionId: "usps_ground_advantage" });
    const stale = await order.c.post("/api/create-payment-intent", { orderId: order.orderId });
    const ups = await order.c.put(`/api/orders/${order.orderId}/shipping`, { zipTo: "10001", optionId: "ups_ground" });
    const resume = stack().stripe.holdWebhooks();
    try {
      expect((await confirmCard(stack(), stale.json.clientSecret)).status).toBe(200);
      // the first tab learns the total changed and asks for the intent of the new total
      const fresh = await order.c.post("/api/create-payment-intent", { orderId: order.orderId });
      expect(fresh.status).toBe(200);
      expect(fresh.json).toMatchObject({ amountCents: ups.json.pricing.totalCents, status: "requires_payment_method" });
      expect(fresh.json.paymentIntentId).not.toBe(stale.json.paymentIntentId);
      expect((await stripeOf(stack()).paymentIntents.retrieve(stale.json.paymentIntentId)).status).toBe("canceled");
    } finally {
      resume();
    }
    await stack().idle();
    const paid = await pay(stack(), order.c, order.orderId);
    expect(paid.status).toBe(200);
    const now = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json;
    expect(now).toMatchObject({ status: "confirmed", payment: { status: "authorized", amountCents: ups.json.pricing.totalCents } });
    // given back by checkout, then found again by Stripe's late word: told once
    const told = await holdReleasedNotices(order);
    expect(told.bell).toHaveLength(1);
    expect(told.mails).toHaveLength(1);
  });

  it("a new shipping option gets a new intent: a tab still holding the old one's client secret cannot hold the card for an amount it never showed", async () => {
    const order = await placeOrder(stack(), { deliveryMethod: "shipping" });
    await order.c.put(`/api/orders/${order.orderId}/shipping`, { zipTo: "10001", optionId: "usps_ground_advantage" });
    const tabA = await order.c.post("/api/create-payment-intent", { orderId: order.orderId });
    // the second tab chooses a dearer option and asks for the intent of the new total
    const ups = await order.c.put(`/api/orders/${order.orderId}/shipping`, { zipTo: "10001", optionId: "ups_ground" });
    const tabB = await order.c.post("/api/create-payment-intent", { orderId: order.orderId });
    expect(tabB.json.amountCents).toBe(ups.json.pricing.totalCents);
    expect(tabB.json.paymentIntentId).not.toBe(tabA.json.paymentIntentId);
    const stripe = stripeOf(stack());
    expect((await stripe.paymentIntents.retrieve(tabA.json.paymentIntentId)).status).toBe("canceled");

    // the first tab, still showing the old total, confirms its card: refused, nothing held
    expect((await confirmCard(stack(), tabA.json.clientSecret)).status).not.toBe(200);
    await stack().idle();
    expect((await stripe.paymentIntents.retrieve(tabA.json.paymentIntentId)).amount_capturable).toBe(0);
    expect((await order.c.get(`/api/print-jobs/${order.orderId}`)).json).toMatchObject({
      status: "submitted",
      payment: { status: "pending" },
    });

    // the new total is paid with the new intent
    expect((await confirmCard(stack(), tabB.json.clientSecret)).status).toBe(200);
    await stack().idle();
    const now = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json;
    expect(now).toMatchObject({ status: "confirmed", payment: { status: "authorized", amountCents: ups.json.pricing.totalCents } });
    // no card was ever held for the replaced intent: nobody is told anything was released
    const told = await holdReleasedNotices(order);
    expect(told.bell).toHaveLength(0);
    expect(told.mails).toHaveLength(0);
  });

  it("the customer may cancel until printing: a hold is released, a captured payment refunded", async () => {
    const held = await paidOrder(stack());
    const cancel = await held.c.post(`/api/orders/${held.orderNumber}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.json.order).toMatchObject({ status: "cancelled", cancelReason: "customer", payment: { status: "released" } });
    expect((await stripeOf(stack()).paymentIntents.retrieve(held.intentId)).status).toBe("canceled");

    const captured = await paidOrder(stack());
    const owner = await signIn(stack(), OWNER_EMAIL);
    expect((await owner.c.post(`/api/print-jobs/${captured.orderId}/respond`, { action: "accept" })).status).toBe(200);
    const mid = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json;
    const refunded = await captured.c.put(`/api/print-jobs/${captured.orderId}/cancel`);
    expect(refunded.status).toBe(200);
    expect(refunded.json.order.payment).toMatchObject({ status: "refunded", refundedCents: captured.amountCents });
    expect(moneyEvents(stack(), captured.intentId)).toMatchObject({ captures: 1, refunds: 1 });
    const end = (await owner.c.get(`/api/users/${owner.me.id}/payouts`)).json;
    expect(mid.pendingCents - end.pendingCents).toBe(refunded.json.order.pricing.printerProfitCents);

    const printing = await paidOrder(stack());
    await owner.c.post(`/api/print-jobs/${printing.orderId}/respond`, { action: "accept" });
    await owner.c.put(`/api/print-jobs/${printing.orderId}`, { status: "printing" });
    const late = await printing.c.post(`/api/orders/${printing.orderId}/cancel`);
    expect(late.status).toBe(409);
    expect(late.json.message).toBe("This order is printing, so it cannot be cancelled now.");
  });

  it("the owner's reject releases the hold and the message is kept with the order", async () => {
    const order = await paidOrder(stack());
    const owner = await signIn(stack(), OWNER_EMAIL);
    const res = await owner.c.post(`/api/print-jobs/${order.orderId}/respond`, { action: "reject", message: "Out of black PLA, sorry" });
    expect(res.status).toBe(200);
    expect(res.json.order).toMatchObject({ status: "rejected", ownerMessage: "Out of black PLA, sorry", payment: { status: "released" } });
    expect(moneyEvents(stack(), order.intentId)).toMatchObject({ captures: 0, cancels: 1 });
  });
});

describe("expiry (fake clock)", () => {
  it("cancels unpaid orders after 24 h and unaccepted paid ones after 48 h, releasing the hold and telling both sides", async () => {
    const unpaid = await placeOrder(stack());
    const paid = await paidOrder(stack());
    const deps: OrderDeps = {
      store: stack().store,
      events: createEventPublisher(process.env.EVENT_BUS_NAME ?? ""),
      ...stripeFromEnv(),
      clock: () => new Date(),
      expiry: { unpaidHours: 24, unacceptedHours: 48 },
      shipping: { quote: () => Promise.reject(new Error("not used")) },
    };
    const at = (hours: number) => () => new Date(Date.now() + hours * 3_600_000);

    await expireDueOrders({ ...deps, clock: at(23.9) });
    expect((await unpaid.c.get(`/api/print-jobs/${unpaid.orderId}`)).json.status).toBe("submitted");

    await expireDueOrders({ ...deps, clock: at(24.1) });
    expect((await unpaid.c.get(`/api/print-jobs/${unpaid.orderId}`)).json).toMatchObject({
      status: "cancelled",
      cancelReason: "expired_unpaid",
    });
    expect((await paid.c.get(`/api/print-jobs/${paid.orderId}`)).json.status).toBe("confirmed");

    await expireDueOrders({ ...deps, clock: at(48.1) });
    const gone = (await paid.c.get(`/api/print-jobs/${paid.orderId}`)).json;
    expect(gone).toMatchObject({ status: "cancelled", cancelReason: "expired_unaccepted", payment: { status: "released" } });
    expect(moneyEvents(stack(), paid.intentId)).toMatchObject({ captures: 0, cancels: 1 });
    await stack().idle();
    const expiredEvents = statusEvents(stack(), paid.orderId).filter((e) => e.action === "expire");
    expect(expiredEvents).toMatchObject([{ from: "confirmed", to: "cancelled", actor: "system", reason: "expired" }]);

    // A late accept finds it expired.
    const owner = await signIn(stack(), OWNER_EMAIL);
    const late = await owner.c.post(`/api/print-jobs/${paid.orderId}/respond`, { action: "accept" });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe("This order is cancelled, so it cannot be accepted now.");
  });
});

describe("printers with open orders", () => {
  it("cannot be deleted (409 saying how many), only set offline; once the orders are finished they can", async () => {
    const owner = await signIn(stack(), "sam@printhood.local");
    const mini = await printerNamed(stack(), "Old Town Print Shop");
    const customer = await customerWithUpload(stack());
    const a = await submitDraft(stack(), customer.c, customer.uploadId, { printer: "Old Town Print Shop" });
    await submitDraft(stack(), customer.c, customer.uploadId, { printer: "Old Town Print Shop" });
    const refused = await owner.c.del(`/api/printers/${mini.printerId}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      "Old Town Print Shop has 2 open orders, so it cannot be deleted. Finish or cancel them first, or set the printer offline to stop new orders.",
    );
    expect((await owner.c.put(`/api/printers/${mini.printerId}`, { isAvailable: false })).status).toBe(200);
    expect((await customer.c.post(`/api/orders/${a.orderId}/cancel`)).status).toBe(200);
    expect((await owner.c.del(`/api/printers/${mini.printerId}`)).json.message).toContain("has 1 open order,");
    const list = (await customer.c.get(`/api/users/${customer.me.id}/jobs`)).json as { id: string; status: string }[];
    for (const o of list.filter((j) => j.status === "submitted"))
      expect((await customer.c.post(`/api/orders/${o.id}/cancel`)).status).toBe(200);
    expect((await owner.c.del(`/api/printers/${mini.printerId}`)).status).toBe(200);
  });
});

describe("payments config", () => {
  it("tells the site to use the local test-card form on its own origin", async () => {
    const res = await new TestClient(stack().url).get("/api/payments/config");
    expect(res.json).toEqual({ provider: "test", testConfirmUrl: "/stripe-test/confirm" });
  });
});
