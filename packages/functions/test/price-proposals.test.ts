import { inboxOf } from "@printhood/local/ses";
import { describe, expect, it } from "vitest";
import type { TestClient } from "./client.ts";
import { confirmCard, moneyEvents, orderWithOwner, pay, stranger, stripeOf } from "./orders.ts";
import { useStack } from "./stack.ts";

/*
 * Issue 25 point 4: the owner adjusts the price within the estimate's range before accepting, with
 * the customer's consent, instead of rejecting. Through the real stack: the routes, the bus's
 * notification and e-mail consumer, the Stripe stand-in's capture and the owner's ledger.
 */
const stack = useStack({ seed: true });
const inbox = (address: string) => inboxOf(stack().endpoints.ses, address);

async function paidWithOwner() {
  const o = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
  const paid = await pay(stack(), o.customer.c, o.orderId);
  expect(paid.status).toBe(200);
  const order = (await o.owner.c.get(`/api/print-jobs/${o.orderId}`)).json;
  expect(order).toMatchObject({ status: "confirmed", payment: { status: "authorized" } });
  return { ...o, intentId: paid.intent.paymentIntentId, heldCents: paid.intent.amountCents as number, order };
}
const titles = async (c: TestClient, userId: string) =>
  ((await c.get(`/api/users/${userId}/notifications`)).json as { title: string; link: string }[]).map((n) => n.title);

