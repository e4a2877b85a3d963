import type { LocalStack } from "@printhood/local";
import { describe, expect, it } from "vitest";
import type { TestClient } from "./client.ts";
import { draftBody, uploadDesign } from "./designs.ts";
import { handOverForReal, orderWithOwner, pay, stranger } from "./orders.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });

/**
 * Puts an order straight where the lifecycle would have moved it (picked up or shipped), to set
 * the stage for the concurrency tests; the first test takes the real path (pay, accept, print…).
 */
async function handOver(s: LocalStack, jobId: string, status: "picked_up" | "shipped" = "picked_up") {
  await s.store.entities.jobs.patch({ jobId }).set({ status }).go();
}

/** More orders from the same customer on the same printer (one upload, several submitted drafts). */
async function moreOrders(s: LocalStack, c: TestClient, printerId: string, n: number): Promise<string[]> {
  const upload = await uploadDesign(s, c);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const draft = await c.post("/api/save-draft", draftBody(upload, { printerId }));
    expect(draft.status).toBe(201);
    const order = await c.post("/api/submit-order", {
      printerId,
      draftId: draft.json.jobId,
      filamentColor: "Black",
      deliveryMethod: "pickup",
    });
    expect(order.status).toBe(201);
    // Paid at once: one account may hold only a few unpaid orders (limits/rules.ts UNPAID_ORDERS).
    expect((await pay(s, c, draft.json.jobId)).status).toBe(200);
    ids.push(draft.json.jobId);
  }
  return ids;
}

describe("ratings", () => {
  it("let the customer rate the printer once the part is in their hands, once, and show on the printer", async () => {
    const { orderId, customer, owner, printer } = await orderWithOwner(stack());
    const before = (await customer.c.get(`/api/printers/${printer.printerId}`)).json;

    const early = await customer.c.post(`/api/print-jobs/${orderId}/review`, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe("not_reviewable_yet");

    await handOverForReal(stack(), orderId, customer.c, owner.c);
    expect((await customer.c.post(`/api/print-jobs/${orderId}/review`, { rating: 6 })).status).toBe(400);
    expect((await customer.c.post(`/api/print-jobs/${orderId}/review`, { rating: 4.5 })).status).toBe(400);
    expect((await customer.c.post(`/api/print-jobs/${orderId}/review`, { rating: 4, printerId: "x" })).status).toBe(400);
    expect((await owner.c.post(`/api/print-jobs/${orderId}/review`, { rating: 5 })).status).toBe(403);
    const other = await stranger(stack());
    expect((await other.c.post(`/api/print-jobs/${orderId}/review`, { rating: 1 })).status).toBe(404);
    expect((await other.c.get(`/api/print-jobs/${orderId}/review`)).status).toBe(404);

    const made = await customer.c.post(`/api/print-jobs/${orderId}/review`, { rating: 4, comment: "  Clean print, <3  " });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ jobId: orderId, rating: 4, comment: "Clean print, <3", reviewerName: "Jamie R." });
    const again = await customer.c.post(`/api/print-jobs/${orderId}/review`, { rating: 1 });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("already_reviewed");

    const after = (await customer.c.get(`/api/printers/${printer.printerId}`)).json;
    expect(after.totalReviews).toBe(before.totalReviews + 1);
    const listed = (await customer.c.get("/api/printers")).json.find((p: { id: string }) => p.id === printer.printerId);
    expect(listed).toMatchObject({ totalReviews: after.totalReviews, rating: after.rating });
    expect(after.rating).not.toBeNull();

    expect((await customer.c.get(`/api/print-jobs/${orderId}/review`)).json.review).toMatchObject({ rating: 4 });
    expect((await owner.c.get(`/api/print-jobs/${orderId}/review`)).json.review).toMatchObject({ rating: 4 });
    // Like every order call, the review and message calls take the order's number too.
    const number = (await customer.c.get(`/api/print-jobs/${orderId}`)).json.orderNumber as string;
    expect((await owner.c.get(`/api/print-jobs/${number}/review`)).json.review).toMatchObject({ jobId: orderId, rating: 4 });
    expect((await other.c.get(`/api/print-jobs/${number}/review`)).status).toBe(404);
    const byNumber = await customer.c.post(`/api/jobs/${number}/contact`, { message: "Thanks!" });
    expect(byNumber.status).toBe(201);
    expect(byNumber.json.jobId).toBe(orderId);
    const publicList = await other.c.get(`/api/printers/${printer.printerId}/reviews`);
    expect(publicList.json[0]).toMatchObject({ rating: 4, comment: "Clean print, <3", reviewerName: "Jamie R." });
    expect(publicList.text).not.toContain(customer.me.email);
    // another person's order id is not public
    expect(publicList.text).not.toContain(orderId);
    // The owner hears of the rating in the bell.
    await stack().idle();
    const bell = (await owner.c.get(`/api/users/${owner.me.id}/notifications`)).json as { title: string; message: string }[];
    expect(bell.find((n) => n.title === "New rating")?.message).toMatch(
      /^The customer rated Old Town Print Shop 4 stars for box\.stl \(PH-\d+\)\.$/,
    );
    const ownerList = await owner.c.get(`/api/users/${owner.me.id}/reviews`);
    expect(ownerList.status).toBe(200);
    expect(ownerList.json[0]).toMatchObject({ jobId: orderId, printerName: "Old Town Print Shop", fileName: "box.stl", rating: 4 });
    expect((await other.c.get(`/api/users/${owner.me.id}/reviews`)).status).toBe(403);
  }, 180_000); // the whole lifecycle first: a dozen calls

  it("two reviews of one order at once: exactly one wins", async () => {
    const { orderId, customer, printer } = await orderWithOwner(stack(), "Loveland Bambu Farm", "tom@printhood.local");
    await handOver(stack(), orderId, "shipped");
    const before = (await stack().store.entities.printers.get({ printerId: printer.printerId }).go({ consistent: true })).data!;
    const answers = await Promise.all([5, 1, 3, 2].map((rating) => customer.c.post(`/api/print-jobs/${orderId}/review`, { rating })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 201)!.json.rating as number;
    const after = (await stack().store.entities.printers.get({ printerId: printer.printerId }).go({ consistent: true })).data!;
    expect(after.totalReviews).toBe(before.totalReviews + 1);
    expect(after.ratingTotal).toBe(before.ratingTotal + winner);
  });

  it("many reviews of different orders at once: the printer's count and average are exact", async () => {
    const { orderId, customer, printer } = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
    const ids = [orderId, ...(await moreOrders(stack(), customer.c, printer.printerId, 9))];
    for (const id of ids) await handOver(stack(), id);
    const before = (await stack().store.entities.printers.get({ printerId: printer.printerId }).go({ consistent: true })).data!;
    const ratings = ids.map((_, i) => (i % 5) + 1);
    const answers = await Promise.all(ids.map((id, i) => customer.c.post(`/api/print-jobs/${id}/review`, { rating: ratings[i] })));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 201));
    const after = (await stack().store.entities.printers.get({ printerId: printer.printerId }).go({ consistent: true })).data!;
    const total = before.ratingTotal + ratings.reduce((a, b) => a + b, 0);
    const count = before.totalReviews + ids.length;
    expect(after.totalReviews).toBe(count);
    expect(after.ratingTotal).toBe(total);
    const shown = (await customer.c.get(`/api/printers/${printer.printerId}`)).json;
    expect(shown).toMatchObject({ totalReviews: count, rating: Math.round((total / count) * 10) / 10 });
  });
});
