import { inboxOf } from "@printhood/local/ses";
import { describe, expect, it } from "vitest";
import { TestClient } from "./client.ts";
import { completionPhoto, handOverForReal, moneyEvents, orderWithOwner, pay, stranger, stripeOf } from "./orders.ts";
import { testJpeg, uploadPhoto } from "./photos.ts";
import { useStack } from "./stack.ts";
import { staffSignedIn } from "./staff.ts";

/*
 * Issue 21 §3–4: Mark Complete needs a photo; the money-back guarantee end to end through the
 * API: a claim freezes the owner's earning, the owner answers, the customer accepts or staff
 * decide, and Stripe's refund, the ledger, both e-mails and the audit log agree.
 */
const stack = useStack({ seed: true });
const inbox = (address: string) => inboxOf(stack().endpoints.ses, address);

async function handedOver() {
  const o = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
  await handOverForReal(stack(), o.orderId, o.customer.c, o.owner.c);
  const order = (await o.customer.c.get(`/api/print-jobs/${o.orderId}`)).json;
  return { ...o, order, earning: (order.pricing.printerProfitCents + order.pricing.deliveryFeeCents) as number };
}
const balance = async (c: TestClient, ownerId: string) => (await c.get(`/api/users/${ownerId}/payouts`)).json;
const claimPhoto = async (c: TestClient) =>
  uploadPhoto(stack(), c, await testJpeg(800, 600, { label: "cracked" }), { purpose: "claim", fileName: "crack.jpg" });

async function openClaim(o: Awaited<ReturnType<typeof handedOver>>, over: Record<string, unknown> = {}) {
  return o.customer.c.post(`/api/print-jobs/${o.orderId}/claims`, {
    reason: "damaged",
    description: "The bracket arrived cracked along the top edge.",
    photoIds: [await claimPhoto(o.customer.c)],
    remedy: "refund",
    ...over,
  });
}

describe("Mark Complete", () => {
  it("asks for at least one photo of the finished part, which the customer then sees", async () => {
    const o = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
    expect((await pay(stack(), o.customer.c, o.orderId)).status).toBe(200);
    expect((await o.owner.c.post(`/api/print-jobs/${o.orderId}/respond`, { action: "accept" })).status).toBe(200);
    expect((await o.owner.c.put(`/api/print-jobs/${o.orderId}`, { status: "printing" })).status).toBe(200);
    const bare = await o.owner.c.put(`/api/print-jobs/${o.orderId}`, { status: "completed" });
    expect(bare.status).toBe(422);
    expect(bare.json.message).toBe(
      "Please add at least one photo of the finished part before marking the order complete. The customer sees it, and it protects you if there is a claim.",
    );
    // Someone else's photo is not found; a claim photo is not a completion photo.
    const notMine = await o.owner.c.put(`/api/print-jobs/${o.orderId}`, {
      status: "completed",
      photoIds: [await completionPhoto(stack(), o.customer.c)],
    });
    expect(notMine.status).toBe(404);
    const photoId = await completionPhoto(stack(), o.owner.c);
    const done = await o.owner.c.put(`/api/print-jobs/${o.orderId}`, { status: "completed", photoIds: [photoId] });
    expect(done.status).toBe(200);
    const seen = (await o.customer.c.get(`/api/print-jobs/${o.orderId}`)).json;
    expect(seen.completionPhotoIds).toEqual([photoId]);
    const photo = await o.customer.c.get(`/api/photos/${photoId}`);
    expect(photo.status).toBe(200);
    expect((await (await stranger(stack())).c.get(`/api/photos/${photoId}`)).status).toBe(404);
  });
});

