import { parse } from "content-disposition";
import { describe, expect, it } from "vitest";
import { TestClient } from "./client.ts";
import { draftBody, printerNamed, signedIn, uploadDesign } from "./designs.ts";
import { moneyEvents, OWNER_EMAIL, paidOrder, signIn } from "./orders.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });

/** Every job call of spec 2 §7 (and the checkout calls) on one order, as `who` sees it. */
function calls(ref: string) {
  return [
    { name: "read", method: "GET", path: `/api/print-jobs/${ref}` },
    { name: "change status", method: "PUT", path: `/api/print-jobs/${ref}`, body: { status: "accepted" } },
    { name: "advance", method: "PUT", path: `/api/print-jobs/${ref}`, body: { status: "printing" } },
    { name: "cancel (PUT)", method: "PUT", path: `/api/print-jobs/${ref}/cancel` },
    { name: "cancel (POST)", method: "POST", path: `/api/orders/${ref}/cancel` },
    { name: "respond", method: "POST", path: `/api/print-jobs/${ref}/respond`, body: { action: "accept", message: "hi" } },
    { name: "reject", method: "POST", path: `/api/print-jobs/${ref}/respond`, body: { action: "reject" } },
    { name: "download", method: "GET", path: `/api/print-jobs/${ref}/download` },
    { name: "pay", method: "POST", path: "/api/create-payment-intent", body: { orderId: ref } },
    { name: "choose shipping", method: "PUT", path: `/api/orders/${ref}/shipping`, body: { zipTo: "80538", optionId: "usps_priority" } },
  ] as const;
}

