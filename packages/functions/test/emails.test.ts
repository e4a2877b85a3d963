import { expireDueOrders, type OrderDeps, sendDueReminders } from "@printhood/core";
import { createEventPublisher } from "@printhood/functions/lib/events";
import { stripeFromEnv } from "@printhood/functions/lib/stripe";
import { inboxOf } from "@printhood/local/ses";
import { describe, expect, it } from "vitest";
import { consumerDeps } from "../src/events/consumer-deps.ts";
import { handler as notify } from "../src/events/notify.ts";
import { envelope } from "./events.ts";
import { handOverForReal, OWNER_EMAIL, orderWithOwner, placeOrder, signIn } from "./orders.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });
const inbox = (address: string) => inboxOf(stack().endpoints.ses, address);

describe("e-mail through the local SES stand-in", () => {
  it("tells the owner of a new request, with a text and an HTML part, as soon as the order is submitted", async () => {
    const { orderId, owner } = await orderWithOwner(stack());
    await stack().idle();
    const mail = (await inbox(owner.me.email)).filter((m) => m.subject === "New order request: box.stl");
    expect(mail.length).toBeGreaterThanOrEqual(1);
    const last = mail.at(-1)!;
    expect(last.from).toContain("orders@printhood.local");
    expect(last.body.text).toContain("A customer sent box.stl to Old Town Print Shop");
    expect(last.body.text).toContain(`${stack().url}/printer-dashboard`);
    expect(last.body.html).toContain("<h1");
    expect(last.body.html).toContain("Old Town Print Shop");
    expect(orderId).toBeTruthy();
  });

  it("a payment delivered twice (and twice at once) gives one confirmation e-mail, one owner e-mail and one notification each", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    await stack().idle();
    const orderNumber = (await customer.c.get(`/api/print-jobs/${orderId}`)).json.orderNumber as string;
    expect(orderNumber).toMatch(/^PH-\d{5,}$/);
    const event = envelope("job.status_changed", {
      jobId: orderId,
      from: "submitted",
      to: "confirmed",
      actor: "system",
      customerId: customer.me.id,
      ownerId: owner.me.id,
      fileName: "box.stl",
      orderNumber,
      reason: null,
      carrier: null,
      trackingNumber: null,
    });
    await notify(event);
    await notify(event);
    await Promise.all([notify(event), notify(event), notify(event)]);

    const confirmations = (await inbox(customer.me.email)).filter((m) => m.subject.startsWith("Order confirmed"));
    expect(confirmations).toHaveLength(1);
    const mail = confirmations[0]!;
    expect(mail.subject).toBe(`Order confirmed: box.stl (${orderNumber})`);
    const printer = (await customer.c.get(`/api/print-jobs/${orderId}`)).json.printerNumber as number;
    for (const part of [mail.body.text!, mail.body.html!]) {
      expect(part).toContain("Order Confirmed!");
      expect(part).toContain(orderNumber);
      expect(part).toContain(`Old Town Print Shop (#${printer})`);
      expect(part).toContain("2-3 business days");
    }
    expect((await inbox(owner.me.email)).filter((m) => m.subject === "Order paid: box.stl is waiting for you")).toHaveLength(1);

    const notes = (await customer.c.get(`/api/users/${customer.me.id}/notifications`)).json as { title: string; link: string }[];
    expect(notes.filter((n) => n.title === "Order confirmed")).toEqual([expect.objectContaining({ link: `/order/${orderId}` })]);
    const ownerNotes = (await owner.c.get(`/api/users/${owner.me.id}/notifications`)).json as { title: string; message: string }[];
    expect(ownerNotes.filter((n) => n.title === "Order paid" && n.message.includes("box.stl"))).toHaveLength(1);
  });

  it("sends each status change the customer cares about once, and none of a kind they turned off", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const base = { jobId: orderId, customerId: customer.me.id, ownerId: owner.me.id, fileName: "box.stl", actor: "owner" };
    for (const to of ["accepted", "printing", "completed", "ready_for_pickup"])
      await notify(envelope("job.status_changed", { ...base, to }));
    const subjects = (await inbox(customer.me.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        "Your order was accepted: box.stl",
        "Now printing: box.stl",
        "Print complete: box.stl",
        "Ready for pickup: box.stl",
      ]),
    );

    const off = await customer.c.request("PATCH", `/api/users/${customer.me.id}`, { emailPreferences: { orderUpdates: false } });
    expect(off.status).toBe(200);
    expect(off.json.emailPreferences).toMatchObject({ orderUpdates: false, orderConfirmation: true, messages: true });
    const before = (await inbox(customer.me.email)).length;
    await notify(envelope("job.status_changed", { ...base, to: "picked_up" }));
    await notify(envelope("job.status_changed", { ...base, to: "shipped" }));
    expect(await inbox(customer.me.email)).toHaveLength(before);
    // The bell still hears it: preferences are about e-mail only.
    const notes = (await customer.c.get(`/api/users/${customer.me.id}/notifications`)).json as { title: string }[];
    expect(notes.map((n) => n.title)).toContain("Shipped");
  });
});