describe("an adjusted price (POST /api/print-jobs/{id}/price-proposal)", () => {
  it("lower price: proposed, accepted by the customer, captured for less on accept; the rest released and the ledger at the new price", async () => {
    const o = await paidWithOwner();
    const { priceRange, priceBounds, pricing } = o.order;
    // The range the estimate gave, its top end no higher than the card holds.
    expect(priceRange.lowCents).toBeLessThan(pricing.totalCents);
    expect(priceRange.highCents).toBeGreaterThan(pricing.totalCents);
    expect(priceBounds).toMatchObject({ lowCents: priceRange.lowCents, highCents: priceRange.highCents });
    const path = `/api/print-jobs/${o.orderId}/price-proposal`;
    const lower = priceBounds.lowCents as number;

    // Only the owner proposes; a stranger does not learn the order exists.
    expect((await o.customer.c.post(path, { totalCents: lower, reason: "Cheaper" })).status).toBe(403);
    expect((await (await stranger(stack())).c.post(path, { totalCents: lower, reason: "Cheaper" })).status).toBe(404);
    // Outside the range, the same price, no reason, a stray field: refused with a sentence.
    const outside = await o.owner.c.post(path, { totalCents: lower - 1, reason: "Cheaper" });
    expect(outside.status).toBe(400);
    expect(outside.json.message).toBe(
      `The new price must be between $${priceBounds.low} and $${priceBounds.high}: the range the estimate allows for this design.`,
    );
    expect((await o.owner.c.post(path, { totalCents: priceBounds.highCents + 1, reason: "More" })).status).toBe(400);
    expect((await o.owner.c.post(path, { totalCents: pricing.totalCents, reason: "Same" })).json.code).toBe("price_unchanged");
    expect((await o.owner.c.post(path, { totalCents: lower, reason: "   " })).status).toBe(400);
    expect((await o.owner.c.post(path, { totalCents: lower, reason: "x", extra: 1 })).status).toBe(400);

    const proposed = await o.owner.c.post(path, { totalCents: lower, reason: "My slicer says it weighs less." });
    expect(proposed.status).toBe(200);
    expect(proposed.json).toMatchObject({
      priceProposal: {
        status: "proposed",
        totalCents: lower,
        previousTotalCents: pricing.totalCents,
        reason: "My slicer says it weighs less.",
      },
      pricing: { totalCents: pricing.totalCents }, // unchanged until the customer agrees
      priceBounds: null,
    });
    // While the customer has not answered, the owner can neither accept nor propose again.
    const early = await o.owner.c.post(`/api/print-jobs/${o.orderId}/respond`, { action: "accept" });
    expect([early.status, early.json.code]).toEqual([409, "price_proposal_pending"]);
    expect((await o.owner.c.post(path, { totalCents: lower + 1, reason: "Again" })).json.code).toBe("price_proposal_pending");
    // The owner cannot answer for the customer.
    expect((await o.owner.c.post(`${path}/accept`)).status).toBe(403);

    // The customer hears of it: the bell and an e-mail with both prices and the owner's reason.
    await stack().idle();
    expect(await titles(o.customer.c, o.customer.me.id)).toContain("New price proposed");
    const mail = (await inbox(o.customer.me.email)).filter((m) => m.subject.startsWith("A new price for"));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.body.text).toContain("My slicer says it weighs less.");
    expect(mail[0]?.body.text).toContain(`$${priceBounds.low} instead of $${o.order.totalCost}`);

    const agreed = await o.customer.c.post(`${path}/accept`);
    expect(agreed.status).toBe(200);
    expect(agreed.json).toMatchObject({ viewer: "customer", priceProposal: { status: "accepted" }, pricing: { totalCents: lower } });
    const p = agreed.json.pricing;
    expect(p.subtotalCents + p.platformFeeCents + p.deliveryFeeCents).toBe(lower);
    expect(p.printerProfitCents).toBe(p.subtotalCents);
    expect((await o.customer.c.post(`${path}/accept`)).json.code).toBe("no_price_proposal");
    await stack().idle();
    expect(await titles(o.owner.c, o.owner.me.id)).toContain("New price accepted");

    // The owner accepts: the stand-in captures the new price and releases the rest of the hold.
    const accepted = await o.owner.c.post(`/api/print-jobs/${o.orderId}/respond`, { action: "accept" });
    expect(accepted.status).toBe(200);
    expect(accepted.json.order.payment).toMatchObject({ status: "captured", amountCents: lower, authorizedCents: o.heldCents });
    const stripe = stripeOf(stack());
    const pi = await stripe.paymentIntents.retrieve(o.intentId);
    expect(pi).toMatchObject({ status: "succeeded", amount: o.heldCents, amount_received: lower, amount_capturable: 0 });
    const charge = await stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge).toMatchObject({ captured: true, amount_captured: lower, amount_refunded: o.heldCents - lower });
    expect(moneyEvents(stack(), o.intentId).captures).toBe(1);

    // The owner's ledger records the order at the agreed price, from the same pricing.
    const payouts = (await o.owner.c.get(`/api/users/${o.owner.me.id}/payouts`)).json;
    expect(payouts.ledger.find((e: { jobId: string }) => e.jobId === o.orderId)).toMatchObject({
      status: "pending",
      customerPaidCents: lower,
      platformFeeCents: p.platformFeeCents,
      ownerEarningsCents: p.printerProfitCents + p.deliveryFeeCents,
    });
    // Once accepted, the price is settled.
    expect((await o.owner.c.post(path, { totalCents: lower + 1, reason: "Later" })).json.code).toBe("price_not_adjustable_now");
  });

  it("declined: the order stays as it was, and the owner's accept captures the whole hold", async () => {
    const o = await paidWithOwner();
    const path = `/api/print-jobs/${o.orderId}/price-proposal`;
    const lower = o.order.priceBounds.lowCents as number;
    expect((await o.owner.c.post(path, { totalCents: lower, reason: "Less filament than estimated." })).status).toBe(200);
    const declined = await o.customer.c.post(`${path}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ priceProposal: { status: "declined" }, pricing: { totalCents: o.order.pricing.totalCents } });
    await stack().idle();
    expect(await titles(o.owner.c, o.owner.me.id)).toContain("New price declined");
    // The owner may propose again (a limited number of times), or accept at the original price.
    expect((await o.owner.c.get(`/api/print-jobs/${o.orderId}`)).json.priceBounds).toMatchObject({ lowCents: lower });
    const accepted = await o.owner.c.post(`/api/print-jobs/${o.orderId}/respond`, { action: "accept" });
    expect(accepted.status).toBe(200);
    expect(accepted.json.order.payment).toMatchObject({ status: "captured", amountCents: o.heldCents, authorizedCents: null });
    const pi = await stripeOf(stack()).paymentIntents.retrieve(o.intentId);
    expect(pi.amount_received).toBe(o.heldCents);
  });

  it("higher price: accepted, the customer confirms a new hold for it with their card, the old hold is released, and the owner's accept captures the new price", async () => {
    const o = await paidWithOwner();
    const path = `/api/print-jobs/${o.orderId}/price-proposal`;
    const higher = o.order.priceBounds.highCents as number;
    expect(higher).toBeGreaterThan(o.heldCents);
    const spent = async () => (await o.customer.c.get(`/api/users/${o.customer.me.id}/jobs/figures`)).json.totalSpentCents as number;
    const spentBefore = await spent();
    expect((await o.owner.c.post(path, { totalCents: higher, reason: "My slicer says it needs more supports." })).status).toBe(200);
    await stack().idle();
    const mail = (await inbox(o.customer.me.email)).filter((m) => m.subject.startsWith("A new price for"));
    expect(mail[0]?.body.text).toContain("you confirm a new hold");

    // No card yet: the order keeps its price and its hold; the owner still waits.
    const accepted = await o.customer.c.post(`${path}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({
      priceProposal: { status: "awaiting_payment" },
      pricing: { totalCents: o.order.pricing.totalCents },
    });
    expect((await o.owner.c.post(`/api/print-jobs/${o.orderId}/respond`, { action: "accept" })).json.code).toBe("price_proposal_pending");
    expect((await o.owner.c.post(`${path}/payment`)).status).toBe(403);

    // The card form confirms the new hold as checkout's does (the test-card form's path).
    const hold = await o.customer.c.post(`${path}/payment`);
    expect(hold.status).toBe(200);
    expect(hold.json).toMatchObject({ amountCents: higher, status: "requires_payment_method" });
    expect(hold.json.paymentIntentId).not.toBe(o.intentId);
    const confirmed = await confirmCard(stack(), hold.json.clientSecret);
    expect(confirmed.status).toBe(200);
    await stack().idle();

    // The order took the new hold and the new price; the old hold was released.
    const now = (await o.customer.c.get(`/api/print-jobs/${o.orderId}`)).json;
    expect(now).toMatchObject({
      status: "confirmed",
      priceProposal: { status: "accepted" },
      pricing: { totalCents: higher },
      payment: { status: "authorized", amountCents: higher },
    });
    const stripe = stripeOf(stack());
    expect((await stripe.paymentIntents.retrieve(o.intentId)).status).toBe("canceled");
    expect(await titles(o.owner.c, o.owner.me.id)).toContain("New price accepted");
    // The customer's Total Spent counts the new hold, not the old one (a cancel now takes back the new amount).
    expect((await spent()) - spentBefore).toBe(higher - o.heldCents);

    const done = await o.owner.c.post(`/api/print-jobs/${o.orderId}/respond`, { action: "accept" });
    expect(done.status).toBe(200);
    expect(done.json.order.payment).toMatchObject({ status: "captured", amountCents: higher });
    const pi = await stripe.paymentIntents.retrieve(hold.json.paymentIntentId);
    expect(pi).toMatchObject({ status: "succeeded", amount_received: higher });
    const payouts = (await o.owner.c.get(`/api/users/${o.owner.me.id}/payouts`)).json;
    expect(payouts.ledger.find((e: { jobId: string }) => e.jobId === o.orderId)).toMatchObject({ customerPaidCents: higher });
  });

  it("a higher price accepted twice at once (a double click): both answer the same new hold, which stays payable", async () => {
    const o = await paidWithOwner();
    const path = `/api/print-jobs/${o.orderId}/price-proposal`;
    const higher = o.order.priceBounds.highCents as number;
    expect((await o.owner.c.post(path, { totalCents: higher, reason: "More supports." })).status).toBe(200);
    const answers = await Promise.all([1, 2, 3].map(() => o.customer.c.post(`${path}/accept`)));
    expect(answers.map((a) => [a.status, a.json.priceProposal?.status])).toEqual(Array(3).fill([200, "awaiting_payment"]));
    const hold = await o.customer.c.post(`${path}/payment`);
    expect(hold.json).toMatchObject({ amountCents: higher, status: "requires_payment_method" });
    expect((await stripeOf(stack()).paymentIntents.retrieve(hold.json.paymentIntentId)).status).toBe("requires_payment_method");
  });

  it("a higher price declined before the new hold is paid: the order and its hold stay as they were", async () => {
    const o = await paidWithOwner();
    const path = `/api/print-jobs/${o.orderId}/price-proposal`;
    const higher = o.order.priceBounds.highCents as number;
    expect((await o.owner.c.post(path, { totalCents: higher, reason: "More supports." })).status).toBe(200);
    expect((await o.customer.c.post(`${path}/accept`)).status).toBe(200);
    const hold = (await o.customer.c.post(`${path}/payment`)).json;
    const declined = await o.customer.c.post(`${path}/decline`);
    expect(declined.json).toMatchObject({
      priceProposal: { status: "declined" },
      payment: { status: "authorized", amountCents: o.heldCents },
    });
    const stripe = stripeOf(stack());
    expect((await stripe.paymentIntents.retrieve(hold.paymentIntentId)).status).toBe("canceled");
    expect((await stripe.paymentIntents.retrieve(o.intentId)).status).toBe("requires_capture");
    expect((await o.customer.c.post(`${path}/payment`)).json.code).toBe("no_new_hold");
  });

  it("not before the order is paid", async () => {
    const o = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
    const seen = (await o.owner.c.get(`/api/print-jobs/${o.orderId}`)).json;
    expect(seen.priceBounds).toBeNull();
    const res = await o.owner.c.post(`/api/print-jobs/${o.orderId}/price-proposal`, { totalCents: 500, reason: "Cheaper" });
    expect([res.status, res.json.code]).toEqual([409, "price_not_adjustable_now"]);
  });
});