describe("authorization over every order call", () => {
  it("a stranger, a signed-out visitor and another owner can neither read, change, cancel, respond to nor download an order (by id or number)", async () => {
    const order = await paidOrder(stack());
    const stranger = (await signedIn(stack())).c;
    const otherOwner = (await signIn(stack(), "tom@printhood.local")).c;
    const anonymous = new TestClient(stack().url);
    for (const ref of [order.orderId, order.orderNumber]) {
      for (const call of calls(ref)) {
        for (const [who, client, expected] of [
          ["stranger", stranger, 404],
          ["another owner", otherOwner, 404],
          ["signed out", anonymous, 401],
        ] as const) {
          const res = await client.request(call.method, call.path, "body" in call ? call.body : undefined);
          expect(res.status, `${who}: ${call.name} ${ref}`).toBe(expected);
          if (expected === 404) expect(res.json.message).toBe("We could not find that order.");
        }
      }
    }
    // Nothing happened to the order or its money.
    expect((await order.c.get(`/api/print-jobs/${order.orderId}`)).json.status).toBe("confirmed");
    expect(moneyEvents(stack(), order.intentId)).toEqual({ captures: 0, refunds: 0, cancels: 0 });
  });

  it("a customer cannot act as the owner, and the owner cannot act as the customer", async () => {
    const order = await paidOrder(stack());
    for (const [name, method, path, body] of [
      ["respond", "POST", `/api/print-jobs/${order.orderId}/respond`, { action: "accept" }],
      ["reject", "POST", `/api/print-jobs/${order.orderId}/respond`, { action: "reject" }],
      ["accept by status", "PUT", `/api/print-jobs/${order.orderId}`, { status: "accepted" }],
      ["download", "GET", `/api/print-jobs/${order.orderId}/download`, undefined],
    ] as const) {
      const res = await order.c.request(method, path, body);
      expect(res.status, name).toBe(403);
    }
    const owner = await signIn(stack(), OWNER_EMAIL);
    expect((await owner.c.post(`/api/orders/${order.orderId}/cancel`)).status).toBe(403);
    expect((await owner.c.post("/api/create-payment-intent", { orderId: order.orderId })).status).toBe(403);
    expect((await owner.c.put(`/api/print-jobs/${order.orderId}`, { status: "cancelled" })).status).toBe(403);
    expect((await order.c.get(`/api/print-jobs/${order.orderId}`)).json.status).toBe("confirmed");
    expect(moneyEvents(stack(), order.intentId).captures).toBe(0);
  });

  it("lists answer only for oneself, and a printer's jobs only for its owner", async () => {
    const order = await paidOrder(stack());
    const stranger = await signedIn(stack());
    const owner = await signIn(stack(), OWNER_EMAIL);
    const maria = await printerNamed(stack(), "Maria's Prusa");
    expect((await stranger.c.get(`/api/users/${order.me.id}/jobs`)).status).toBe(403);
    expect((await stranger.c.get(`/api/users/${owner.me.id}/printer-jobs`)).status).toBe(403);
    expect((await stranger.c.get(`/api/users/${owner.me.id}/payouts`)).status).toBe(403);
    expect((await stranger.c.post(`/api/users/${owner.me.id}/payouts`)).status).toBe(403);
    expect((await stranger.c.get(`/api/printers/${maria.printerId}/jobs`)).status).toBe(403);
    expect((await order.c.get(`/api/printers/${maria.printerId}/jobs`)).status).toBe(403);
    const mine = (await order.c.get(`/api/users/${order.me.id}/jobs`)).json as { id: string }[];
    expect(mine.map((j) => j.id)).toEqual([order.orderId]);
    expect((await owner.c.get(`/api/printers/${maria.printerId}/jobs`)).json.some((j: { id: string }) => j.id === order.orderId)).toBe(
      true,
    );
  });

  it("the owner downloads exactly the analysed file, under the order's file name, through a short-lived link", async () => {
    const order = await paidOrder(stack());
    const owner = await signIn(stack(), OWNER_EMAIL);
    const res = await owner.c.get(`/api/print-jobs/${order.orderNumber}/download`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ fileName: "box.stl", url: expect.stringContaining("X-Amz-Expires=300") });
    const file = await fetch(res.json.url);
    expect(file.status).toBe(200);
    expect(parse(file.headers.get("content-disposition") ?? "").parameters.filename).toBe("box.stl");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const upload = (await stack().store.entities.jobs.get({ jobId: order.orderId }).go()).data!;
    expect(bytes.length).toBe(upload.fileSize);
  });

  it("an order page shows the same people to its customer and its owner whether or not the order keeps its owner's id", async () => {
    const order = await paidOrder(stack());
    const owner = await signIn(stack(), OWNER_EMAIL);
    const page = async () => ({
      customer: (await order.c.get(`/api/print-jobs/${order.orderId}`)).json,
      owner: (await owner.c.get(`/api/print-jobs/${order.orderNumber}`)).json,
    });
    const now = await page();
    expect(now.customer.viewer).toBe("customer");
    expect(now.owner.viewer).toBe("owner");
    expect(now.customer.printer.owner.username).toBe("maria_prints");
    expect(now.owner.customer.email).toBeTruthy();
    // An order made before jobs kept orderOwnerId: the printer is read first, the answer is the same.
    const job = (await stack().store.entities.jobs.get({ jobId: order.orderId }).go()).data!;
    expect(job.orderOwnerId).toBeTruthy();
    await stack().store.entities.jobs.patch({ jobId: order.orderId }).remove(["orderOwnerId"]).go();
    expect(await page()).toEqual(now);
    // A wrong copy never lets anyone else in: the printer decides who its owner is.
    const stranger = await signedIn(stack());
    await stack().store.entities.jobs.patch({ jobId: order.orderId }).set({ orderOwnerId: stranger.me.id }).go();
    expect((await stranger.c.get(`/api/print-jobs/${order.orderId}`)).status).toBe(404);
    expect(await page()).toEqual(now);
  });

  it("an order page read beside the session answers a stranger exactly as a missing order, and nobody a draft", async () => {
    // GET /api/print-jobs/{uuid} reads the order in the session's BatchGetItem (middleware/session.ts).
    const order = await paidOrder(stack());
    const stranger = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), order.c);
    const draft = await order.c.post("/api/save-draft", draftBody(uploadId));
    expect(draft.status).toBe(201);
    const draftId = String(draft.json.jobId);
    const missing = crypto.randomUUID();
    const answer = async (c: TestClient, ref: string) => {
      const res = await c.get(`/api/print-jobs/${ref}`);
      return { status: res.status, text: res.text, cache: res.headers.get("cache-control") };
    };
    const notFound = await answer(stranger.c, missing);
    expect(notFound.status).toBe(404);
    expect(await answer(stranger.c, order.orderId)).toEqual(notFound);
    expect(await answer(stranger.c, order.orderNumber)).toEqual(notFound);
    expect(await answer(stranger.c, draftId)).toEqual(notFound);
    // Its own customer: the draft is not an order, a missing id is missing, the order is theirs.
    expect(await answer(order.c, draftId)).toEqual(notFound);
    expect(await answer(order.c, missing)).toEqual(notFound);
    expect((await order.c.get(`/api/print-jobs/${order.orderId}`)).json.viewer).toBe("customer");
    // Signed out: the session decides first, whatever the order.
    const anonymous = new TestClient(stack().url);
    expect((await anonymous.get(`/api/print-jobs/${order.orderId}`)).status).toBe(401);
    expect((await anonymous.get(`/api/print-jobs/${missing}`)).status).toBe(401);
  });
});