describe("the order's real moves reach the bell and the inbox", () => {
  it("pay, accept, print, complete, ready, ship with tracking: each told once, by order number", async () => {
    const order = await placeOrder(stack(), { deliveryMethod: "shipping" });
    const chosen = await order.c.put(`/api/orders/${order.orderId}/shipping`, { zipTo: "10001", optionId: "usps_priority" });
    expect(chosen.status).toBe(200);
    const owner = await signIn(stack(), OWNER_EMAIL);
    const customerEmail = (await order.c.get("/api/auth/user")).json.email as string;
    await handOverForReal(stack(), order.orderId, order.c, owner.c, "shipped");

    const notes = (await order.c.get(`/api/users/${order.me.id}/notifications`)).json as { title: string; message: string }[];
    expect(notes.map((n) => n.title).reverse()).toEqual([
      "Order confirmed",
      "Order accepted",
      "Printing started",
      "Print complete",
      "Ready to ship",
      "Shipped",
    ]);
    for (const n of notes) expect(n.message).toContain(order.orderNumber);
    expect(notes[0]!.message).toContain("UPS, tracking number 1Z999AA10123456784");
    const ownerNotes = (await owner.c.get(`/api/users/${owner.me.id}/notifications`)).json as { title: string; message: string }[];
    const aboutIt = ownerNotes.filter((n) => n.message.includes(order.orderNumber)).map((n) => n.title);
    expect(aboutIt.sort()).toEqual(["New order request", "Order paid"]);

    const mail = (await inbox(customerEmail)).filter((m) => m.body.text?.includes(order.orderNumber));
    expect(mail.map((m) => m.subject).sort()).toEqual(
      [
        `Order confirmed: box.stl (${order.orderNumber})`,
        "Your order was accepted: box.stl",
        "Now printing: box.stl",
        "Print complete: box.stl",
        "Being prepared for shipping: box.stl",
        "Shipped: box.stl",
      ].sort(),
    );
    const shipped = mail.find((m) => m.subject === "Shipped: box.stl")!;
    expect(shipped.body.text).toContain("with UPS, tracking number 1Z999AA10123456784");

    // The finished part's photo is in the Print complete e-mail (issue 21 point 3), behind a link
    // only the e-mail carries: it opens without signing in; the same path with another token does not.
    const complete = mail.find((m) => m.subject === "Print complete: box.stl")!;
    const [photoId] = (await order.c.get(`/api/print-jobs/${order.orderId}`)).json.completionPhotoIds as string[];
    const link = new RegExp(`${stack().url}/api/photos/${photoId}/picture\\?t=[A-Za-z0-9_-]{24}`);
    const src = complete.body.html!.match(link)?.[0];
    expect(src, complete.body.html).toBeTruthy();
    expect(complete.body.html).toContain('alt="box.stl, finished, photo 1 of 1"');
    expect(complete.body.text).toContain(`box.stl, finished, photo 1 of 1: ${src}`);
    const opened = await fetch(src!, { redirect: "manual" });
    expect(opened.status).toBe(302);
    // A mail client shows it from any origin (a browser refused it under the API's same-origin policy).
    expect(opened.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect((await fetch(`${stack().url}/api/health`)).headers.get("cross-origin-resource-policy")).toBe("same-origin");
    const picture = await fetch(opened.headers.get("location")!);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await picture.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    for (const wrong of [`${src!.slice(0, -1)}${src!.endsWith("A") ? "B" : "A"}`, src!.replace(/\?t=.*$/, "")])
      expect((await fetch(wrong, { redirect: "manual" })).status).toBe(404);
    // The token is the e-mail's alone: the photo's own answer does not carry it.
    expect(JSON.stringify((await order.c.get(`/api/photos/${photoId}`)).json)).not.toContain(src!.split("t=")[1]);
  });

  it("an order nobody pays expires: both sides told, the customer by e-mail with its number", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const orderNumber = (await customer.c.get(`/api/print-jobs/${orderId}`)).json.orderNumber as string;
    const deps: OrderDeps = {
      store: stack().store,
      events: createEventPublisher(process.env.EVENT_BUS_NAME ?? ""),
      ...stripeFromEnv(),
      clock: () => new Date(Date.now() + 25 * 3_600_000),
      expiry: { unpaidHours: 24, unacceptedHours: 48 },
      shipping: { quote: () => Promise.reject(new Error("not used")) },
    };
    expect((await expireDueOrders(deps)).expired).toBeGreaterThanOrEqual(1);
    await stack().idle();
    const notes = (await customer.c.get(`/api/users/${customer.me.id}/notifications`)).json as { title: string; message: string }[];
    expect(notes.find((n) => n.title === "Order expired")?.message).toContain(orderNumber);
    const ownerNotes = (await owner.c.get(`/api/users/${owner.me.id}/notifications`)).json as { title: string; message: string }[];
    expect(ownerNotes.filter((n) => n.title === "Order expired" && n.message.includes(orderNumber))).toHaveLength(1);
    const mail = (await inbox(customer.me.email)).filter((m) => m.subject === "Order expired: box.stl");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body.text).toContain(`box.stl (${orderNumber}) expired before it was paid`);
  });
});