describe("the money-back guarantee", () => {
  it("claim, dispute, staff refunds half: Stripe's refund, the ledger, both e-mails and the audit log agree", async () => {
    const o = await handedOver();
    const before = await balance(o.owner.c, o.owner.me.id);
    const opened = await openClaim(o);
    expect(opened.status).toBe(201);
    expect(opened.json).toMatchObject({ status: "awaiting_owner", reason: "damaged", remedy: "refund", viewer: "customer" });
    const claimId = opened.json.id as string;

    // The owner's earning is frozen at once.
    const frozen = await balance(o.owner.c, o.owner.me.id);
    expect(frozen.frozenCents - before.frozenCents).toBe(o.earning);
    expect(before.heldCents - frozen.heldCents).toBe(o.earning);
    expect(frozen.ledger.find((e: { jobId: string }) => e.jobId === o.orderId).status).toBe("frozen");

    // One claim per order.
    const again = await openClaim(o);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("This order already has a claim. Each order can have one claim.");

    // Nobody else reads the claim; staff calls are a 404 to everyone but staff.
    expect((await (await stranger(stack())).c.get(`/api/claims/${claimId}`)).status).toBe(404);
    for (const c of [o.customer.c, o.owner.c, new TestClient(stack().url)]) {
      expect((await c.get("/api/staff/claims")).status).toBe(404);
      expect((await c.post(`/api/staff/claims/${claimId}/decision`, { outcome: "refund_full", reason: "x" })).status).toBe(404);
    }

    // The owner disputes, with their own photo.
    const ownerPhoto = await uploadPhoto(stack(), o.owner.c, await testJpeg(640, 480, { label: "packed" }), { purpose: "claim" });
    const dispute = await o.owner.c.post(`/api/claims/${claimId}/response`, {
      action: "dispute",
      message: "It left here intact, packed in foam: see the photo.",
      photoIds: [ownerPhoto],
    });
    expect(dispute.status).toBe(200);
    expect(dispute.json).toMatchObject({ status: "under_review", response: { action: "dispute", photoIds: [ownerPhoto] } });
    expect((await o.customer.c.post(`/api/claims/${claimId}/accept`)).status).toBe(409);

    // Staff see it in the queue, oldest first, with both sides' photos and the thread, and refund half.
    const staff = await staffSignedIn(stack());
    const queue = (await staff.c.get("/api/staff/claims")).json as {
      id: string;
      photoIds: string[];
      order: { completionPhotoIds: string[] };
    }[];
    const queued = queue.find((q) => q.id === claimId);
    expect(queued?.order.completionPhotoIds).toHaveLength(1);
    expect(queued?.photoIds).toHaveLength(1);
    const half = Math.floor(o.order.pricing.totalCents / 2);
    const amount = (half / 100).toFixed(2);
    const ownerFigures = async () =>
      (await o.owner.c.get(`/api/users/${o.owner.me.id}/printer-jobs/figures`)).json as {
        earnedCents: number;
        tracking: { ownerEarnedCents: number };
      };
    const figuresBefore = await ownerFigures();
    const decided = await staff.c.post(`/api/staff/claims/${claimId}/decision`, {
      outcome: "refund_partial",
      amount,
      reason: "The crack shows in both photos; the packing looks fine, so we split it.",
    });
    expect(decided.status).toBe(200);
    expect(decided.json).toMatchObject({ status: "resolved", decision: { outcome: "refund_partial", by: "staff", refundCents: half } });
    await stack().idle();

    // Stripe refunded exactly that, once.
    const intentId = (await stack().store.entities.jobs.get({ jobId: o.orderId }).go()).data?.payment?.intentId ?? "";
    const pi = await stripeOf(stack()).paymentIntents.retrieve(intentId);
    expect((await stripeOf(stack()).charges.retrieve(String(pi.latest_charge))).amount_refunded).toBe(half);
    expect(moneyEvents(stack(), intentId).refunds).toBe(1);
    const order = (await o.customer.c.get(`/api/print-jobs/${o.orderId}`)).json;
    expect(order.payment).toMatchObject({ status: "captured", refundedCents: half });
    expect(order.claim).toMatchObject({ status: "resolved", refundStatus: "done" });
    // The customer's Total Spent gives the refund back (the refund's write moved their tally).
    const spent = (await o.customer.c.get(`/api/users/${o.customer.me.id}/jobs/figures`)).json as { totalSpentCents: number };
    expect(spent.totalSpentCents).toBe(order.payment.amountCents - half);

    // The ledger took back the refund from the owner's earning and freed the rest.
    const after = await balance(o.owner.c, o.owner.me.id);
    const reversed = Math.min(half, o.earning);
    expect(after.availableCents - before.availableCents).toBe(o.earning - reversed);
    expect(after.frozenCents).toBe(before.frozenCents);
    expect(after.ledger.find((e: { jobId: string }) => e.jobId === o.orderId)).toMatchObject({
      status: "available",
      reversedCents: reversed,
    });
    // One definition of earnings: the order, the dashboard and the tracking figures took back as much as the ledger.
    expect((await o.owner.c.get(`/api/print-jobs/${o.orderId}`)).json.earningsReversedCents).toBe(reversed);
    const figuresAfter = await ownerFigures();
    expect(figuresBefore.earnedCents - figuresAfter.earnedCents).toBe(reversed);
    expect(figuresBefore.tracking.ownerEarnedCents - figuresAfter.tracking.ownerEarnedCents).toBe(reversed);

    // Both sides read the decision by e-mail, with staff's reason.
    for (const email of [o.customer.me.email, o.owner.me.email]) {
      const mail = (await inbox(email)).filter((m) => m.subject.startsWith("Claim refunded in part"));
      expect(mail, email).toHaveLength(1);
      expect(mail[0]?.body.text).toContain("we split it");
    }
    // And the audit log has it: who, when, what, why.
    const audit = (await staff.c.get(`/api/staff/audit?targetId=${claimId}`)).json;
    expect(audit.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "claim.decide",
          staffId: staff.me.id,
          targetId: claimId,
          reason: expect.stringContaining("split"),
        }),
      ]),
    );
  });

  it("an offer the customer accepts settles the claim: a partial refund, or a reprint held again once handed over", async () => {
    const partial = await handedOver();
    const p = (await openClaim(partial)).json;
    // all of what is left is a full refund, not a part of it
    const paid = (await partial.customer.c.get(`/api/print-jobs/${partial.orderId}`)).json.payment.amountCents as number;
    const whole = await partial.owner.c.post(`/api/claims/${p.id}/response`, {
      action: "offer_partial",
      amount: paid / 100,
      message: "All of it.",
    });
    expect([whole.status, whole.json.code]).toEqual([400, "partial_is_whole"]);
    const offered = await partial.owner.c.post(`/api/claims/${p.id}/response`, {
      action: "offer_partial",
      amount: 2.5,
      message: "Sorry about that; here is part of it back.",
    });
    expect(offered.json).toMatchObject({ status: "offered", response: { amount: "2.50", amountCents: 250 } });
    expect((await partial.owner.c.post(`/api/claims/${p.id}/accept`)).status).toBe(403);
    const accepted = await partial.customer.c.post(`/api/claims/${p.id}/accept`);
    expect(accepted.json).toMatchObject({ status: "resolved", decision: { outcome: "refund_partial", by: "customer", refundCents: 250 } });

    const reprint = await handedOver();
    const r = (await openClaim(reprint, { remedy: "reprint" })).json;
    await reprint.owner.c.post(`/api/claims/${r.id}/response`, { action: "offer_reprint", message: "I will print it again in PETG." });
    expect((await reprint.customer.c.post(`/api/claims/${r.id}/accept`)).json).toMatchObject({ status: "reprinting" });
    const mid = await balance(reprint.owner.c, reprint.owner.me.id);
    expect(mid.ledger.find((e: { jobId: string }) => e.jobId === reprint.orderId).status).toBe("frozen");
    const sent = await reprint.owner.c.post(`/api/claims/${r.id}/reprint`, {});
    expect(sent.json).toMatchObject({ status: "resolved", reprint: { carrier: null } });
    const end = await balance(reprint.owner.c, reprint.owner.me.id);
    expect(end.ledger.find((e: { jobId: string }) => e.jobId === reprint.orderId)).toMatchObject({ status: "held", reversedCents: 0 });
    expect((await reprint.customer.c.post(`/api/print-jobs/${reprint.orderId}/received`)).status).toBe(200);
  });

  it("a payout racing a claim: status and money agree whichever lands first", async () => {
    const o = await handedOver();
    expect((await o.customer.c.post(`/api/print-jobs/${o.orderId}/received`)).status).toBe(200);
    expect((await o.owner.c.post(`/api/users/${o.owner.me.id}/payouts/connect`)).status).toBe(200);
    const before = await balance(o.owner.c, o.owner.me.id);
    const photoIds = [await claimPhoto(o.customer.c)];
    const [payout, claim] = await Promise.all([
      o.owner.c.post(`/api/users/${o.owner.me.id}/payouts`),
      o.customer.c.post(`/api/print-jobs/${o.orderId}/claims`, {
        reason: "poor_quality",
        description: "Layer lines everywhere and the holes are undersized.",
        photoIds,
        remedy: "refund",
      }),
    ]);
    expect(claim.status).toBe(201);
    const mid = await balance(o.owner.c, o.owner.me.id);
    const entry = mid.ledger.find((e: { jobId: string }) => e.jobId === o.orderId);
    expect(entry.status).toBe("frozen");
    // Whichever came first, the owner's money adds up: frozen holds the earning, and what left as a payout left available.
    const paidOut = payout.status === 201 ? payout.json.amountCents : 0;
    expect(mid.frozenCents - before.frozenCents).toBe(o.earning);
    expect(mid.availableCents).toBe(before.availableCents - o.earning - paidOut);
    expect(mid.requestedCents + mid.paidCents - before.requestedCents - before.paidCents).toBe(paidOut);

    // Staff refund it in full: the earning is taken back; paid-out money leaves the balance below zero until later earnings.
    const staff = await staffSignedIn(stack());
    const decided = await staff.c.post(`/api/staff/claims/${claim.json.id}/decision`, {
      outcome: "refund_full",
      reason: "Clearly faulty.",
    });
    expect(decided.status).toBe(200);
    const end = await balance(o.owner.c, o.owner.me.id);
    expect(end.frozenCents).toBe(before.frozenCents);
    expect(end.availableCents).toBe(before.availableCents - o.earning - paidOut);
    // Nothing is owed twice: a second payout finds nothing available while the balance is not above zero.
    if (end.availableCents <= 0) expect((await o.owner.c.post(`/api/users/${o.owner.me.id}/payouts`)).status).toBe(409);
  });

  it("is refused before the hand-over, after the window, and to anyone but the customer", async () => {
    const early = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
    const tooEarly = await early.customer.c.post(`/api/print-jobs/${early.orderId}/claims`, {
      reason: "not_arrived",
      description: "It never came, nothing at all.",
      remedy: "refund",
    });
    expect(tooEarly.status).toBe(409);

    const o = await handedOver();
    expect(
      (await o.owner.c.post(`/api/print-jobs/${o.orderId}/claims`, { reason: "damaged", description: "x".repeat(20), remedy: "refund" }))
        .status,
    ).toBe(403);
    // A pickup order was collected in person: it cannot have "never arrived".
    const collected = await o.customer.c.post(`/api/print-jobs/${o.orderId}/claims`, {
      reason: "not_arrived",
      description: "It never came, nothing at all.",
      remedy: "refund",
    });
    expect([collected.status, collected.json.code]).toEqual([400, "claim_reason_collected"]);
    // A claim about damage needs a photo.
    const noPhoto = await o.customer.c.post(`/api/print-jobs/${o.orderId}/claims`, {
      reason: "damaged",
      description: "It broke in two pieces.",
      remedy: "refund",
    });
    expect(noPhoto.status).toBe(400);

    // After the window (its end moved into the past, as 7 days passing would).
    await stack()
      .store.entities.jobs.patch({ jobId: o.orderId })
      .set({ claimWindowEndsAt: new Date(Date.now() - 60_000).toISOString() })
      .go();
    const late = await openClaim(o);
    expect(late.status).toBe(409);
    expect(late.json.message).toBe("The 7-day claim window for this order has closed, so a claim can no longer be opened.");
  });
});
