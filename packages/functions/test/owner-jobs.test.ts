import { listItemOf } from "@printhood/core";
import { DEMO_PASSWORD } from "@printhood/local";
import { describe, expect, it } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { draftBody, printerNamed, signedIn, uploadDesign } from "./designs.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });

async function signIn(email: string) {
  const c = new TestClient(stack().url);
  expect((await c.post("/api/login", { email, password: DEMO_PASSWORD })).status).toBe(200);
  const me = (await c.get("/api/auth/user")).json as { id: string };
  return { c, me };
}

/** A customer with a name, one saved print for `printerId` left as a draft, and one submitted to it. */
async function customerWithOrder(printerId: string, color = "Black") {
  const c = new TestClient(stack().url);
  const reg = await c.post("/api/register", newUser({ firstName: "Jamie", lastName: "Rivera" }));
  expect(reg.status).toBe(201);
  const me = reg.json as { id: string };
  const upload = await uploadDesign(stack(), c);
  const draft = await c.post("/api/save-draft", draftBody(upload, { printerId }));
  expect(draft.status).toBe(201);
  const kept = await c.post("/api/save-draft", draftBody(upload, { printerId }));
  expect(kept.status).toBe(201);
  const order = await c.post("/api/submit-order", { printerId, draftId: draft.json.jobId, filamentColor: color, deliveryMethod: "pickup" });
  expect(order.status).toBe(201);
  return { c, me, orderId: draft.json.jobId as string, draftId: kept.json.jobId as string };
}

describe("owner job lists", () => {
  it("show the submitted orders to the printer's owner, per printer and across printers, never drafts", async () => {
    const shop = await printerNamed(stack(), "Old Town Print Shop");
    const mini = await printerNamed(stack(), "Sam's A1 mini");
    const first = await customerWithOrder(shop.printerId, "Black");
    const second = await customerWithOrder(mini.printerId, "Red");
    const { c: sam, me: samMe } = await signIn("sam@printhood.local");

    const shopJobs = await sam.get(`/api/printers/${shop.printerId}/jobs`);
    expect(shopJobs.status).toBe(200);
    expect(shopJobs.json.map((j: { id: string }) => j.id)).toEqual([first.orderId]);
    const job = shopJobs.json[0];
    // the list's copy of the answer GET /api/print-jobs/{id} gives the owner (core orders/list-item.ts),
    // the customer's name and email included (spec 2 §6)
    const detail = (await sam.get(`/api/print-jobs/${first.orderId}`)).json;
    expect(job).toEqual(listItemOf(detail));
    expect(job.customer).toEqual({
      firstName: "Jamie",
      lastName: "Rivera",
      email: expect.stringContaining("@example.com"),
      username: expect.any(String),
    });
    expect(job.viewer).toBe("owner");
    expect(job).toMatchObject({
      status: "submitted",
      printerId: shop.printerId,
      filamentColor: "Black",
      printer: { name: "Old Town Print Shop", owner: { username: "sam_fc" } },
    });

    const all = await sam.get(`/api/users/${samMe.id}/printer-jobs`);
    expect(all.status).toBe(200);
    const ids = all.json.map((j: { id: string }) => j.id);
    // newest submission first, across both of Sam's printers
    expect(ids).toEqual([second.orderId, first.orderId]);
    expect(ids).not.toContain(first.draftId);
    expect(ids).not.toContain(second.draftId);
    expect(all.json[0]).toMatchObject({
      printerId: mini.printerId,
      printer: { name: "Sam's A1 mini" },
      customer: { firstName: "Jamie", lastName: "Rivera", email: expect.any(String) },
    });
    expect((await sam.get(`/api/printers/${mini.printerId}/jobs`)).json.map((j: { id: string }) => j.id)).toEqual([second.orderId]);
  });

  it("never list a customer's drafts, even ones that name the printer", async () => {
    const { c: lena, me: lenaMe } = await signIn("lena@printhood.local");
    const harmony = await printerNamed(stack(), "Harmony Road Printing");
    const { c } = await signedIn(stack());
    const upload = await uploadDesign(stack(), c);
    expect((await c.post("/api/save-draft", draftBody(upload, { printerId: harmony.printerId }))).status).toBe(201);
    expect((await lena.get(`/api/printers/${harmony.printerId}/jobs`)).json).toEqual([]);
    expect((await lena.get(`/api/users/${lenaMe.id}/printer-jobs`)).json).toEqual([]);
  });

  it("answer only the owner: 403 for someone else, 404 for an unknown printer, 401 signed out", async () => {
    const shop = await printerNamed(stack(), "Old Town Print Shop");
    const { orderId } = await customerWithOrder(shop.printerId);
    const { me: samMe } = await signIn("sam@printhood.local");

    const { c: maria, me: mariaMe } = await signIn("maria@printhood.local");
    const forbidden = await maria.get(`/api/printers/${shop.printerId}/jobs`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.text).not.toContain(orderId);
    expect((await maria.get(`/api/users/${samMe.id}/printer-jobs`)).status).toBe(403);
    // Maria's own list has no trace of Sam's orders
    expect((await maria.get(`/api/users/${mariaMe.id}/printer-jobs`)).text).not.toContain(orderId);

    const stranger = await signedIn(stack());
    expect((await stranger.c.get(`/api/printers/${shop.printerId}/jobs`)).status).toBe(403);
    expect((await stranger.c.get(`/api/users/${samMe.id}/printer-jobs`)).status).toBe(403);
    // a customer is not the printer's owner either, even for a printer holding their order
    const customer = await customerWithOrder(shop.printerId);
    expect((await customer.c.get(`/api/printers/${shop.printerId}/jobs`)).status).toBe(403);
    // a user with no printers gets an empty list for themself
    expect((await stranger.c.get(`/api/users/${stranger.me.id}/printer-jobs`)).json).toEqual([]);

    expect((await maria.get("/api/printers/00000000-0000-4000-8000-000000000000/jobs")).status).toBe(404);
    expect((await maria.get("/api/printers/not-a-printer/jobs")).status).toBe(404);

    const anon = new TestClient(stack().url);
    expect((await anon.get(`/api/printers/${shop.printerId}/jobs`)).status).toBe(401);
    expect((await anon.get(`/api/users/${samMe.id}/printer-jobs`)).status).toBe(401);
  });
});