describe("unread message e-mails (a fake clock drives the sweep)", () => {
  it("go out a few minutes after a message nobody has read, once", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const sent = await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "Is <this> doable by Friday?\nThanks" });
    expect(sent.status).toBe(201);
    await stack().idle();
    const at = Date.parse(sent.json.sentAt);
    const subject = "New message from Jamie Rivera about box.stl";
    const count = async () => (await inbox(owner.me.email)).filter((m) => m.subject === subject).length;

    expect(await sendDueReminders(consumerDeps(), new Date(at + 4 * 60_000))).toBe(0);
    expect(await count()).toBe(0);
    await sendDueReminders(consumerDeps(), new Date(at + 6 * 60_000));
    expect(await count()).toBe(1);
    await sendDueReminders(consumerDeps(), new Date(at + 60 * 60_000));
    expect(await count()).toBe(1);

    const mail = (await inbox(owner.me.email)).find((m) => m.subject === subject)!;
    // The bell and the e-mail name the order by its number, as every other notice does.
    const { orderNumber } = (await customer.c.get(`/api/print-jobs/${orderId}`)).json as { orderNumber: string };
    expect(orderNumber).toMatch(/^PH-\d+$/);
    expect(mail.body.text).toContain(`About box.stl (${orderNumber}):`);
    const ownerNotes = (await owner.c.get(`/api/users/${owner.me.id}/notifications`)).json as { title: string; message: string }[];
    expect(ownerNotes.find((n) => n.title === "New message")?.message).toBe(`Jamie Rivera wrote about box.stl (${orderNumber}).`);
    expect(mail.body.text).toContain("> Is <this> doable by Friday?\n> Thanks");
    expect(mail.body.html).toContain("Is &lt;this&gt; doable by Friday?<br>Thanks");
    expect(mail.body.html).toContain(`${stack().url}/messages?job=${orderId}`);
  });

  it("do not go out when the person read the thread in time", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const sent = await owner.c.post(`/api/jobs/${orderId}/contact`, { message: "Your part is ready" });
    await stack().idle();
    expect((await customer.c.get(`/api/print-jobs/${orderId}/messages`)).status).toBe(200);
    await sendDueReminders(consumerDeps(), new Date(Date.parse(sent.json.sentAt) + 10 * 60_000));
    expect((await inbox(customer.me.email)).filter((m) => m.subject.startsWith("New message"))).toHaveLength(0);
  });
});
